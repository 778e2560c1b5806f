/*
 * Issue #21 part 3: repairs never make a model worse. The real case was an 8-storey ETABS building whose plan
 * offered 208 splits ("into 2 segments (0 m)"), five of which left beam stubs of 17 mm: a node 17 mm off a column
 * line sat on a beam's span and was split around instead of merged with the column's node.
 */
import { describe, expect, it } from 'vitest';
import { checkConnectivity } from '../connectivity';
import { readE2k } from '../formats/etabs';
import type { FrameElement, Model, Node } from '../schema';
import { emptyModel, isFrameElement } from '../schema';
import { applyRepair, describeOperation, planRepair } from './index';
import { gridBuilding, injectDefects } from './testing/defects';
import type { CheckId } from './types';
import { CHECK_IDS } from './types';

/**
 * Columns on the lines X = 0 and X = 7 m; B108 spans 1–2 along Y = 0, B109 spans 4–5 along Y = 6 m. A
 * secondary beam B200 was drawn 17 mm off the X = 0 column line, so its ends (3, 8) sit on the girders' spans
 * 17 mm from the column nodes (1, 4): two near misses, and a split there would leave 17 mm stubs. B300 frames
 * into both girders at 2.35 m: two genuine T-junctions.
 */
const FILE = [
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "01"  HEIGHT 3.5',
  '  STORY "Base"  ELEV 0',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "S355"  TYPE "Steel"',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "W1"  MATERIAL "S355"  SHAPE "Steel I/Wide Flange"  D 0.4 B 0.2 TF 0.02 TW 0.01',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  7 0',
  '  POINT "4"  0 6',
  '  POINT "5"  7 6',
  '  POINT "3"  0.017 0',
  '  POINT "8"  0.017 6',
  '  POINT "N-1"  2.35 0',
  '  POINT "N-2"  2.35 6',
  '$ POINT ASSIGNS',
  '  POINTASSIGN  "1"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"  ',
  '  POINTASSIGN  "2"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"  ',
  '  POINTASSIGN  "4"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"  ',
  '  POINTASSIGN  "5"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"  ',
  '$ LINE CONNECTIVITIES',
  '  LINE  "C1"  COLUMN  "1"  "1"  1',
  '  LINE  "C2"  COLUMN  "2"  "2"  1',
  '  LINE  "C4"  COLUMN  "4"  "4"  1',
  '  LINE  "C5"  COLUMN  "5"  "5"  1',
  '  LINE  "B108"  BEAM  "1"  "2"  0',
  '  LINE  "B109"  BEAM  "4"  "5"  0',
  '  LINE  "B200"  BEAM  "3"  "8"  0',
  '  LINE  "B300"  BEAM  "N-1"  "N-2"  0',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "C1"  "01"  SECTION "W1"',
  '  LINEASSIGN  "C2"  "01"  SECTION "W1"',
  '  LINEASSIGN  "C4"  "01"  SECTION "W1"',
  '  LINEASSIGN  "C5"  "01"  SECTION "W1"',
  // Auto-mesh off on the girders (the engineer's choice): ETABS will not join the T-junctions itself.
  '  LINEASSIGN  "B108"  "01"  SECTION "W1"  AUTOMESH "NO"',
  '  LINEASSIGN  "B109"  "01"  SECTION "W1"  AUTOMESH "NO"',
  '  LINEASSIGN  "B200"  "01"  SECTION "W1"',
  '  LINEASSIGN  "B300"  "01"  SECTION "W1"',
  '$ END OF MODEL FILE',
  '',
].join('\n');

function counts(model: Model): Record<CheckId, number> {
  return checkConnectivity(model).counts;
}

function shortMembers(model: Model): string[] {
  const nodes = new Map(model.nodes.map((node) => [node.id, node]));
  return model.elements
    .filter(isFrameElement)
    .filter((member: FrameElement) => {
      const a = nodes.get(member.startNodeId);
      const b = nodes.get(member.endNodeId);
      return !a || !b || Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) < 100;
    })
    .map((member) => member.id);
}

