/*
 * The repair operations R01–R13 (../shared/docs/repair-diff-domain.md §7.2): each turns the issues of the check
 * that triggers it, found on the working model, into drafts (edits + whether a person must confirm them). They
 * never change the model; the pipeline applies their edits and gives them ids and dependencies.
 */
import type { Element, FrameElement, Node, Point3, Releases } from '../schema';
import { isFrameElement } from '../schema';
import { BoxGrid, PointGrid } from '../spatial';
import { freeDerivedId } from './apply';
import type { Draft, Eccentricity, StageContext } from './context';
import { distance, elementNodeIds, pointOf } from './context';
import type { Issue, IssueDetail, RepairEdit } from './types';

type DetailOf<C extends IssueDetail['check']> = Extract<IssueDetail, { check: C }>;

function detailOf<C extends IssueDetail['check']>(issue: Issue, check: C): DetailOf<C> | null {
  return issue.detail.check === check ? (issue.detail as DetailOf<C>) : null;
}

function frame(context: StageContext, id: string): FrameElement | null {
  const element = context.elements.get(id);
  return element && isFrameElement(element) ? element : null;
}

/** R13: nodes nothing uses (no element, point load, restraint, spring or mass), ascending id. */
export function deleteOrphanNodes(context: StageContext): Draft[] {
  const drafts: Draft[] = [];
  const orphans = context.model.nodes
    .filter(
      (node) =>
        context.elementsAt(node.id).length === 0 &&
        !context.loadedNodes.has(node.id) &&
        !context.isRestrained(node.id) &&
        !Object.keys(node.attributes).some((key) => /mass/i.test(key)),
    )
    .map((node) => node.id)
    .sort();
  for (const nodeId of orphans) {
    drafts.push({
      operation: 'R13',
      // An orphan is a floating part of one node; its C09 issue id follows the id rule.
      reason: 'C09',
      issueId: `C09:@${nodeId}`,
      edits: [{ kind: 'deleteNode', nodeId }],
      requiresConfirmation: false,
      distance: null,
      tolerance: 0,
    });
  }
  return drafts;
}

/**
 * R01: each C01 cluster merges into its anchor; a cluster the check refused (too wide) waits for a person. Then
 * each C02 near miss (two nodes tolMerge–tolNear apart, sharing no element) merges too, for confirmation: a node
 * 17 mm from a column line is that column's node, and splitting a beam around it would leave a 17 mm stub. The
 * kept node is the one a C01 anchor would be (restrained, on a grid intersection, at a level, more elements, lower
 * id); a node is merged once per pass.
 */
export function mergeCoincidentNodes(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const merged = new Set<string>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C01');
    if (!detail) continue;
    const anchor = context.node(detail.anchorId);
    const others = issue.nodeIds.filter((id) => id !== detail.anchorId && context.node(id) !== undefined);
    if (!anchor || others.length === 0) continue;
    const moved = Math.max(
      ...others.map((id) => distance(pointOf(context.node(id) as Node), pointOf(anchor))),
    );
    for (const id of [anchor.id, ...others]) merged.add(id);
    drafts.push({
      operation: 'R01',
      reason: 'C01',
      issueId: issue.id,
      edits: [{ kind: 'mergeNodes', anchorId: anchor.id, nodeIds: others }],
      requiresConfirmation: detail.refused,
      distance: moved,
      tolerance: context.tolerances.merge,
    });
  }
  const nearMisses = issues
    .filter((issue) => issue.check === 'C02')
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const issue of nearMisses) {
    const detail = detailOf(issue, 'C02');
    if (!detail) continue;
    const [a, b] = detail.pair;
    const first = context.node(a);
    const second = context.node(b);
    if (!first || !second || merged.has(a) || merged.has(b)) continue;
    const [keep, drop] = nearMissAnchor(context, first, second);
    merged.add(a);
    merged.add(b);
    drafts.push({
      operation: 'R01',
      reason: 'C02',
      issueId: issue.id,
      edits: [{ kind: 'mergeNodes', anchorId: keep.id, nodeIds: [drop.id] }],
      requiresConfirmation: true,
      distance: distance(pointOf(keep), pointOf(drop)),
      tolerance: context.tolerances.near,
    });
  }
  return drafts;
}

