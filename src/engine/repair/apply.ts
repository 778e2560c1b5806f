/*
 * Applying repair edits to a model. One pass over the model builds id maps, every edit then changes those maps in
 * order, and one last pass writes the arrays back with every reference to a merged node renamed. A plan of 50k
 * splits therefore costs O(model + edits), not O(model × edits). The input model is never mutated: objects an edit
 * changes are copied first.
 */
import type {
  AttributeValue,
  Element,
  FrameElement,
  Group,
  LinearLoad,
  Load,
  Model,
  Node,
  Point3,
  Releases,
} from '../schema';
import { isFrameElement } from '../schema';
import { renameRefs } from '../diff/refs';
import { byId } from './context';
import type { RepairEdit } from './types';

/** `B12@L3` → `B12.2@L3` (ETABS ids are label@story, and the writer reads the label back); else `S7` → `S7.2`. */
export function derivedId(id: string, suffix: number): string {
  const at = id.lastIndexOf('@');
  return at > 0 ? `${id.slice(0, at)}.${suffix}${id.slice(at)}` : `${id}.${suffix}`;
}

/** The first free id of `derivedId(id, suffix)`, `derivedId(id, suffix + 100)`, … against `taken`. */
export function freeDerivedId(id: string, suffix: number, taken: (candidate: string) => boolean): string {
  let candidate = derivedId(id, suffix);
  for (let bump = 1; taken(candidate); bump++) candidate = derivedId(id, suffix + 100 * bump);
  return candidate;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function lerpPoint(a: Point3, b: Point3, t: number): Point3 {
  return { x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), z: lerp(a.z, b.z, t) };
}

function isZeroPoint(point: Point3): boolean {
  return point.x === 0 && point.y === 0 && point.z === 0;
}

const NO_RELEASE = { p: false, v2: false, v3: false, t: false, m2: false, m3: false };

function anyReleased(end: Releases['i']): boolean {
  return end.p || end.v2 || end.v3 || end.t || end.m2 || end.m3;
}

/** Working state of one application. */
class Working {
  readonly nodes: Map<string, Node>;
  readonly elements: Map<string, Element>;
  readonly loads: Map<string, Load>;
  /** Merged node → node it became (chains resolved on read). */
  readonly nodeRenames = new Map<string, string>();
  /** Element → the segments split off it (for group membership), in order. */
  readonly segments = new Map<string, string[]>();
  /** Load → the pieces split off it. */
  readonly loadPieces = new Map<string, string[]>();
  /** A node was deleted: elements on it must go too. */
  nodesDeleted = false;
  /** An element was deleted: its loads must go too. */
  elementsDeleted = false;
  /** Element → its loads (linear and area), built lazily. */
  private loadsByElement: Map<string, string[]> | null = null;

  constructor(readonly model: Model) {
    this.nodes = byId(model.nodes);
    this.elements = byId(model.elements);
    this.loads = byId(model.loads);
  }

  resolveNode(id: string): string {
    let current = id;
    for (let next = this.nodeRenames.get(current); next !== undefined; next = this.nodeRenames.get(current)) {
      current = next;
    }
    return current;
  }

  node(id: string): Node {
    const node = this.nodes.get(this.resolveNode(id));
    if (!node) throw new Error(`repair: node ${id} does not exist`);
    return node;
  }

  frame(id: string): FrameElement {
    const element = this.elements.get(id);
    if (!element || !isFrameElement(element)) throw new Error(`repair: ${id} is not a frame member`);
    return element;
  }

  elementLoads(elementId: string): string[] {
    if (!this.loadsByElement) {
      this.loadsByElement = new Map();
      for (const load of this.loads.values()) {
        if (load.type === 'PointLoad') continue;
        const list = this.loadsByElement.get(load.elementId);
        if (list) list.push(load.id);
        else this.loadsByElement.set(load.elementId, [load.id]);
      }
    }
    return (this.loadsByElement.get(elementId) ?? []).filter((id) => this.loads.has(id));
  }

  addElementLoad(elementId: string, loadId: string): void {
    this.elementLoads(elementId);
    const list = this.loadsByElement?.get(elementId);
    if (list) list.push(loadId);
    else this.loadsByElement?.set(elementId, [loadId]);
  }
}

