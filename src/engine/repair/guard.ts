/*
 * The "never worse" guard (issue #21): before the pipeline proposes an operation it applies it to a copy of the
 * neighbourhood it touches and re-runs the checks there. An operation after which any check finds more than
 * before (a stub shorter than minLength, a new near miss, a new free end…) is not proposed; it is counted, with
 * the findings it would have made, in the plan's `rejected` list.
 *
 * The neighbourhood is a small model cut from the working one: every node and element whose box comes within
 * REACH of what the operation touches (its nodes, the whole line of every member it names or moves, the target
 * of a move), plus the other ends of those elements. A node whose other elements were left out is restrained in
 * the copy, standing for the rest of the building, so the cut edge adds no free ends or floating parts, before or
 * after. The cost is two check runs over a few dozen objects per operation, plus one spatial index per stage.
 */
import { checkConnectivity } from '../connectivity';
import type { Element, Grid, Model, Node } from '../schema';
import { BoxGrid } from '../spatial';
import { applyEdits } from './apply';
import type { Draft, StageContext } from './context';
import { elementNodeIds } from './context';
import { editIds } from './operations';
import type { CheckId, ConnectivityReport, Issue, RepairEdit, RepairTolerances } from './types';
import { CHECK_IDS } from './types';

/**
 * Checks whose findings a split carries to every segment (the line's tilt, its offsets, its missing orientation):
 * one finding per original member, so splitting an eccentric beam at a T-junction is not "worse".
 */
const CARRIED: ReadonlySet<CheckId> = new Set(['C12', 'C14', 'C16']);

const FIXED = { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true } as const;

export interface Verdict {
  /** Per check, how many more findings the operation makes in its neighbourhood (only checks that grew). */
  added: Partial<Record<CheckId, number>>;
  /** The new findings themselves (those whose ids were not there before), for the report. */
  findings: Issue[];
}

/** Element boxes and node points of one working model, indexed once per stage. */

interface Point {
  x: number;
  y: number;
  z: number;
}

/** The axis-aligned box around the points given so far; `empty` until the first. */
class PointBounds {
  minX = Infinity;
  minY = Infinity;
  minZ = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  maxZ = -Infinity;

  get empty(): boolean {
    return this.minX === Infinity;
  }

  include(point: Point): void {
    this.minX = Math.min(this.minX, point.x);
    this.minY = Math.min(this.minY, point.y);
    this.minZ = Math.min(this.minZ, point.z);
    this.maxX = Math.max(this.maxX, point.x);
    this.maxY = Math.max(this.maxY, point.y);
    this.maxZ = Math.max(this.maxZ, point.z);
  }
}

export class Neighbourhoods {
  private readonly elementGrid: BoxGrid;
  private readonly elementList: Element[] = [];
  private readonly nodeGrid: BoxGrid;
  private readonly nodeList: Node[];
  /** How far a change can reach: near misses, snapping, the merge distance. */
  private readonly reach: number;

  constructor(
    private readonly context: StageContext,
    private readonly tolerances: RepairTolerances,
  ) {
    const model = context.model;
    this.reach = Math.max(tolerances.near, tolerances.snap, tolerances.merge) * 1.01 + 1e-6;
    const boxes: number[] = [];
    const lengths: number[] = [];
    for (const element of model.elements) {
      const box = new PointBounds();
      for (const id of elementNodeIds(element)) {
        const node = context.node(id);
        if (node) box.include(node);
      }
      if (box.empty) continue;
      const { minX, minY, minZ, maxX, maxY, maxZ } = box;
      this.elementList.push(element);
      boxes.push(minX, minY, minZ, maxX, maxY, maxZ);
      lengths.push(Math.max(maxX - minX, maxY - minY, maxZ - minZ));
    }
    lengths.sort((a, b) => a - b);
    const median = lengths.length > 0 ? (lengths[lengths.length >> 1] as number) : 1;
    const cell = Math.max(median, 8 * this.reach, 1e-6);
    this.elementGrid = new BoxGrid(Float64Array.from(boxes), cell);
    this.nodeList = model.nodes;
    const points = new Float64Array(model.nodes.length * 6);
    model.nodes.forEach((node, index) => {
      points.set([node.x, node.y, node.z, node.x, node.y, node.z], index * 6);
    });
    this.nodeGrid = new BoxGrid(points, cell);
  }