/** The kept and the merged node of a near miss, by C01's anchor rule. */
function nearMissAnchor(context: StageContext, a: Node, b: Node): [Node, Node] {
  const merge = context.tolerances.merge;
  const score = (node: Node) => [
    context.isRestrained(node.id) ? 1 : 0,
    context.onGridIntersection(node.x, node.y, merge) ? 1 : 0,
    context.atLevel(node.z, merge) ? 1 : 0,
    context.elementsAt(node.id).length,
  ];
  const sa = score(a);
  const sb = score(b);
  for (let k = 0; k < sa.length; k++) {
    if (sa[k] !== sb[k]) return (sa[k] as number) > (sb[k] as number) ? [a, b] : [b, a];
  }
  return a.id < b.id ? [a, b] : [b, a];
}

/** Which of two nodes survives a collapse: restrained, then more elements, then the lower id. */
function survivor(context: StageContext, a: string, b: string): [string, string] {
  const score = (id: string) => [context.isRestrained(id) ? 1 : 0, context.elementsAt(id).length] as const;
  const [ra, da] = score(a);
  const [rb, db] = score(b);
  if (ra !== rb) return ra > rb ? [a, b] : [b, a];
  if (da !== db) return da > db ? [a, b] : [b, a];
  return a < b ? [a, b] : [b, a];
}

/** R06: members of length ≤ tolMerge go and their two ends become one node; short ones (C07 warnings) stay. */
export function collapseZeroLength(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const merged = new Set<string>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C07');
    if (!detail || detail.length > context.tolerances.merge) continue;
    const member = context.elements.get(detail.elementId);
    if (!member || !('startNodeId' in member) || member.endNodeId === undefined) continue;
    const edits: RepairEdit[] = [{ kind: 'deleteElement', elementId: member.id }];
    const [keep, drop] = survivor(context, member.startNodeId, member.endNodeId);
    if (keep !== drop && !merged.has(keep) && !merged.has(drop)) {
      edits.push({ kind: 'mergeNodes', anchorId: keep, nodeIds: [drop] });
      merged.add(drop);
    }
    drafts.push({
      operation: 'R06',
      reason: 'C07',
      issueId: issue.id,
      edits,
      requiresConfirmation: context.hasLoads(member.id),
      distance: detail.length,
      tolerance: context.tolerances.merge,
    });
  }
  return drafts;
}

const COMPARED_FIELDS = [
  'type',
  'profileId',
  'materialId',
  'orientationAngle',
  'cardinalPoint',
  'releases',
  'endOffsets',
  'insertionOffsets',
  'linkPropertyId',
] as const;

/** Fields other than identity and names that differ: deleting one of the two would lose them. */
function conflicts(a: Element, b: Element): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  return COMPARED_FIELDS.some((field) => JSON.stringify(left[field]) !== JSON.stringify(right[field]));
}

/** R04: each C05 group keeps `keepId`; duplicates go, automatically unless they differ or carry loads. */
export function removeDuplicates(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const deleted = new Set<string>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C05');
    if (!detail) continue;
    const keep = context.elements.get(detail.keepId);
    if (!keep || deleted.has(keep.id)) continue;
    const duplicates = detail.duplicateIds
      .map((id) => context.elements.get(id))
      .filter((element): element is Element => element !== undefined && !deleted.has(element.id));
    if (duplicates.length === 0) continue;
    for (const duplicate of duplicates) deleted.add(duplicate.id);
    drafts.push({
      operation: 'R04',
      reason: 'C05',
      issueId: issue.id,
      edits: duplicates.map((element) => ({ kind: 'deleteElement', elementId: element.id })),
      requiresConfirmation: duplicates.some(
        (duplicate) => conflicts(keep, duplicate) || context.hasLoads(duplicate.id),
      ),
      distance: null,
      tolerance: context.tolerances.merge,
    });
  }
  return drafts;
}

interface Line {
  start: Point3;
  end: Point3;
  length: number;
}

function lineOf(context: StageContext, member: FrameElement): Line | null {
  const start = context.node(member.startNodeId);
  const end = context.node(member.endNodeId);
  if (!start || !end) return null;
  return { start: pointOf(start), end: pointOf(end), length: distance(pointOf(start), pointOf(end)) };
}

/** Parameter (mm from the start) of a point's projection on a line. */
function along(line: Line, point: Point3): number {
  if (line.length === 0) return 0;
  return (
    ((point.x - line.start.x) * (line.end.x - line.start.x) +
      (point.y - line.start.y) * (line.end.y - line.start.y) +
      (point.z - line.start.z) * (line.end.z - line.start.z)) /
    line.length
  );
}