function apply(work: Working, edit: RepairEdit): void {
  switch (edit.kind) {
    case 'moveNode': {
      const node = work.node(edit.nodeId);
      work.nodes.set(node.id, { ...node, x: edit.to.x, y: edit.to.y, z: edit.to.z });
      return;
    }
    case 'mergeNodes': {
      const anchor = work.resolveNode(edit.anchorId);
      for (const id of edit.nodeIds) {
        const resolved = work.resolveNode(id);
        if (resolved === anchor) continue;
        work.nodes.delete(resolved);
        work.nodeRenames.set(resolved, anchor);
      }
      return;
    }
    case 'addNode':
      if (work.nodes.has(edit.node.id)) throw new Error(`repair: node ${edit.node.id} exists already`);
      work.nodes.set(edit.node.id, edit.node);
      return;
    case 'splitMember':
      splitMember(work, edit);
      return;
    case 'replaceEndNode': {
      const element = work.frame(edit.elementId);
      const key = edit.end === 'i' ? 'startNodeId' : 'endNodeId';
      work.elements.set(element.id, { ...element, [key]: edit.to });
      return;
    }
    case 'deleteElement':
      work.elements.delete(edit.elementId);
      work.elementsDeleted = true;
      return;
    case 'deleteNode':
      work.nodes.delete(work.resolveNode(edit.nodeId));
      work.nodesDeleted = true;
      return;
    case 'setReleases': {
      const element = work.frame(edit.elementId);
      const next = { ...element };
      if (edit.after) next.releases = edit.after;
      else delete next.releases;
      work.elements.set(element.id, next);
      return;
    }
    case 'setEndOffset': {
      const element = work.frame(edit.elementId);
      const next = { ...element };
      if (edit.after) next.insertionOffsets = edit.after;
      else delete next.insertionOffsets;
      work.elements.set(element.id, next);
      return;
    }
    case 'setType': {
      const element = work.frame(edit.elementId);
      // Beam, Column and Brace share every field (frameFields), so only the discriminant changes.
      work.elements.set(element.id, { ...element, type: edit.to } as FrameElement);
      return;
    }
  }
}

/** Releases of segment k of n: the parent's i end on the first, its j end on the last, nothing inside. */
function segmentReleases(releases: Releases | undefined, k: number, n: number): Releases | undefined {
  if (!releases) return undefined;
  const next: Releases = {
    type: 'Releases',
    i: k === 0 ? releases.i : { ...NO_RELEASE },
    j: k === n - 1 ? releases.j : { ...NO_RELEASE },
  };
  return anyReleased(next.i) || anyReleased(next.j) ? next : undefined;
}

function splitMember(work: Working, edit: Extract<RepairEdit, { kind: 'splitMember' }>): void {
  const parent = work.frame(edit.elementId);
  const at = [...edit.at].sort((a, b) => a.t - b.t);
  if (at.length === 0) return;
  if (edit.newIds.length !== at.length)
    throw new Error(`repair: split of ${parent.id} needs one id per point`);
  const start = work.node(parent.startNodeId);
  const end = work.node(parent.endNodeId);
  const length = Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z);
  const bounds = [0, ...at.map((point) => point.t), 1];
  const ends = [start.id, ...at.map((point) => work.resolveNode(point.nodeId)), end.id];
  const lineage: AttributeValue = (parent.attributes['parentId'] as AttributeValue | undefined) ?? parent.id;
  const ids = [parent.id, ...edit.newIds];
  const count = ids.length;
  for (let k = 0; k < count; k++) {
    const id = ids[k] as string;
    if (k > 0 && work.elements.has(id)) throw new Error(`repair: element ${id} exists already`);
    const t0 = bounds[k] as number;
    const t1 = bounds[k + 1] as number;
    // 'parentId' is our own key, never a file's, so plain assignment is safe (and keeps the object fast).
    const attributes = { ...parent.attributes, parentId: lineage };
    const segment: FrameElement = {
      ...parent,
      id,
      name: k === 0 ? parent.name : derivedId(parent.name || parent.id, k + 1),
      attributes,
      startNodeId: ends[k] as string,
      endNodeId: ends[k + 1] as string,
    };
    const releases = segmentReleases(parent.releases, k, count);
    if (releases) segment.releases = releases;
    else delete segment.releases;
    if (parent.endOffsets) {
      const offsets = { i: k === 0 ? parent.endOffsets.i : 0, j: k === count - 1 ? parent.endOffsets.j : 0 };
      if (offsets.i !== 0 || offsets.j !== 0) segment.endOffsets = offsets;
      else delete segment.endOffsets;
    }
    if (parent.insertionOffsets) {
      // The physical line stays where it was: offsets at a split point are interpolated along the member.
      const offsets = {
        i: lerpPoint(parent.insertionOffsets.i, parent.insertionOffsets.j, t0),
        j: lerpPoint(parent.insertionOffsets.i, parent.insertionOffsets.j, t1),
      };
      if (!isZeroPoint(offsets.i) || !isZeroPoint(offsets.j)) segment.insertionOffsets = offsets;
      else delete segment.insertionOffsets;
    }
    work.elements.set(id, segment);
  }
  work.segments.set(parent.id, [...(work.segments.get(parent.id) ?? []), ...edit.newIds]);
  for (const loadId of work.elementLoads(parent.id)) {
    const load = work.loads.get(loadId);
    if (load?.type === 'LinearLoad') splitLoad(work, load, ids, bounds, length);
  }
}