describe('issue #21: a beam span with a node 17 mm off a column line (ETABS)', () => {
  const model = readE2k(new TextEncoder().encode(FILE)).model;
  const plan = planRepair(model);
  const sentences = plan.operations.map((operation) => describeOperation(operation, model, 'm'));

  it('reads as the real building did: near misses and nodes on spans, no short member yet', () => {
    expect(plan.before.counts.C02).toBe(2);
    expect(plan.before.counts.C03).toBe(4);
    expect(shortMembers(model)).toEqual([]);
  });

  it('merges each near miss into the column node instead of splitting the girder around it', () => {
    const merges = plan.operations.filter((operation) => operation.operation === 'R01');
    expect(merges.map((operation) => operation.edits)).toEqual([
      [{ kind: 'mergeNodes', anchorId: '1@01', nodeIds: ['3@01'] }],
      [{ kind: 'mergeNodes', anchorId: '4@01', nodeIds: ['8@01'] }],
    ]);
    expect(merges.every((operation) => operation.reason === 'C02' && operation.requiresConfirmation)).toBe(
      true,
    );
    // No split names the near-miss nodes: they lie at the girders' ends.
    const splits = plan.operations.filter((operation) => operation.operation === 'R02');
    expect(splits.flatMap((operation) => operation.nodeIds).sort()).toEqual(['N-1@01', 'N-2@01']);
  });

  it('says what it does in engineering words, with real lengths', () => {
    expect(sentences).toContain(
      'Merge near-miss nodes: merge node 3 at 01 into node 1 at 01 (kept; 3 moves 0.017 m) — needs confirmation',
    );
    expect(sentences).toContain(
      'Split member at node: split beam B108 at 01 at node N-1 at 01, 2.35 m from its i-end, into 2.35 m and 4.65 m — needs confirmation',
    );
    for (const sentence of sentences) expect(sentence).not.toMatch(/\(0 m\)/);
  });

  it('commits without a new short member and without any check finding more', () => {
    const before = counts(model);
    for (const accepted of ['all', 'auto'] as const) {
      const repaired = applyRepair(model, plan.operations, accepted).model;
      expect(shortMembers(repaired)).toEqual([]);
      const after = counts(repaired);
      for (const check of CHECK_IDS) expect(after[check], check).toBeLessThanOrEqual(before[check]);
    }
    const all = counts(applyRepair(model, plan.operations, 'all').model);
    expect(all.C02).toBe(0);
    expect(all.C03).toBe(0);
    expect(all.C07).toBe(0);
  });

  it('never offers a split within tolNear of a member end, even when R01 is not run', () => {
    const splitsOnly = planRepair(model, undefined, { operations: ['R02'] });
    expect(splitsOnly.operations.flatMap((operation) => operation.nodeIds).sort()).toEqual([
      'N-1@01',
      'N-2@01',
    ]);
    expect(shortMembers(applyRepair(model, splitsOnly.operations, 'all').model)).toEqual([]);
  });
});

describe('issue #21: the same girders left to ETABS, which meshes them at the T-junctions', () => {
  const meshed = FILE.replaceAll('  AUTOMESH "NO"', '');
  const model = readE2k(new TextEncoder().encode(meshed)).model;
  const plan = planRepair(model);

  it('offers no split (the junctions are joined at analysis) and still merges the near misses', () => {
    expect(plan.operations.filter((operation) => operation.operation === 'R02')).toEqual([]);
    expect(plan.operations.filter((operation) => operation.operation === 'R01')).toHaveLength(2);
    const repaired = applyRepair(model, plan.operations, 'all').model;
    expect(shortMembers(repaired)).toEqual([]);
    expect(counts(repaired).C02).toBe(0);
  });
});

describe('the guard', () => {
  /**
   * A 6 m beam at 3.5 m and a column whose top is 0.5 mm below the beam's axis at mid-span: a node on the span
   * (C03, within tolMerge), but splitting there would tilt both halves by 0.005° (two new C12 findings).
   */
  const model = emptyModel({ tool: 'gusset' }, 'mm');
  const node = (id: string, x: number, y: number, z: number, fixed = false): Node => ({
    id,
    source: { tool: 'gusset' },
    name: id,
    attributes: {},
    type: 'Node',
    x,
    y,
    z,
    ...(fixed
      ? { restraint: { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true } }
      : {}),
  });
  const member = (id: string, type: 'Beam' | 'Column', start: string, end: string): FrameElement => ({
    id,
    source: { tool: 'gusset' },
    name: id,
    attributes: {},
    type,
    startNodeId: start,
    endNodeId: end,
  });
  model.nodes.push(
    node('A0', 0, 0, 0, true),
    node('B0', 6000, 0, 0, true),
    node('M0', 3000, 0, 0, true),
    node('A', 0, 0, 3500),
    node('B', 6000, 0, 3500),
    node('M', 3000, 0, 3499.5),
  );
  model.elements.push(
    member('CA', 'Column', 'A0', 'A'),
    member('CB', 'Column', 'B0', 'B'),
    member('CM', 'Column', 'M0', 'M'),
    member('G', 'Beam', 'A', 'B'),
  );

  it('does not propose an operation that adds a finding, and counts it with the reason', () => {
    const plan = planRepair(model);
    expect(plan.before.counts.C03).toBe(1);
    expect(plan.operations.filter((operation) => operation.operation === 'R02')).toEqual([]);
    expect(plan.rejected).toEqual([
      expect.objectContaining({
        operation: 'R02',
        reason: 'C03',
        elementIds: ['G', 'G.2'],
        nodeIds: ['M'],
        added: { C12: 2 },
        why: 'would add 2 × Nearly horizontal or vertical members (C12)',
      }),
    ]);
    expect(plan.after.counts).toEqual(plan.before.counts);
  });
});

describe('the near miss on a span defect (testing/defects.ts)', () => {
  it('is found exactly as its oracle says, and the plan merges it rather than splitting the girder', () => {
    const building = gridBuilding({ bays: [10, 4], stories: 2, bay: 6000, storyHeight: 3500, seed: 4 });
    const { model, oracle } = injectDefects(building, { nearMissOnSpan: 2, seed: 4 });
    const report = checkConnectivity(model);
    for (const check of CHECK_IDS)
      expect(
        report.issues
          .filter((issue) => issue.check === check)
          .map((issue) => issue.id)
          .sort(),
        check,
      ).toEqual(oracle[check]);
    const plan = planRepair(model);
    expect(plan.operations.filter((operation) => operation.reason === 'C02')).toHaveLength(2);
    expect(plan.operations.filter((operation) => operation.operation === 'R02')).toEqual([]);
    const after = checkConnectivity(applyRepair(model, plan.operations, 'all').model);
    expect(after.issues).toEqual([]);
  });
});