/**
 * R05: for C06 pairs where one member lies inside the other. When the members inside a container cover it end to
 * end (a beam split in two with the original kept) the container goes; otherwise the member inside it goes. Partial
 * overlaps (neither inside the other) are flagged only: trimming one needs a person's choice of which.
 */
export function resolveOverlaps(context: StageContext, issues: readonly Issue[]): Draft[] {
  const tolerance = context.tolerances.merge;
  const inside = new Map<string, { id: string; issueId: string; from: number; to: number }[]>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C06');
    if (!detail) continue;
    const [a, b] = detail.elementIds.map((id) => frame(context, id));
    if (!a || !b) continue;
    const la = lineOf(context, a);
    const lb = lineOf(context, b);
    if (!la || !lb) continue;
    const [container, containerLine, member, memberLine] =
      la.length > lb.length || (la.length === lb.length && a.id < b.id) ? [a, la, b, lb] : [b, lb, a, la];
    if (detail.overlapLength < memberLine.length - tolerance) continue;
    const s0 = along(containerLine, memberLine.start);
    const s1 = along(containerLine, memberLine.end);
    const list = inside.get(container.id) ?? [];
    list.push({ id: member.id, issueId: issue.id, from: Math.min(s0, s1), to: Math.max(s0, s1) });
    inside.set(container.id, list);
  }
  const drafts: Draft[] = [];
  const deleted = new Set<string>();
  for (const containerId of [...inside.keys()].sort()) {
    const container = frame(context, containerId) as FrameElement;
    const line = lineOf(context, container) as Line;
    const members = (inside.get(containerId) ?? []).sort((p, q) => p.from - q.from || (p.id < q.id ? -1 : 1));
    let reach = 0;
    for (const member of members) if (member.from <= reach + tolerance) reach = Math.max(reach, member.to);
    const covered = reach >= line.length - tolerance;
    if (covered && !deleted.has(containerId)) {
      deleted.add(containerId);
      drafts.push({
        operation: 'R05',
        reason: 'C06',
        issueId: (members[0] as { issueId: string }).issueId,
        edits: [{ kind: 'deleteElement', elementId: containerId }],
        requiresConfirmation:
          context.hasLoads(containerId) ||
          members.some((member) => conflicts(container, context.elements.get(member.id) as Element)),
        distance: null,
        tolerance,
      });
      continue;
    }
    if (covered) continue;
    for (const member of members) {
      if (deleted.has(member.id) || deleted.has(containerId)) continue;
      deleted.add(member.id);
      const element = context.elements.get(member.id) as Element;
      drafts.push({
        operation: 'R05',
        reason: 'C06',
        issueId: member.issueId,
        edits: [{ kind: 'deleteElement', elementId: member.id }],
        requiresConfirmation: context.hasLoads(member.id) || conflicts(container, element),
        distance: null,
        tolerance,
      });
    }
  }
  return drafts;
}

/** R08: nodes onto their level's elevation (z only, so columns stay vertical); beyond tolSnap, proposed. */
export function snapToLevel(context: StageContext, issues: readonly Issue[]): Draft[] {
  const levels = new Map(context.model.levels.map((level) => [level.id, level]));
  const drafts: Draft[] = [];
  for (const issue of issues) {
    const detail = detailOf(issue, 'C10');
    const level = detail ? levels.get(detail.levelId) : undefined;
    const node = detail ? context.node(detail.nodeId) : undefined;
    if (!detail || !level || !node || node.z === level.elevation) continue;
    const to = { x: node.x, y: node.y, z: level.elevation };
    const moved = Math.abs(node.z - level.elevation);
    drafts.push({
      operation: 'R08',
      reason: 'C10',
      issueId: issue.id,
      edits: [{ kind: 'moveNode', nodeId: node.id, from: pointOf(node), to }],
      requiresConfirmation: !detail.auto || moved > context.tolerances.snap,
      distance: moved,
      tolerance: context.tolerances.snap,
    });
  }
  return drafts;
}

/** R09: nodes onto the grid intersection or line the check found (plan only). */
export function snapToGrid(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  for (const issue of issues) {
    const detail = detailOf(issue, 'C11');
    const node = detail ? context.node(detail.nodeId) : undefined;
    if (!detail || !node) continue;
    const to = { x: detail.target.x, y: detail.target.y, z: node.z };
    const moved = distance(pointOf(node), to);
    if (moved === 0) continue;
    drafts.push({
      operation: 'R09',
      reason: 'C11',
      issueId: issue.id,
      edits: [{ kind: 'moveNode', nodeId: node.id, from: pointOf(node), to }],
      requiresConfirmation: !detail.auto || moved > context.tolerances.snap,
      distance: moved,
      tolerance: context.tolerances.snap,
    });
  }
  return drafts;
}

