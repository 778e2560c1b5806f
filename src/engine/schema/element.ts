import { z } from 'zod';
import { AreaSchema } from './area';
import { BeamSchema } from './beam';
import { BraceSchema } from './brace';
import { CableSchema } from './cable';
import { ColumnSchema } from './column';
import { ComponentSchema } from './component';
import { FloorSchema } from './floor';
import { FoundationSchema } from './foundation';
import { GeoElementSchema } from './geoElement';
import { LinkSchema } from './link';
import { OpeningSchema } from './opening';
import { WallSchema } from './wall';

/** Every element of the model, discriminated on `type`. Grid and Level live in their own collections. */
export const ElementSchema = z.discriminatedUnion('type', [
  AreaSchema,
  BeamSchema,
  BraceSchema,
  CableSchema,
  ColumnSchema,
  ComponentSchema,
  FloorSchema,
  FoundationSchema,
  GeoElementSchema,
  LinkSchema,
  OpeningSchema,
  WallSchema,
]);
export type Element = z.infer<typeof ElementSchema>;
export type ElementType = Element['type'];

export const ELEMENT_TYPES = [
  'Area',
  'Beam',
  'Brace',
  'Cable',
  'Column',
  'Component',
  'Floor',
  'Foundation',
  'GeoElement',
  'Link',
  'Opening',
  'Wall',
] as const satisfies readonly ElementType[];

export type FrameElement = Extract<Element, { type: 'Beam' | 'Column' | 'Brace' }>;
export type AreaElement = Extract<Element, { type: 'Floor' | 'Wall' | 'Area' | 'Opening' }>;

export function isFrameElement(element: Element): element is FrameElement {
  return element.type === 'Beam' || element.type === 'Column' || element.type === 'Brace';
}

export function isAreaElement(element: Element): element is AreaElement {
  return (
    element.type === 'Floor' ||
    element.type === 'Wall' ||
    element.type === 'Area' ||
    element.type === 'Opening'
  );
}

/** The ids of the nodes an element stands on: its ends, or its outline (none for geometry given by points). */
export function nodeIdsOf(element: Element): string[] {
  if ('startNodeId' in element) {
    return element.endNodeId === undefined ? [element.startNodeId] : [element.startNodeId, element.endNodeId];
  }
  if ('nodeIds' in element) return element.nodeIds;
  return [];
}