  /** The neighbourhood of `edits` as a model of its own. */
  cut(edits: readonly RepairEdit[]): Model {
    const context = this.context;
    const box = new PointBounds();
    const include = (point: Point) => box.include(point);
    const includeElement = (id: string) => {
      const element = context.elements.get(id);
      if (!element) return;
      for (const nodeId of elementNodeIds(element)) {
        const node = context.node(nodeId);
        if (node) include(node);
      }
    };
    for (const edit of edits) {
      const ids = editIds(edit);
      for (const id of ids.nodes) {
        const node = context.node(id);
        if (!node) continue;
        include(node);
        // A node that moves or merges moves the whole line of every member on it.
        for (const elementId of context.elementsAt(id)) includeElement(elementId);
      }
      for (const id of ids.elements) includeElement(id);
      if (edit.kind === 'moveNode') include(edit.to);
      if (edit.kind === 'addNode') include(edit.node);
    }
    if (box.empty) return { ...context.model, nodes: [], elements: [], loads: [], groups: [] };
    const r = this.reach;
    const { minX, minY, minZ, maxX, maxY, maxZ } = box;
    const [x0, y0, z0, x1, y1, z1] = [minX - r, minY - r, minZ - r, maxX + r, maxY + r, maxZ + r];

    const elementIndices: number[] = [];
    this.elementGrid.forEachOverlapping(x0, y0, z0, x1, y1, z1, (index) => elementIndices.push(index));
    elementIndices.sort((a, b) => a - b);
    const elements = elementIndices.map((index) => this.elementList[index] as Element);
    const nodeIds = new Set<string>();
    this.nodeGrid.forEachOverlapping(x0, y0, z0, x1, y1, z1, (index) =>
      nodeIds.add((this.nodeList[index] as Node).id),
    );
    const included = new Map<string, number>();
    for (const element of elements)
      for (const id of new Set(elementNodeIds(element))) {
        nodeIds.add(id);
        included.set(id, (included.get(id) ?? 0) + 1);
      }
    const nodes: Node[] = [];
    for (const id of [...nodeIds].sort()) {
      const node = context.node(id);
      if (!node) continue;
      // The rest of the building holds a node whose other elements are outside the cut.
      const cutOff = context.elementsAt(id).length > (included.get(id) ?? 0);
      nodes.push(cutOff ? { ...node, restraint: FIXED } : node);
    }
    const near = (value: number, low: number, high: number) =>
      value >= low - this.tolerances.snap && value <= high + this.tolerances.snap;
    const grids = context.model.grids.filter(
      (grid: Grid) =>
        grid.geometry.kind !== 'axis' ||
        (grid.geometry.direction === 'X'
          ? near(grid.geometry.coordinate, x0, x1)
          : near(grid.geometry.coordinate, y0, y1)),
    );
    const cut: Model = { ...context.model, nodes, elements, grids, loads: [], groups: [] };
    delete cut.results;
    return cut;
  }

  /** What applying `draft` would make worse in its neighbourhood; null when nothing. */
  judge(draft: Draft): Verdict | null {
    // R11 writes down an eccentricity R07's snap removed: the C14 finding it makes is that record, not a defect.
    const ignored: CheckId | null = draft.operation === 'R11' ? 'C14' : null;
    const before = this.cut(draft.edits);
    if (before.nodes.length === 0) return null;
    const checks = checksFor(draft.edits);
    let after: Model;
    try {
      after = applyEdits(before, draft.edits);
    } catch {
      // An edit the cut cannot hold (it names something outside it): judge nothing rather than guess.
      return null;
    }
    const was = checkConnectivity(before, this.tolerances, checks);
    const now = checkConnectivity(after, this.tolerances, checks);
    const lineage = lineageOf(draft.edits);
    const added: Partial<Record<CheckId, number>> = {};
    let worse = false;
    // A carried finding counts once per original member, and only when that member had it before.
    const had = new Set(was.issues.map((issue) => `${issue.check}:${issue.elementIds[0] ?? ''}`));
    const key = (issue: Issue) => {
      const root = CARRIED.has(issue.check) ? lineage.get(issue.elementIds[0] ?? '') : undefined;
      return root !== undefined && had.has(`${issue.check}:${root}`) ? `${issue.check}:${root}` : issue.id;
    };
    for (const check of checks) {
      if (check === ignored) continue;
      const wasCount = was.issues.filter((issue) => issue.check === check).length;
      const nowCount = new Set(now.issues.filter((issue) => issue.check === check).map(key)).size;
      if (nowCount > wasCount) {
        added[check] = nowCount - wasCount;
        worse = true;
      }
    }
    if (!worse) return null;
    const old = new Set(was.issues.map((issue) => issue.id));
    return {
      added,
      findings: now.issues.filter((issue) => added[issue.check] !== undefined && !old.has(issue.id)),
    };
  }
}

/** Segment id → the member it was split from (and the member to itself). */
function lineageOf(edits: readonly RepairEdit[]): Map<string, string> {
  const lineage = new Map<string, string>();
  for (const edit of edits)
    if (edit.kind === 'splitMember') {
      lineage.set(edit.elementId, edit.elementId);
      for (const id of edit.newIds) lineage.set(id, edit.elementId);
    }
  return lineage;
}