function isFrameType(type: string): type is FrameElement['type'] {
  return type === 'Beam' || type === 'Column' || type === 'Brace';
}

/**
 * R10: a member within classAngle of vertical gets its free end's plan position from the end on a grid
 * intersection; within classAngle of horizontal, its z from the end at a level. Without such an anchor, or when
 * the move exceeds tolSnap, a person confirms. The type follows the check's suggestion.
 */
export function straighten(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const moved = new Set<string>();
  const merge = context.tolerances.merge;
  for (const issue of issues) {
    const detail = detailOf(issue, 'C12');
    const member = detail ? frame(context, detail.elementId) : null;
    if (!detail || !member) continue;
    const start = context.node(member.startNodeId);
    const end = context.node(member.endNodeId);
    if (!start || !end) continue;
    const dz = Math.abs(end.z - start.z);
    const plan = Math.hypot(end.x - start.x, end.y - start.y);
    const vertical = dz > plan;
    const anchored = (node: Node) =>
      vertical ? context.onGridIntersection(node.x, node.y, merge) : context.atLevel(node.z, merge);
    // Keep the anchored end; with both or neither, keep the lower (vertical) or the lower-id (horizontal) end.
    let keep: Node;
    if (anchored(start) !== anchored(end)) keep = anchored(start) ? start : end;
    else if (vertical) keep = start.z <= end.z ? start : end;
    else keep = start.id <= end.id ? start : end;
    const move = keep === start ? end : start;
    const hasAnchor = anchored(keep);
    const to = vertical ? { x: keep.x, y: keep.y, z: move.z } : { x: move.x, y: move.y, z: keep.z };
    const edits: RepairEdit[] = [];
    const shift = distance(pointOf(move), to);
    if (shift > 0 && !moved.has(move.id)) {
      edits.push({ kind: 'moveNode', nodeId: move.id, from: pointOf(move), to });
      moved.add(move.id);
    }
    const suggested = detail.suggestedType;
    if (isFrameType(suggested) && suggested !== member.type) {
      edits.push({ kind: 'setType', elementId: member.id, from: member.type, to: suggested });
    }
    if (edits.length === 0) continue;
    drafts.push({
      operation: 'R10',
      reason: 'C12',
      issueId: issue.id,
      edits,
      requiresConfirmation: !hasAnchor || shift > context.tolerances.snap,
      distance: shift > 0 ? shift : null,
      tolerance: context.tolerances.classAngle,
    });
  }
  return drafts;
}

function sub(a: Point3, b: Point3): Point3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

