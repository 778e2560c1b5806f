import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Element, FrameElement, Model, Node, Point3 } from '../schema';
import { isFrameElement } from '../schema';
import { applyEdits } from './apply';
import type { Eccentricity } from './context';
import { StageContext } from './context';
import { FIXED, handModel, member, node } from './handModel';
import {
  collapseZeroLength,
  deleteOrphanNodes,
  extendToSupport,
  fixReleases,
  keepOffsets,
  mergeCoincidentNodes,
  rayToSegment,
  removeDuplicates,
  resolveOverlaps,
  snapToGrid,
  snapToLevel,
  splitAtNodes,
  straighten,
} from './operations';
import type { Issue, IssueDetail } from './types';
import { defaultTolerances } from './types';

const ORIGIN: Point3 = { x: 0, y: 0, z: 0 };

/** An issue as the checks would report it; only what the operations read is filled in with care. */
function issue(
  detail: IssueDetail,
  nodeIds: string[] = [],
  elementIds: string[] = [],
  distance: number | null = null,
): Issue {
  return {
    id: `${detail.check}:${[...nodeIds, ...elementIds].sort().join(',')}`,
    check: detail.check,
    severity: 'error',
    nodeIds: [...nodeIds].sort(),
    elementIds: [...elementIds].sort(),
    location: ORIGIN,
    distance,
    detail,
  };
}

function context(model: Model): StageContext {
  return new StageContext(model, defaultTolerances('mm'));
}