/** The pieces of a linear load over segments [bounds[k], bounds[k+1]] (fractions of the parent's `length`). */
function splitLoad(
  work: Working,
  load: LinearLoad,
  ids: readonly string[],
  bounds: readonly number[],
  length: number,
): void {
  const distribution = load.distribution;
  const toMm = (value: number) => (distribution.relative ? value * length : value);
  const pieces: { segment: number; distribution: LinearLoad['distribution'] }[] = [];
  for (let k = 0; k < ids.length; k++) {
    const s0 = (bounds[k] as number) * length;
    const s1 = (bounds[k + 1] as number) * length;
    const span = s1 - s0;
    const fromSegment = (mm: number) => (distribution.relative ? (span > 0 ? mm / span : 0) : mm);
    if (distribution.kind === 'point') {
      const at = toMm(distribution.start);
      const last = k === ids.length - 1;
      if (at >= s0 && (at < s1 || (last && at <= s1 + 1e-9))) {
        pieces.push({ segment: k, distribution: { ...distribution, start: fromSegment(at - s0) } });
      }
      continue;
    }
    const a = toMm(distribution.start);
    const b = toMm(distribution.end);
    const from = Math.max(a, s0);
    const to = Math.min(b, s1);
    if (to <= from) continue;
    const valueAt = (mm: number) =>
      b === a
        ? distribution.startValue
        : lerp(distribution.startValue, distribution.endValue, (mm - a) / (b - a));
    pieces.push({
      segment: k,
      distribution: {
        ...distribution,
        start: fromSegment(from - s0),
        end: fromSegment(to - s0),
        startValue: valueAt(from),
        endValue: valueAt(to),
      },
    });
  }
  if (pieces.length === 0) return;
  pieces.forEach((piece, index) => {
    const elementId = ids[piece.segment] as string;
    // The first piece keeps the load's id, so an unsplit load diffs as modified, not removed and added.
    const id =
      index === 0
        ? load.id
        : freeDerivedId(load.id, piece.segment + 1, (candidate) => work.loads.has(candidate));
    work.loads.set(id, { ...load, id, elementId, distribution: piece.distribution });
    if (index > 0) {
      work.loadPieces.set(load.id, [...(work.loadPieces.get(load.id) ?? []), id]);
      work.addElementLoad(elementId, id);
    }
  });
}

/** Area polygons lose repeated corners a merge made; fewer than 3 left means the area is gone. */
function withoutRepeatedCorners(nodeIds: readonly string[]): string[] {
  const result: string[] = [];
  for (const id of nodeIds) if (result[result.length - 1] !== id) result.push(id);
  while (result.length > 1 && result[0] === result[result.length - 1]) result.pop();
  return result;
}

function elementNodeIds(element: Element): string[] {
  if ('nodeIds' in element) return element.nodeIds;
  if ('startNodeId' in element) {
    return element.endNodeId === undefined ? [element.startNodeId] : [element.startNodeId, element.endNodeId];
  }
  return [];
}