function dot(a: Point3, b: Point3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

/**
 * (Exported for the R07 test's brute-force reference.) Closest approach of the line p + s·d (d unit) and the segment a–b: s, the segment parameter u ∈ [0, 1] and the
 * distance between the two points; null for (near-)parallel lines, which a ray along its own axis never crosses.
 */
export function rayToSegment(
  p: Point3,
  d: Point3,
  a: Point3,
  b: Point3,
): { s: number; u: number; gap: number; point: Point3 } | null {
  const e = sub(b, a);
  const ee = dot(e, e);
  if (ee === 0) return null;
  const de = dot(d, e);
  const denominator = ee - de * de;
  if (denominator <= 1e-9 * ee) return null;
  const w = sub(p, a);
  const dw = dot(d, w);
  const ew = dot(e, w);
  let u = (ew - de * dw) / denominator;
  u = Math.min(1, Math.max(0, u));
  const onSegment = { x: a.x + e.x * u, y: a.y + e.y * u, z: a.z + e.z * u };
  const s = dot(sub(onSegment, p), d);
  const onRay = { x: p.x + d.x * s, y: p.y + d.y * s, z: p.z + d.z * s };
  return { s, u, gap: distance(onRay, onSegment), point: onRay };
}

/**
 * R07: a free member end moves along its own axis to the first member axis within gapMax (capped at half the
 * target's largest section dimension), or onto that member's end node when the hit is there; R02 then splits the
 * target at the moved node. Failing that, the end snaps to the nearest node within gapMax, which rotates the
 * member, so it always waits for a person (and R11 may keep the old place as an insertion offset).
 */
export function extendToSupport(
  context: StageContext,
  issues: readonly Issue[],
  eccentricities: Eccentricity[],
): Draft[] {
  const { merge, gapMax, snap } = context.tolerances;
  const drafts: Draft[] = [];
  let index: SupportIndex | null = null;
  const used = new Set<string>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C08');
    const member = detail ? frame(context, detail.elementId) : null;
    if (!detail || !member || used.has(detail.nodeId)) continue;
    const freeNode = context.node(detail.nodeId);
    const otherNode = context.node(detail.end === 'i' ? member.endNodeId : member.startNodeId);
    if (!freeNode || !otherNode || freeNode.id === otherNode.id) continue;
    const p = pointOf(freeNode);
    const length = distance(p, pointOf(otherNode));
    if (length === 0) continue;
    const axis = sub(p, pointOf(otherNode));
    const d = { x: axis.x / length, y: axis.y / length, z: axis.z / length };
    index ??= supportIndex(context);
    let best: { s: number; targetId: string; point: Point3; snapTo: string | null } | null = null;
    // Only members whose box inflated by their cap holds the free end, in model order (the tie rule below is
    // order-sensitive, so the result matches a scan of every member).
    for (const candidate of index.membersAround(p)) {
      const target = index.frames[candidate] as FrameElement;
      if (target.id === member.id) continue;
      if (target.startNodeId === freeNode.id || target.endNodeId === freeNode.id) continue;
      const a = index.starts[candidate] as Node;
      const b = index.ends[candidate] as Node;
      const cap = index.caps[candidate] as number;
      const hit = rayToSegment(p, d, pointOf(a), pointOf(b));
      // Trimming may not eat the member: the hit stays more than tolMerge from its other end.
      if (!hit || hit.gap > merge || Math.abs(hit.s) > cap || hit.s <= merge - length) continue;
      const endHit = [a, b].find((node) => distance(pointOf(node), hit.point) <= merge);
      const found = {
        s: hit.s,
        targetId: target.id,
        point: hit.point,
        snapTo: endHit ? endHit.id : null,
      };
      if (
        !best ||
        Math.abs(found.s) < Math.abs(best.s) - 1e-9 ||
        (Math.abs(found.s - best.s) <= 1e-9 && found.targetId < best.targetId)
      ) {
        best = found;
      }
    }
    used.add(freeNode.id);
    if (best) {
      const shift = Math.abs(best.s);
      // Already within tolMerge of the axis: that is a node on a span (C03), which R02 splits.
      if (shift <= merge && best.snapTo === null) continue;
      drafts.push({
        operation: 'R07',
        reason: 'C08',
        issueId: issue.id,
        edits: best.snapTo
          ? [{ kind: 'mergeNodes', anchorId: best.snapTo, nodeIds: [freeNode.id] }]
          : [{ kind: 'moveNode', nodeId: freeNode.id, from: p, to: best.point }],
        requiresConfirmation: shift > snap,
        distance: best.snapTo ? distance(p, pointOf(context.node(best.snapTo) as Node)) : shift,
        tolerance: snap,
      });
      continue;
    }
    let nearest: Node | null = null;
    let nearestGap = Infinity;
    for (const candidate of index.nodesNear(p)) {
      const node = context.model.nodes[candidate] as Node;
      if (node.id === freeNode.id || node.id === otherNode.id) continue;
      const gap = distance(pointOf(node), p);
      if (
        gap <= gapMax &&
        (gap < nearestGap || (gap === nearestGap && nearest !== null && node.id < nearest.id))
      ) {
        nearest = node;
        nearestGap = gap;
      }
    }
    if (!nearest) continue;
    drafts.push({
      operation: 'R07',
      reason: 'C08',
      issueId: issue.id,
      edits: [{ kind: 'mergeNodes', anchorId: nearest.id, nodeIds: [freeNode.id] }],
      requiresConfirmation: true,
      distance: nearestGap,
      tolerance: gapMax,
    });
    eccentricities.push({
      elementId: member.id,
      end: detail.end,
      offset: sub(p, pointOf(nearest)),
      issueId: issue.id,
    });
  }
  return drafts;
}

/** R07's candidate search: member boxes inflated by each member's cap, and every node; built once per stage. */
interface SupportIndex {
  frames: FrameElement[];
  starts: Node[];
  ends: Node[];
  /** How far beyond its axis a member catches a free end: half its largest section dimension, at most gapMax. */
  caps: Float64Array;
  /** Members (indices into `frames`, ascending = model order) whose inflated box holds the point. */
  membersAround(point: Point3): number[];
  /** Model node indices, ascending, that may lie within gapMax of the point (a superset; callers measure). */
  nodesNear(point: Point3): number[];
}