describe('repair operations', () => {
  it('R13 deletes only nodes with nothing on them', () => {
    const model = handModel(
      [
        node('1', 0, 0, 0, { restraint: FIXED }),
        node('2', 0, 0, 3000),
        node('3', 5, 5, 5),
        node('4', 9, 9, 9),
      ],
      [member('C1', 'Column', '1', '2')],
    );
    model.nodes.push(node('0', 1, 1, 1, { restraint: FIXED }));
    const drafts = deleteOrphanNodes(context(model));
    expect(drafts.map((draft) => draft.edits)).toEqual([
      [{ kind: 'deleteNode', nodeId: '3' }],
      [{ kind: 'deleteNode', nodeId: '4' }],
    ]);
    expect(drafts.every((draft) => !draft.requiresConfirmation)).toBe(true);
  });

  it('R01 merges a cluster into its anchor automatically, and proposes a refused cluster for confirmation', () => {
    const model = handModel(
      [
        node('1', 0, 0, 0),
        node('2', 0.4, 0, 0),
        node('3', 10, 0, 0),
        node('4', 11.5, 0, 0),
        node('5', 13, 0, 0),
      ],
      [],
    );
    const drafts = mergeCoincidentNodes(context(model), [
      issue({ check: 'C01', anchorId: '1', diameter: 0.4, refused: false }, ['1', '2']),
      issue({ check: 'C01', anchorId: '4', diameter: 3, refused: true }, ['3', '4', '5']),
    ]);
    expect(drafts.map((draft) => [draft.edits, draft.requiresConfirmation, draft.distance])).toEqual([
      [[{ kind: 'mergeNodes', anchorId: '1', nodeIds: ['2'] }], false, 0.4],
      [[{ kind: 'mergeNodes', anchorId: '4', nodeIds: ['3', '5'] }], true, 1.5],
    ]);
  });

  it('R06 deletes a zero-length member and keeps its restrained end; a short member is left alone', () => {
    const model = handModel(
      [node('1', 0, 0, 0), node('2', 0, 0, 0.5, { restraint: FIXED }), node('3', 0, 0, 50)],
      [member('L0', 'Brace', '1', '2'), member('L50', 'Brace', '2', '3')],
    );
    const drafts = collapseZeroLength(context(model), [
      issue({ check: 'C07', elementId: 'L0', length: 0.5 }, [], ['L0']),
      { ...issue({ check: 'C07', elementId: 'L50', length: 50 }, [], ['L50']), severity: 'warning' },
    ]);
    expect(drafts.map((draft) => draft.edits)).toEqual([
      [
        { kind: 'deleteElement', elementId: 'L0' },
        { kind: 'mergeNodes', anchorId: '2', nodeIds: ['1'] },
      ],
    ]);
  });

  it('R04 deletes identical duplicates automatically and asks when a duplicate differs', () => {
    const model = handModel(
      [node('1', 0, 0, 0), node('2', 5000, 0, 0)],
      [
        member('B1', 'Beam', '1', '2'),
        member('B1copy', 'Beam', '2', '1'),
        member('B2', 'Beam', '1', '2', { profileId: 'P2' }),
      ],
    );
    const same = removeDuplicates(context(model), [
      issue({ check: 'C05', keepId: 'B1', duplicateIds: ['B1copy'] }, [], ['B1', 'B1copy']),
    ]);
    expect(same.map((draft) => [draft.edits, draft.requiresConfirmation])).toEqual([
      [[{ kind: 'deleteElement', elementId: 'B1copy' }], false],
    ]);
    const different = removeDuplicates(context(model), [
      issue({ check: 'C05', keepId: 'B1', duplicateIds: ['B2'] }, [], ['B1', 'B2']),
    ]);
    expect(different[0]?.requiresConfirmation).toBe(true);
  });

  it('R05 deletes the original of a beam split in two and kept; a short piece inside a beam goes instead', () => {
    const model = handModel(
      [
        node('1', 0, 0, 0),
        node('2', 3000, 0, 0),
        node('3', 6000, 0, 0),
        node('4', 1000, 0, 0),
        node('5', 1500, 0, 0),
      ],
      [
        member('B', 'Beam', '1', '3'),
        member('H1', 'Beam', '1', '2'),
        member('H2', 'Beam', '2', '3'),
        member('L', 'Beam', '1', '3', { name: 'L' }),
        member('S', 'Beam', '4', '5'),
      ],
    );
    const covered = resolveOverlaps(context(model), [
      issue({ check: 'C06', elementIds: ['B', 'H1'], overlapLength: 3000 }, [], ['B', 'H1']),
      issue({ check: 'C06', elementIds: ['B', 'H2'], overlapLength: 3000 }, [], ['B', 'H2']),
    ]);
    expect(covered.map((draft) => [draft.edits, draft.requiresConfirmation])).toEqual([
      [[{ kind: 'deleteElement', elementId: 'B' }], false],
    ]);
    const piece = resolveOverlaps(context(model), [
      issue({ check: 'C06', elementIds: ['L', 'S'], overlapLength: 500 }, [], ['L', 'S']),
    ]);
    expect(piece.map((draft) => draft.edits)).toEqual([[{ kind: 'deleteElement', elementId: 'S' }]]);
  });

  it('R08 snaps z to the level within tolSnap automatically and proposes larger moves; R09 snaps plan to the grid', () => {
    const model = handModel([node('1', 0, 0, 3012), node('2', 5000, 0, 3300), node('3', 4995, 2, 3000)], [], {
      levels: [
        {
          id: 'L1',
          source: { tool: 'etabs' },
          name: 'L1',
          attributes: {},
          type: 'Level',
          elevation: 3000,
          height: 3000,
        },
      ],
    });
    const level = snapToLevel(context(model), [
      issue({ check: 'C10', nodeId: '1', levelId: 'L1', dz: 12, auto: true }, ['1']),
      issue({ check: 'C10', nodeId: '2', levelId: 'L1', dz: 300, auto: false }, ['2']),
    ]);
    expect(level.map((draft) => [draft.edits[0], draft.requiresConfirmation, draft.distance])).toEqual([
      [
        { kind: 'moveNode', nodeId: '1', from: { x: 0, y: 0, z: 3012 }, to: { x: 0, y: 0, z: 3000 } },
        false,
        12,
      ],
      [
        { kind: 'moveNode', nodeId: '2', from: { x: 5000, y: 0, z: 3300 }, to: { x: 5000, y: 0, z: 3000 } },
        true,
        300,
      ],
    ]);
    const grid = snapToGrid(context(model), [
      issue({ check: 'C11', nodeId: '3', gridIds: ['A', '2'], target: { x: 5000, y: 0, z: 0 }, auto: true }, [
        '3',
      ]),
    ]);
    expect(grid[0]?.edits[0]).toEqual({
      kind: 'moveNode',
      nodeId: '3',
      from: { x: 4995, y: 2, z: 3000 },
      to: { x: 5000, y: 0, z: 3000 },
    });
    expect(grid[0]?.requiresConfirmation).toBe(false);
  });

  it('R10 levels a beam tilted 0.2° from its end at a level and makes it a Beam', () => {
    const rise = 5000 * Math.tan((0.2 * Math.PI) / 180);
    const model = handModel(
      [node('1', 0, 0, 3000), node('2', 5000, 0, 3000 + rise)],
      [member('X', 'Brace', '1', '2')],
      {
        levels: [
          {
            id: 'L1',
            source: { tool: 'etabs' },
            name: 'L1',
            attributes: {},
            type: 'Level',
            elevation: 3000,
            height: 3000,
          },
        ],
      },
    );
    const drafts = straighten(context(model), [
      issue(
        { check: 'C12', elementId: 'X', angle: 0.2, currentType: 'Brace', suggestedType: 'Beam' },
        [],
        ['X'],
      ),
    ]);
    expect(drafts[0]?.edits).toEqual([
      {
        kind: 'moveNode',
        nodeId: '2',
        from: { x: 5000, y: 0, z: 3000 + rise },
        to: { x: 5000, y: 0, z: 3000 },
      },
      { kind: 'setType', elementId: 'X', from: 'Brace', to: 'Beam' },
    ]);
    expect(drafts[0]?.requiresConfirmation).toBe(false);
  });

  it('R07 extends a beam stopping 150 mm short of a column axis (300 mm column: cap 150 mm), for confirmation', () => {
    const model = handModel(
      [
        node('c0', 6000, 0, 0, { restraint: FIXED }),
        node('c1', 6000, 0, 3000),
        node('b0', 0, 0, 1500),
        node('b1', 5850, 0, 1500),
      ],
      [member('C', 'Column', 'c0', 'c1'), member('B', 'Beam', 'b0', 'b1')],
    );
    const drafts = extendToSupport(
      context(model),
      [issue({ check: 'C08', elementId: 'B', end: 'j', nodeId: 'b1' }, ['b1'], ['B'])],
      [],
    );
    expect(drafts).toHaveLength(1);
    const edit = drafts[0]?.edits[0];
    expect(edit?.kind).toBe('moveNode');
    if (edit?.kind !== 'moveNode') return;
    expect(edit.to.x).toBeCloseTo(6000, 9);
    expect(edit.to.z).toBeCloseTo(1500, 9);
    expect(drafts[0]?.distance).toBeCloseTo(150, 9);
    expect(drafts[0]?.requiresConfirmation).toBe(true);
    // Then the column is split where the beam arrives (R02).
    const moved = applyEdits(model, drafts[0]?.edits ?? []);
    const split = splitAtNodes(context(moved), [
      issue({ check: 'C03', elementId: 'C', nodeId: 'b1', t: 0.5 }, ['b1'], ['C']),
    ]);
    expect(split[0]?.edits).toEqual([
      { kind: 'splitMember', elementId: 'C', at: [{ nodeId: 'b1', t: 0.5 }], newIds: ['C.2'] },
    ]);
  });

  it('R07 beyond the cap falls back to the nearest node for confirmation, and R11 keeps the old end as an offset', () => {
    const model = handModel(
      [
        node('n0', 0, 0, 3000),
        node('n1', 4800, 0, 3000),
        node('t', 4800, 200, 3000),
        node('u', 4800, 200, 0, { restraint: FIXED }),
      ],
      [member('B', 'Beam', 'n0', 'n1'), member('C', 'Column', 'u', 't')],
    );
    const eccentricities: Eccentricity[] = [];
    const drafts = extendToSupport(
      context(model),
      [issue({ check: 'C08', elementId: 'B', end: 'j', nodeId: 'n1' }, ['n1'], ['B'])],
      eccentricities,
    );
    expect(drafts.map((draft) => [draft.edits, draft.requiresConfirmation, draft.distance])).toEqual([
      [[{ kind: 'mergeNodes', anchorId: 't', nodeIds: ['n1'] }], true, 200],
    ]);
    const after = applyEdits(model, drafts[0]?.edits ?? []);
    const offsets = keepOffsets(context(after), eccentricities);
    expect(offsets[0]?.edits).toEqual([
      {
        kind: 'setEndOffset',
        elementId: 'B',
        before: null,
        after: { i: { x: 0, y: 0, z: 0 }, j: { x: 0, y: -200, z: 0 } },
      },
    ]);
  });

  it('R02 splits a member once at all its nodes, sorted along it, skipping points within tolMerge of an end', () => {
    const model = handModel(
      [
        node('1', 0, 0, 0),
        node('2', 9000, 0, 0),
        node('a', 6000, 0, 0),
        node('b', 3000, 0, 0),
        node('e', 0.5, 0, 0),
      ],
      [member('G', 'Beam', '1', '2')],
    );
    const drafts = splitAtNodes(context(model), [
      issue({ check: 'C03', elementId: 'G', nodeId: 'a', t: 2 / 3 }, ['a'], ['G']),
      issue({ check: 'C03', elementId: 'G', nodeId: 'b', t: 1 / 3 }, ['b'], ['G']),
      issue({ check: 'C03', elementId: 'G', nodeId: 'e', t: 0.5 / 9000 }, ['e'], ['G']),
    ]);
    expect(drafts.map((draft) => draft.edits)).toEqual([
      [
        {
          kind: 'splitMember',
          elementId: 'G',
          at: [
            { nodeId: 'b', t: 1 / 3 },
            { nodeId: 'a', t: 2 / 3 },
          ],
          newIds: ['G.2', 'G.3'],
        },
      ],
    ]);
    const split = applyEdits(model, drafts[0]?.edits ?? []);
    expect(split.elements.map((element) => element.id)).toEqual(['G', 'G.2', 'G.3']);
  });

  it('R12 fixes torsion released at both ends, for confirmation', () => {
    const released = { p: false, v2: false, v3: false, t: true, m2: true, m3: true };
    const model = handModel(
      [node('1', 0, 0, 0), node('2', 5000, 0, 0)],
      [member('B', 'Beam', '1', '2', { releases: { type: 'Releases', i: released, j: released } })],
    );
    const drafts = fixReleases(context(model), [
      issue(
        { check: 'C15', elementId: 'B', nodeId: null, reason: 'torsion released at both ends' },
        [],
        ['B'],
      ),
    ]);
    const edit = drafts[0]?.edits[0];
    expect(edit?.kind === 'setReleases' && edit.after?.i.t).toBe(false);
    expect(edit?.kind === 'setReleases' && edit.after?.j.t).toBe(true);
    expect(drafts[0]?.requiresConfirmation).toBe(true);
  });
});