const GEOMETRY: readonly CheckId[] = CHECK_IDS.filter((id) => id !== 'C14' && id !== 'C16');

/** The checks an operation's edits can change (attribute edits touch one check; anything geometric, most). */
function checksFor(edits: readonly RepairEdit[]): readonly CheckId[] {
  const checks = new Set<CheckId>();
  for (const edit of edits) {
    switch (edit.kind) {
      case 'setReleases':
        checks.add('C15');
        break;
      case 'setEndOffset':
        checks.add('C14');
        break;
      case 'setType':
        checks.add('C12').add('C15').add('C16');
        break;
      default:
        for (const id of GEOMETRY) checks.add(id);
    }
  }
  return CHECK_IDS.filter((id) => checks.has(id));
}

/** A short reason for the report: 'would add 1 × Zero-length or short members (C07)'. */
export function rejectionReason(verdict: Verdict, titles: Record<CheckId, string>): string {
  const parts = CHECK_IDS.filter((id) => verdict.added[id] !== undefined).map(
    (id) => `${verdict.added[id]} × ${titles[id]} (${id})`,
  );
  return `would add ${parts.join(', ')}`;
}

/**
 * Which drafts of a stage the guard must judge one by one. The stage's drafts are applied together and the whole
 * model checked once (that report is the next stage's input and, at the end, the plan's `after`, so it is paid
 * anyway); only drafts near a finding that was not there before are suspects. A new finding is near a draft when
 * it names something the draft touches or lies in the draft's neighbourhood box; one near no draft (a floating
 * part named far away) makes every draft a suspect. At 100k members with 33k clean splits this is one report
 * instead of 67k small ones.
 */
export function suspects(
  drafts: readonly Draft[],
  context: StageContext,
  before: ConnectivityReport,
  after: ConnectivityReport,
  tolerances: RepairTolerances,
): Set<number> {
  const old = new Set(before.issues.map((issue) => issue.id));
  const fresh = after.issues.filter((issue) => !old.has(issue.id));
  const result = new Set<number>();
  if (fresh.length === 0) return result;
  const reach = Math.max(tolerances.near, tolerances.snap, tolerances.merge) * 1.01 + 1e-6;
  const owners = new Map<string, number[]>();
  const own = (id: string, index: number) => {
    const list = owners.get(id);
    if (!list) owners.set(id, [index]);
    else if (list[list.length - 1] !== index) list.push(index);
  };
  const boxes = new Float64Array(drafts.length * 6);
  drafts.forEach((draft, index) => {
    let box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    const include = (point: { x: number; y: number; z: number }) => {
      box = [
        Math.min(box[0] as number, point.x),
        Math.min(box[1] as number, point.y),
        Math.min(box[2] as number, point.z),
        Math.max(box[3] as number, point.x),
        Math.max(box[4] as number, point.y),
        Math.max(box[5] as number, point.z),
      ];
    };
    const ownElement = (id: string) => {
      own(`e:${id}`, index);
      const element = context.elements.get(id);
      if (!element) return;
      for (const nodeId of elementNodeIds(element)) {
        own(`n:${nodeId}`, index);
        const node = context.node(nodeId);
        if (node) include(node);
      }
    };
    for (const edit of draft.edits) {
      const ids = editIds(edit);
      for (const id of ids.nodes) {
        own(`n:${id}`, index);
        const node = context.node(id);
        if (node) include(node);
        for (const elementId of context.elementsAt(id)) ownElement(elementId);
      }
      for (const id of ids.elements) ownElement(id);
      if (edit.kind === 'moveNode') include(edit.to);
      if (edit.kind === 'addNode') include(edit.node);
    }
    if (box[0] === Infinity) box = [0, 0, 0, 0, 0, 0];
    boxes.set(
      [
        (box[0] as number) - reach,
        (box[1] as number) - reach,
        (box[2] as number) - reach,
        (box[3] as number) + reach,
        (box[4] as number) + reach,
        (box[5] as number) + reach,
      ],
      index * 6,
    );
  });
  const extents: number[] = [];
  for (let index = 0; index < drafts.length; index++)
    extents.push((boxes[index * 6 + 3] as number) - (boxes[index * 6] as number));
  extents.sort((a, b) => a - b);
  const grid = new BoxGrid(boxes, Math.max(extents[extents.length >> 1] ?? 1, 1e-6));
  for (const issue of fresh) {
    let found = false;
    const mark = (index: number) => {
      result.add(index);
      found = true;
    };
    for (const id of issue.nodeIds) for (const index of owners.get(`n:${id}`) ?? []) mark(index);
    for (const id of issue.elementIds) for (const index of owners.get(`e:${id}`) ?? []) mark(index);
    const { x, y, z } = issue.location;
    grid.forEachOverlapping(x, y, z, x, y, z, mark);
    if (!found) return new Set(drafts.map((_, index) => index));
  }
  return result;
}