function supportIndex(context: StageContext): SupportIndex {
  const gapMax = context.tolerances.gapMax;
  const frames: FrameElement[] = [];
  const starts: Node[] = [];
  const ends: Node[] = [];
  const capList: number[] = [];
  for (const element of context.model.elements) {
    if (!isFrameElement(element)) continue;
    const a = context.node(element.startNodeId);
    const b = context.node(element.endNodeId);
    if (!a || !b) continue;
    frames.push(element);
    starts.push(a);
    ends.push(b);
    capList.push(Math.min(0.5 * (context.sectionSize(element.profileId) ?? 2 * gapMax), gapMax));
  }
  const caps = Float64Array.from(capList);
  const boxes = new Float64Array(frames.length * 6);
  const extents = new Float64Array(frames.length);
  for (let f = 0; f < frames.length; f++) {
    const a = starts[f] as Node;
    const b = ends[f] as Node;
    const cap = caps[f] as number;
    const base = f * 6;
    // The same arithmetic as a scan's reject test, so the box holds the free end exactly when the scan would try it.
    boxes[base] = Math.min(a.x, b.x) - cap;
    boxes[base + 1] = Math.min(a.y, b.y) - cap;
    boxes[base + 2] = Math.min(a.z, b.z) - cap;
    boxes[base + 3] = Math.max(a.x, b.x) + cap;
    boxes[base + 4] = Math.max(a.y, b.y) + cap;
    boxes[base + 5] = Math.max(a.z, b.z) + cap;
    extents[f] = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z)) + 2 * cap;
  }
  extents.sort();
  const medianExtent = frames.length > 0 ? (extents[frames.length >> 1] as number) : 1;
  const memberGrid = new BoxGrid(boxes, Math.max(medianExtent, 1e-6));
  const nodes = context.model.nodes;
  const xs = Float64Array.from(nodes, (node) => node.x);
  const ys = Float64Array.from(nodes, (node) => node.y);
  const zs = Float64Array.from(nodes, (node) => node.z);
  // A hair wider than gapMax, so rounding in the squared distance never drops a node the exact test keeps.
  const reach = gapMax * (1 + 1e-6) + 1e-9;
  const nodeGrid = new PointGrid(xs, ys, zs, reach);
  const ascending = (list: number[]) => list.sort((p, q) => p - q);
  return {
    frames,
    starts,
    ends,
    caps,
    membersAround(point) {
      const found: number[] = [];
      memberGrid.forEachOverlapping(point.x, point.y, point.z, point.x, point.y, point.z, (f) =>
        found.push(f),
      );
      return ascending(found);
    },
    nodesNear(point) {
      const found: number[] = [];
      nodeGrid.forEachWithin(point.x, point.y, point.z, reach, (node) => found.push(node));
      return ascending(found);
    },
  };
}

/**
 * R02: every member named by C03 is split once at all its nodes (sorted by t); segment ids are derived from the
 * member's. A node within tolNear of an end is not a split point: it is that end's node, off by a near miss
 * (R01 merges it), and the segment would be a stub.
 * In an ETABS model the splits wait for confirmation: ETABS meshes frames at the joints on them itself (its
 * automatic frame meshing [C3]), so those members are already connected and splitting would only relabel them.
 */