const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 50), 300);

/**
 * R07 as first written: every free end against every member, then every node (the brute-force reference). Returns
 * what each draft would be: the issue, its edit, its distance.
 */
function extendToSupportByScan(context: StageContext, issues: readonly Issue[]): unknown[] {
  const { merge, gapMax } = context.tolerances;
  const frames = context.model.elements.filter(isFrameElement);
  const used = new Set<string>();
  const found: unknown[] = [];
  const at = (node: Node): Point3 => ({ x: node.x, y: node.y, z: node.z });
  const gapOf = (a: Point3, b: Point3) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
  for (const item of issues) {
    if (item.detail.check !== 'C08' || used.has(item.detail.nodeId)) continue;
    const detail = item.detail;
    const owner = context.elements.get(detail.elementId) as FrameElement;
    const free = context.node(detail.nodeId) as Node;
    const other = context.node(detail.end === 'i' ? owner.endNodeId : owner.startNodeId) as Node;
    const p = at(free);
    const length = gapOf(p, at(other));
    if (free.id === other.id || length === 0) continue;
    const d = { x: (p.x - other.x) / length, y: (p.y - other.y) / length, z: (p.z - other.z) / length };
    let best: { s: number; targetId: string; point: Point3; snapTo: Node | null } | null = null;
    for (const target of frames) {
      if (target.id === owner.id || target.startNodeId === free.id || target.endNodeId === free.id) continue;
      const a = context.node(target.startNodeId) as Node;
      const b = context.node(target.endNodeId) as Node;
      const cap = Math.min(0.5 * (context.sectionSize(target.profileId) ?? 2 * gapMax), gapMax);
      const outside =
        Math.min(a.x, b.x) - cap > p.x ||
        Math.max(a.x, b.x) + cap < p.x ||
        Math.min(a.y, b.y) - cap > p.y ||
        Math.max(a.y, b.y) + cap < p.y ||
        Math.min(a.z, b.z) - cap > p.z ||
        Math.max(a.z, b.z) + cap < p.z;
      if (outside) continue;
      const hit = rayToSegment(p, d, at(a), at(b));
      if (!hit || hit.gap > merge || Math.abs(hit.s) > cap || hit.s <= merge - length) continue;
      if (
        !best ||
        Math.abs(hit.s) < Math.abs(best.s) - 1e-9 ||
        (Math.abs(hit.s - best.s) <= 1e-9 && target.id < best.targetId)
      ) {
        const snapTo = [a, b].find((end) => gapOf(at(end), hit.point) <= merge) ?? null;
        best = { s: hit.s, targetId: target.id, point: hit.point, snapTo };
      }
    }
    used.add(free.id);
    if (best) {
      if (Math.abs(best.s) <= merge && best.snapTo === null) continue;
      found.push(
        best.snapTo
          ? [
              item.id,
              { kind: 'mergeNodes', anchorId: best.snapTo.id, nodeIds: [free.id] },
              gapOf(p, at(best.snapTo)),
            ]
          : [item.id, { kind: 'moveNode', nodeId: free.id, from: p, to: best.point }, Math.abs(best.s)],
      );
      continue;
    }
    let nearest: Node | null = null;
    let nearestGap = Infinity;
    for (const node of context.model.nodes) {
      if (node.id === free.id || node.id === other.id) continue;
      const gap = gapOf(at(node), p);
      if (
        gap <= gapMax &&
        (gap < nearestGap || (gap === nearestGap && nearest !== null && node.id < nearest.id))
      ) {
        nearest = node;
        nearestGap = gap;
      }
    }
    if (nearest)
      found.push([item.id, { kind: 'mergeNodes', anchorId: nearest.id, nodeIds: [free.id] }, nearestGap]);
  }
  return found;
}

