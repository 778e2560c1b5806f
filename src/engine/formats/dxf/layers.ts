import type { ElementType } from '../../schema';

/** A DXF layer we draw on: its name and AutoCAD Color Index (ACI) colour. */
export interface DxfLayerStyle {
  name: string;
  color: number;
}

/**
 * One layer per element type, with colours that stay distinct on AutoCAD's dark and light backgrounds (ACI:
 * 1 red, 2 yellow, 3 green, 4 cyan, 6 magenta; the others are mid tones of the 256-colour wheel).
 */
export const ELEMENT_LAYERS: Readonly<Record<ElementType, DxfLayerStyle>> = {
  Beam: { name: 'BEAM', color: 4 },
  Column: { name: 'COLUMN', color: 1 },
  Brace: { name: 'BRACE', color: 6 },
  Cable: { name: 'CABLE', color: 42 },
  Link: { name: 'LINK', color: 94 },
  Wall: { name: 'WALL', color: 3 },
  Floor: { name: 'FLOOR', color: 2 },
  Area: { name: 'AREA', color: 30 },
  Opening: { name: 'OPENING', color: 211 },
  Foundation: { name: 'FOUNDATION', color: 34 },
  Component: { name: 'COMPONENT', color: 150 },
  GeoElement: { name: 'GEOMETRY', color: 252 },
};

/** Grid lines, their bubbles and labels. */
export const GRID_LAYER: DxfLayerStyle = { name: 'GRID', color: 8 };
/** Section names at member midpoints in the plans: a layer of its own, so labels can be switched off. */
export const SECTION_LAYER: DxfLayerStyle = { name: 'SECTION', color: 140 };
/** The title of each plan and of the wireframe. */
export const TITLE_LAYER: DxfLayerStyle = { name: 'TITLE', color: 7 };
