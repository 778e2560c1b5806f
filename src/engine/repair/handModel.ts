/*
 * Small hand-made models for the repair tests: nodes by coordinates, members between them, nothing generated, so
 * a test can say exactly what a repair must do.
 */
import type { Element, FrameElement, LinearLoad, Model, Node, Restraint } from '../schema';
import { emptyModel } from '../schema';

const SOURCE = { tool: 'etabs' } as const;

export const FIXED: Restraint = {
  type: 'Restraint',
  ux: true,
  uy: true,
  uz: true,
  rx: true,
  ry: true,
  rz: true,
};

export function node(id: string, x: number, y: number, z: number, extra: Partial<Node> = {}): Node {
  return { id, source: SOURCE, name: id, attributes: {}, type: 'Node', x, y, z, ...extra };
}

export function member(
  id: string,
  type: FrameElement['type'],
  startNodeId: string,
  endNodeId: string,
  extra: Partial<FrameElement> = {},
): Element {
  return {
    id,
    source: SOURCE,
    name: id,
    attributes: {},
    type,
    startNodeId,
    endNodeId,
    profileId: 'P1',
    ...extra,
  } as Element;
}

export function distributedLoad(
  id: string,
  elementId: string,
  start: number,
  end: number,
  startValue: number,
  endValue: number,
  relative = false,
): LinearLoad {
  return {
    id,
    source: SOURCE,
    name: id,
    attributes: {},
    type: 'LinearLoad',
    elementId,
    patternId: 'DEAD',
    quantity: 'force',
    direction: 'Gravity',
    distribution: { kind: 'distributed', relative, start, end, startValue, endValue },
  };
}

/** A model (mm) with one 300 × 300 rectangular frame profile P1, a DEAD pattern and the given objects. */
export function handModel(nodes: Node[], elements: Element[], extra: Partial<Model> = {}): Model {
  return {
    ...emptyModel(SOURCE, 'mm'),
    nodes,
    elements,
    profiles: [
      {
        id: 'P1',
        source: SOURCE,
        name: 'P1',
        attributes: {},
        type: 'Profile',
        kind: 'frame',
        section: { shape: 'rectangle', depth: 300, width: 300 },
      },
    ],
    loadPatterns: [
      {
        id: 'DEAD',
        source: SOURCE,
        name: 'DEAD',
        attributes: {},
        type: 'LoadPattern',
        patternType: 'Dead',
        selfWeightMultiplier: 1,
      },
    ],
    ...extra,
  } as Model;
}