describe('R07 candidate search', () => {
  it('finds the same support as a scan of every member and node, for every free end', () => {
    let found = 0;
    // Members on a 1 m lattice with ends pulled back or pushed past by up to 600 mm: ends stop short of, reach and
    // overshoot other members' axes, near nodes and far from everything; half the members have no section (cap 500).
    const memberArbitrary = fc.record({
      x: fc.integer({ min: 0, max: 4 }),
      y: fc.integer({ min: 0, max: 4 }),
      z: fc.integer({ min: 0, max: 2 }),
      axis: fc.constantFrom(0, 1, 2),
      span: fc.integer({ min: 1, max: 3 }),
      trimStart: fc.integer({ min: -600, max: 600 }),
      trimEnd: fc.integer({ min: -600, max: 600 }),
      sideways: fc.integer({ min: -3, max: 3 }),
      section: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(memberArbitrary, { minLength: 2, maxLength: 60 }), (list) => {
        const nodes: Node[] = [];
        const elements: Element[] = [];
        list.forEach((m, k) => {
          const start = [m.x * 1000, m.y * 1000, m.z * 1000];
          const end = [...start];
          start[m.axis] = (start[m.axis] as number) - m.trimStart;
          end[m.axis] = (end[m.axis] as number) + m.span * 1000 + m.trimEnd;
          // A small sideways offset, so some ends miss an axis by less than tolMerge and some by more.
          start[(m.axis + 1) % 3] = (start[(m.axis + 1) % 3] as number) + m.sideways * 0.4;
          nodes.push(node(`a${k}`, start[0] as number, start[1] as number, start[2] as number));
          nodes.push(node(`b${k}`, end[0] as number, end[1] as number, end[2] as number));
          const type = m.axis === 2 ? 'Column' : 'Beam';
          elements.push(member(`M${k}`, type, `a${k}`, `b${k}`, m.section ? {} : { profileId: undefined }));
        });
        const model = handModel(nodes, elements);
        const issues = list.flatMap((_, k) => [
          issue({ check: 'C08', elementId: `M${k}`, end: 'i', nodeId: `a${k}` }, [`a${k}`], [`M${k}`]),
          issue({ check: 'C08', elementId: `M${k}`, end: 'j', nodeId: `b${k}` }, [`b${k}`], [`M${k}`]),
        ]);
        const drafts = extendToSupport(context(model), issues, []);
        const expected = extendToSupportByScan(context(model), issues);
        expect(drafts.map((draft) => [draft.issueId, draft.edits[0], draft.distance])).toEqual(expected);
        // Not a vacuous agreement: across runs, ends do find supports.
        found += expected.length;
      }),
      { numRuns: RUNS },
    );
    expect(found).toBeGreaterThan(RUNS);
  });
});