/** Group members after the edits: split elements bring their segments, split loads their pieces. */
function rewriteGroup(group: Group, work: Working): Group {
  const members: Group['members'] = [];
  const seen = new Set<string>();
  const push = (kind: Group['members'][number]['kind'], id: string) => {
    const key = `${kind}:${id}`;
    if (seen.has(key)) return;
    seen.add(key);
    members.push({ kind, id });
  };
  const expand = (pieces: Map<string, string[]>, id: string, out: string[]) => {
    out.push(id);
    for (const piece of pieces.get(id) ?? []) expand(pieces, piece, out);
  };
  for (const member of group.members) {
    if (member.kind === 'node') {
      const id = work.resolveNode(member.id);
      if (work.nodes.has(id)) push('node', id);
    } else {
      const pieces = member.kind === 'element' ? work.segments : work.loadPieces;
      const present = member.kind === 'element' ? work.elements : work.loads;
      const ids: string[] = [];
      expand(pieces, member.id, ids);
      for (const id of ids) if (present.has(id)) push(member.kind, id);
    }
  }
  const same =
    members.length === group.members.length &&
    members.every((member, index) => {
      const before = group.members[index];
      return before !== undefined && before.kind === member.kind && before.id === member.id;
    });
  return same ? group : { ...group, members };
}

/**
 * `model` with `edits` applied in order. Deleting a node deletes the elements on it; deleting an element deletes
 * its loads (and its member forces: results of a model that changed no longer describe it); group memberships
 * follow merges, splits and deletions.
 */
export function applyEdits(model: Model, edits: readonly RepairEdit[]): Model {
  if (edits.length === 0) return model;
  const work = new Working(model);
  for (const edit of edits) apply(work, edit);

  const finalNodes = new Map<string, string>();
  for (const id of work.nodeRenames.keys()) finalNodes.set(id, work.resolveNode(id));
  const renames = finalNodes.size > 0 ? { nodes: finalNodes } : {};

  // Most plans (splits, moves) neither merge nor delete nodes: then no reference needs a second look.
  const nodesChanged = finalNodes.size > 0 || work.nodesDeleted;
  const elements: Element[] = [];
  for (const original of work.elements.values()) {
    if (!nodesChanged) {
      elements.push(original);
      continue;
    }
    let element = renameRefs('elements', original, renames);
    if ('nodeIds' in element && finalNodes.size > 0 && element.type !== 'Foundation') {
      const nodeIds = withoutRepeatedCorners(element.nodeIds);
      if (nodeIds.length !== element.nodeIds.length) element = { ...element, nodeIds } as Element;
    }
    const nodeIds = elementNodeIds(element);
    if (nodeIds.some((id) => !work.nodes.has(id))) continue;
    if (
      (element.type === 'Floor' ||
        element.type === 'Wall' ||
        element.type === 'Area' ||
        element.type === 'Opening') &&
      nodeIds.length < 3
    )
      continue;
    elements.push(element);
  }
  // Only elements that went (a node of theirs was deleted) need an id set; a split-only plan builds none.
  const elementsDropped = elements.length !== work.elements.size;
  let keptElementIds: Set<string> | null = null;
  const elementIds = (): Set<string> => (keptElementIds ??= new Set(elements.map((element) => element.id)));
  const loads: Load[] = [];
  const elementsDeleted = work.elementsDeleted || elementsDropped;
  for (const original of work.loads.values()) {
    if (!nodesChanged && !elementsDeleted) {
      loads.push(original);
      continue;
    }
    const load = renameRefs('loads', original, renames);
    if (load.type === 'PointLoad' ? !work.nodes.has(load.nodeId) : !elementIds().has(load.elementId))
      continue;
    loads.push(load);
  }
  // Groups read `work`: drop what did not make it into the model.
  if (loads.length !== work.loads.size) {
    const loadIds = new Set(loads.map((load) => load.id));
    for (const id of [...work.loads.keys()]) if (!loadIds.has(id)) work.loads.delete(id);
  }
  if (elementsDropped)
    for (const id of [...work.elements.keys()]) if (!elementIds().has(id)) work.elements.delete(id);

  const next: Model = {
    ...model,
    nodes: [...work.nodes.values()],
    elements,
    loads,
    groups: model.groups.map((group) => rewriteGroup(group, work)),
  };
  if (model.results) {
    next.results = {
      ...model.results,
      memberForces: model.results.memberForces.filter(
        (force) => work.elements.has(force.elementId) && !work.segments.has(force.elementId),
      ),
      // A merged-away joint's results go with it, as a split member's forces do.
      ...(model.results.jointReactions
        ? { jointReactions: model.results.jointReactions.filter((row) => work.nodes.has(row.nodeId)) }
        : {}),
      ...(model.results.jointDisplacements
        ? { jointDisplacements: model.results.jointDisplacements.filter((row) => work.nodes.has(row.nodeId)) }
        : {}),
    };
  }
  return next;
}