export function splitAtNodes(context: StageContext, issues: readonly Issue[]): Draft[] {
  const byMember = new Map<string, { nodeId: string; t: number; issueId: string }[]>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C03');
    // A node on a span the tool meshes is joined at analysis: splitting there changes nothing but the labels.
    if (!detail || detail.meshed === true) continue;
    const list = byMember.get(detail.elementId);
    const entry = { nodeId: detail.nodeId, t: detail.t, issueId: issue.id };
    if (list) list.push(entry);
    else byMember.set(detail.elementId, [entry]);
  }
  const drafts: Draft[] = [];
  const meshedByTool = context.model.source.tool === 'etabs';
  const taken = (id: string) => context.elements.has(id) || newIds.has(id);
  const newIds = new Set<string>();
  for (const memberId of [...byMember.keys()].sort()) {
    const member = frame(context, memberId);
    if (!member) continue;
    const line = lineOf(context, member);
    if (!line || line.length === 0) continue;
    // A node within tolNear of an end lies at that end: R01 merges it as a near miss; a split would leave a stub.
    const minT = Math.max(context.tolerances.merge, context.tolerances.near) / line.length;
    const points = (byMember.get(memberId) ?? [])
      .filter((point) => point.t > minT && point.t < 1 - minT && context.node(point.nodeId) !== undefined)
      .sort((a, b) => a.t - b.t || (a.nodeId < b.nodeId ? -1 : 1));
    const at: { nodeId: string; t: number }[] = [];
    for (const point of points) {
      const last = at[at.length - 1];
      if (
        last &&
        ((point.t - last.t) * line.length <= context.tolerances.merge || last.nodeId === point.nodeId)
      ) {
        continue;
      }
      at.push({ nodeId: point.nodeId, t: point.t });
    }
    if (at.length === 0) continue;
    const ids = at.map((_, index) => {
      const id = freeDerivedId(memberId, index + 2, taken);
      newIds.add(id);
      return id;
    });
    const gap = Math.max(
      ...at.map((point) => {
        const node = context.node(point.nodeId) as Node;
        const onAxis = {
          x: line.start.x + (line.end.x - line.start.x) * point.t,
          y: line.start.y + (line.end.y - line.start.y) * point.t,
          z: line.start.z + (line.end.z - line.start.z) * point.t,
        };
        return distance(pointOf(node), onAxis);
      }),
    );
    drafts.push({
      operation: 'R02',
      reason: 'C03',
      issueId: (points[0] as { issueId: string }).issueId,
      edits: [{ kind: 'splitMember', elementId: memberId, at, newIds: ids }],
      requiresConfirmation: meshedByTool,
      distance: gap,
      tolerance: context.tolerances.merge,
    });
  }
  return drafts;
}

/**
 * R03 (opt-in): a node at each C04 crossing and both members split there; crossings the check marks intentional
 * (brace × brace, beams at different elevations) wait for a person. A member crossed twice is split at its first
 * crossing here; the pipeline runs the stage again for the rest.
 */
export function splitCrossings(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const touched = new Set<string>();
  const taken = (id: string) => context.elements.has(id) || context.nodes.has(id) || created.has(id);
  const created = new Set<string>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C04');
    if (!detail) continue;
    const [a, b] = detail.elementIds;
    const first = frame(context, a);
    const second = frame(context, b);
    if (!first || !second || touched.has(a) || touched.has(b)) continue;
    touched.add(a);
    touched.add(b);
    const nodeId = freeDerivedId(`X-${a}-${b}`, 1, taken);
    created.add(nodeId);
    const node: Node = {
      id: nodeId,
      source: { tool: 'gusset' },
      name: nodeId,
      attributes: {},
      type: 'Node',
      x: detail.point.x,
      y: detail.point.y,
      z: detail.point.z,
      ...(first.levelId === undefined ? {} : { levelId: first.levelId }),
    };
    const segment = (id: string) => {
      const next = freeDerivedId(id, 2, taken);
      created.add(next);
      return next;
    };
    drafts.push({
      operation: 'R03',
      reason: 'C04',
      issueId: issue.id,
      edits: [
        { kind: 'addNode', node },
        { kind: 'splitMember', elementId: a, at: [{ nodeId, t: detail.t[0] }], newIds: [segment(a)] },
        { kind: 'splitMember', elementId: b, at: [{ nodeId, t: detail.t[1] }], newIds: [segment(b)] },
      ],
      requiresConfirmation: detail.intentional,
      distance: issue.distance,
      tolerance: context.tolerances.merge,
    });
  }
  return drafts;
}

/**
 * R11: the eccentricities R07's snaps removed (the member end left its physical place for a node) become insertion
 * offsets at that end, so the eccentricity moment is kept. Not applicable to the other moves: R01 stays within
 * tolMerge, and R08/R09/R10 correct modelling errors rather than remove a physical offset. C14 findings (offsets
 * already recorded) need nothing.
 */
