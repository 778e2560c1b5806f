/*
 * What a pipeline stage knows about the working model: id maps, which elements sit on each node, section sizes.
 * Built once per stage (O(model)); operations only read it.
 */
import type { Element, Grid, Model, Node, Point3, Profile } from '../schema';
import { isFrameElement, isRestrained } from '../schema';
import type { CheckId, OperationId, RepairEdit, RepairTolerances } from './types';

/** An operation before the pipeline gives it its id and dependencies. */
export interface Draft {
  operation: OperationId;
  reason: CheckId;
  issueId: string;
  edits: RepairEdit[];
  requiresConfirmation: boolean;
  distance: number | null;
  tolerance: number;
}

/** A removed eccentricity R07 leaves for R11: the member end's old place minus its new one. */
export interface Eccentricity {
  elementId: string;
  end: 'i' | 'j';
  offset: Point3;
  issueId: string;
}

export function elementNodeIds(element: Element): string[] {
  if ('nodeIds' in element) return element.nodeIds;
  if ('startNodeId' in element) {
    return element.endNodeId === undefined ? [element.startNodeId] : [element.startNodeId, element.endNodeId];
  }
  return [];
}

export function distance(a: Point3, b: Point3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

export function pointOf(node: Node): Point3 {
  return { x: node.x, y: node.y, z: node.z };
}

export class StageContext {
  readonly nodes: Map<string, Node>;
  readonly elements: Map<string, Element>;
  readonly profiles: Map<string, Profile>;
  /** Node id → ids of the elements that name it, sorted; built on first use (R02 and R05 never need it). */
  private incidence: Map<string, string[]> | null = null;
  /** Nodes a point load names. */
  readonly loadedNodes = new Set<string>();

  constructor(
    readonly model: Model,
    readonly tolerances: RepairTolerances,
  ) {
    this.nodes = byId(model.nodes);
    this.elements = byId(model.elements);
    this.profiles = byId(model.profiles);
    for (const load of model.loads) if (load.type === 'PointLoad') this.loadedNodes.add(load.nodeId);
  }

  node(id: string): Node | undefined {
    return this.nodes.get(id);
  }

  elementsAt(nodeId: string): readonly string[] {
    if (!this.incidence) {
      const incidence = new Map<string, string[]>();
      for (const element of this.model.elements) {
        for (const id of new Set(elementNodeIds(element))) {
          const list = incidence.get(id);
          if (list) list.push(element.id);
          else incidence.set(id, [element.id]);
        }
      }
      for (const list of incidence.values()) list.sort();
      this.incidence = incidence;
    }
    return this.incidence.get(nodeId) ?? [];
  }

  /** How many frame members end at the node. */
  frameDegree(nodeId: string): number {
    return this.elementsAt(nodeId).filter((id) => {
      const element = this.elements.get(id);
      return element !== undefined && isFrameElement(element);
    }).length;
  }

  isRestrained(nodeId: string): boolean {
    const node = this.nodes.get(nodeId);
    return node !== undefined && (isRestrained(node.restraint) || node.springPropertyId !== undefined);
  }

  hasLoads(elementId: string): boolean {
    return this.model.loads.some((load) => load.type !== 'PointLoad' && load.elementId === elementId);
  }

  /** The largest dimension of a frame section, mm, or null when the profile does not give one. */
  sectionSize(profileId: string | undefined): number | null {
    const profile = profileId === undefined ? undefined : this.profiles.get(profileId);
    if (!profile || profile.kind !== 'frame') return null;
    const section = profile.section;
    switch (section.shape) {
      case 'rectangle':
        return Math.max(section.depth, section.width);
      case 'circle':
      case 'pipe':
        return section.diameter;
      case 'i':
        return Math.max(section.depth, section.flangeWidth, section.bottomFlangeWidth ?? 0);
      case 'tube':
        return Math.max(section.depth, section.width);
      default:
        return null;
    }
  }

  /** Within `tolerance` of a level's elevation. */
  atLevel(z: number, tolerance: number): boolean {
    return this.model.levels.some((level) => Math.abs(level.elevation - z) <= tolerance);
  }

  /** Within `tolerance` (plan) of at least two grid lines, i.e. on an intersection. */
  onGridIntersection(x: number, y: number, tolerance: number): boolean {
    let hits = 0;
    for (const grid of this.model.grids) if (gridDistance(grid, x, y) <= tolerance) hits++;
    return hits >= 2;
  }
}

/** id → object, the last of equal ids winning (as `new Map(list.map(…))` would), without a pair array per entry. */
export function byId<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of list) map.set(item.id, item);
  return map;
}

/** Plan distance from (x, y) to a grid line (axis lines are constant X or Y; general lines are infinite). */
export function gridDistance(grid: Grid, x: number, y: number): number {
  const geometry = grid.geometry;
  if (geometry.kind === 'axis') {
    return Math.abs((geometry.direction === 'X' ? x : y) - geometry.coordinate);
  }
  const dx = geometry.end.x - geometry.start.x;
  const dy = geometry.end.y - geometry.start.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(x - geometry.start.x, y - geometry.start.y);
  return Math.abs((x - geometry.start.x) * dy - (y - geometry.start.y) * dx) / length;
}
