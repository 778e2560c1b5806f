/*
 * Connectivity checks (issue #8): C01–C16 of ../shared/docs/repair-diff-domain.md section 7.1.
 * One topology pass (ids → indices, typed coordinates, incidences, levels, grids), C01's merge classes, then each
 * requested check. Graph checks (C03–C06, C08, C09, C13) see the model as it would be after C01's merge, so one
 * coincident pair does not also show up as two free ends and a floating part; the repair pipeline merges first.
 */
import type { Model } from '../schema';
import { PointGrid } from '../spatial';
import type { CheckId, ConnectivityReport, Issue, RepairTolerances } from '../repair/types';
import { CHECK_IDS, defaultTolerances } from '../repair/types';
import {
  checkAreaEdges,
  checkCoincident,
  checkCrossingsAndOverlaps,
  checkDuplicates,
  checkEccentric,
  checkGraph,
  checkNearlyAligned,
  checkNearMisses,
  checkNodesOnMembers,
  checkOffGrid,
  checkOffLevel,
  checkOrientation,
  checkReleases,
  checkShortMembers,
  frameBoxes,
  graphOf,
  joinFloorInteriors,
} from './checks';
import { buildTopology, compareIds } from './topology';

export { analyzeGraph } from './graph';
export type { GraphAnalysis } from './graph';
export { clusterPoints, multiMemberClasses, sameDatum } from './cluster';
export { buildTopology } from './topology';
export type { Topology } from './topology';
export { issueId } from './issues';
export { UnionFind } from './unionFind';

/**
 * Runs the connectivity checks on `model` (all of them unless `checks` names some). Deterministic and independent
 * of the order of the model's collections: issues are sorted by check, then id; `counts` has every check.
 */
export function checkConnectivity(
  model: Model,
  tolerances: RepairTolerances = defaultTolerances(model.units),
  checks: readonly CheckId[] = CHECK_IDS,
): ConnectivityReport {
  const want = new Set(checks);
  const t = buildTopology(model, tolerances);
  const clustering = checkCoincident(t);
  const found: Issue[] = [];
  // No push(...list): a spread of 100k+ issues overflows the call stack.
  const add = (...lists: Issue[][]): void => {
    for (const list of lists) for (const issue of list) found.push(issue);
  };
  if (want.has('C01')) add(clustering.issues);
  if (want.has('C02')) add(checkNearMisses(t, clustering));
  // The joins the model's own tool makes at analysis (auto mesh at joints and crossings, edge constraints) are
  // found by C03, C04 and C13's scans; the graph checks (C08, C09) and C15 see the model with them.
  const joins: number[] = [];
  const boxes = frameBoxes(t);
  const onSpans = checkNodesOnMembers(t, clustering, boxes, joins);
  const spanHosts = new Uint8Array(t.nodeCount);
  for (let k = 0; k < joins.length; k += 2) spanHosts[joins[k] as number] = 1;
  if (want.has('C03')) add(onSpans);
  let meshesCrossings = false;
  for (let f = 0; f < t.frames.length && !meshesCrossings; f++)
    if (t.meshAtCrossings[f]) meshesCrossings = true;
  if (want.has('C04') || want.has('C06') || meshesCrossings) {
    const nodeGrid = new PointGrid(t.xs, t.ys, t.zs, tolerances.merge, t.nodeCount);
    const { crossings, overlaps } = checkCrossingsAndOverlaps(
      t,
      clustering,
      boxes,
      nodeGrid,
      { crossings: want.has('C04'), overlaps: want.has('C06'), joins: meshesCrossings },
      joins,
    );
    add(crossings, overlaps);
  }
  const edges = checkAreaEdges(t, clustering, joins);
  if (want.has('C13')) add(edges);
  // Joints the model's constraints tie (SAP2000 body, equal, weld…) are joined as the analysis joins them.
  for (const value of t.constraintJoins) joins.push(value);
  let graph = graphOf(t, clustering, joins);
  const joined = joins.length;
  joinFloorInteriors(t, graph, joins);
  if (joins.length > joined) graph = graphOf(t, clustering, joins);
  if (want.has('C05')) add(checkDuplicates(t, clustering));
  if (want.has('C07')) add(checkShortMembers(t));
  const { freeEnds, floating } =
    want.has('C08') || want.has('C09') ? checkGraph(t, graph) : { freeEnds: [], floating: [] };
  if (want.has('C08')) add(freeEnds);
  if (want.has('C09')) add(floating);
  if (want.has('C10')) add(checkOffLevel(t));
  if (want.has('C11')) add(checkOffGrid(t));
  if (want.has('C12')) add(checkNearlyAligned(t));
  if (want.has('C14')) add(checkEccentric(t));
  if (want.has('C15')) add(checkReleases(t, spanHosts));
  if (want.has('C16')) add(checkOrientation(t));

  // Sorted by check, then id: each check's list sorted on its own (no check comparison per pair), in check order.
  const byCheck = new Map<CheckId, Issue[]>(CHECK_IDS.map((id) => [id, []]));
  for (const issue of found) (byCheck.get(issue.check) as Issue[]).push(issue);
  const issues: Issue[] = [];
  const counts = Object.fromEntries(CHECK_IDS.map((id) => [id, 0])) as Record<CheckId, number>;
  for (const id of [...CHECK_IDS].sort(compareIds)) {
    const list = (byCheck.get(id) as Issue[]).sort((a, b) => compareIds(a.id, b.id));
    counts[id] = list.length;
    for (const issue of list) issues.push(issue);
  }
  return {
    tolerances,
    counts,
    issues,
    summary: {
      nodes: t.nodeCount,
      members: t.frames.length,
      components: graph.componentCount,
      floatingComponents: graph.floatingRoots.length,
      freeEnds: graph.freeEnds.length,
      nearMisses: counts.C02,
      duplicateGroups: counts.C05,
      unstableReleases: counts.C15,
    },
  };
}