export function keepOffsets(context: StageContext, eccentricities: readonly Eccentricity[]): Draft[] {
  const drafts: Draft[] = [];
  for (const item of eccentricities) {
    const member = frame(context, item.elementId);
    if (!member || Math.hypot(item.offset.x, item.offset.y, item.offset.z) <= context.tolerances.merge)
      continue;
    const before = member.insertionOffsets ?? null;
    const zero = { x: 0, y: 0, z: 0 };
    const current = before ?? { i: zero, j: zero };
    const endOffset = current[item.end];
    const added = {
      x: endOffset.x + item.offset.x,
      y: endOffset.y + item.offset.y,
      z: endOffset.z + item.offset.z,
    };
    const after = item.end === 'i' ? { i: added, j: current.j } : { i: current.i, j: added };
    drafts.push({
      operation: 'R11',
      reason: 'C08',
      issueId: item.issueId,
      edits: [{ kind: 'setEndOffset', elementId: member.id, before, after }],
      requiresConfirmation: true,
      distance: Math.hypot(item.offset.x, item.offset.y, item.offset.z),
      tolerance: context.tolerances.merge,
    });
  }
  return drafts;
}

const ROTATIONS = ['t', 'm2', 'm3'] as const;

/** The member's releases with the CSI-unstable combinations fixed at the least intrusive place. */
function stableReleases(releases: Releases): Releases {
  const i = { ...releases.i };
  const j = { ...releases.j };
  if (i.p && j.p) i.p = false;
  if (i.t && j.t) i.t = false;
  if (i.m2 && j.m2 && (i.v3 || j.v3)) {
    i.v3 = false;
    j.v3 = false;
  }
  if (i.m3 && j.m3 && (i.v2 || j.v2)) {
    i.v2 = false;
    j.v2 = false;
  }
  return { type: 'Releases', i, j };
}

/**
 * R12: restore the minimum fixity for C15 findings (always confirmed: fixity changes the design). A member's
 * unstable set is fixed on that member; a node where every member end releases a rotation gets that rotation
 * fixed on its lowest-id member.
 */
export function fixReleases(context: StageContext, issues: readonly Issue[]): Draft[] {
  const drafts: Draft[] = [];
  const changed = new Map<string, Releases>();
  for (const issue of issues) {
    const detail = detailOf(issue, 'C15');
    if (!detail) continue;
    const current = (member: FrameElement) => changed.get(member.id) ?? member.releases;
    if (detail.elementId !== null) {
      const member = frame(context, detail.elementId);
      const releases = member ? current(member) : undefined;
      if (!member || !releases) continue;
      const after = stableReleases(releases);
      if (JSON.stringify(after) === JSON.stringify(releases)) continue;
      changed.set(member.id, after);
      drafts.push(releaseDraft(issue, member, releases, after));
      continue;
    }
    if (detail.nodeId === null) continue;
    const nodeId = detail.nodeId;
    const members = context
      .elementsAt(nodeId)
      .map((id) => frame(context, id))
      .filter((member): member is FrameElement => member !== null);
    const endAt = (member: FrameElement) => (member.startNodeId === nodeId ? 'i' : 'j');
    const released = ROTATIONS.filter(
      (name) =>
        members.length > 0 && members.every((member) => current(member)?.[endAt(member)][name] === true),
    );
    const member = members[0];
    const releases = member ? current(member) : undefined;
    if (!member || !releases || released.length === 0) continue;
    const end = endAt(member);
    const fixed = { ...releases[end] };
    for (const name of released) fixed[name] = false;
    const after: Releases = end === 'i' ? { ...releases, i: fixed } : { ...releases, j: fixed };
    changed.set(member.id, after);
    drafts.push(releaseDraft(issue, member, releases, after));
  }
  return drafts;
}

function releaseDraft(issue: Issue, member: FrameElement, before: Releases, after: Releases): Draft {
  return {
    operation: 'R12',
    reason: 'C15',
    issueId: issue.id,
    edits: [{ kind: 'setReleases', elementId: member.id, before, after }],
    requiresConfirmation: true,
    distance: null,
    tolerance: 0,
  };
}

/** Every node and element id an edit names (for ids and highlighting). */
export function editIds(edit: RepairEdit): { nodes: string[]; elements: string[] } {
  switch (edit.kind) {
    case 'moveNode':
    case 'deleteNode':
      return { nodes: [edit.nodeId], elements: [] };
    case 'mergeNodes':
      return { nodes: [edit.anchorId, ...edit.nodeIds], elements: [] };
    case 'addNode':
      return { nodes: [edit.node.id], elements: [] };
    case 'splitMember':
      return { nodes: edit.at.map((point) => point.nodeId), elements: [edit.elementId, ...edit.newIds] };
    case 'replaceEndNode':
      return { nodes: [edit.from, edit.to], elements: [edit.elementId] };
    case 'deleteElement':
    case 'setReleases':
    case 'setEndOffset':
    case 'setType':
      return { nodes: [], elements: [edit.elementId] };
  }
}

export { elementNodeIds };
