import type { Element, Model, Node } from '../../src/engine/schema';
import { emptyModel } from '../../src/engine/schema';
import { planRepair } from '../../src/engine/repair';
import { defineBenchmark } from '../harness';

const SOURCE = { tool: 'gusset' } as const;
const BAY = 6000;
const STOREY = 3500;
/** Members per storey for a 30 × 30 bay plan: 930 girders, 900 secondaries, 961 columns. */
const BAYS = 30;

const MEMBERS: Record<string, number> = { '1k': 1_000, '10k': 10_000, '100k': 100_000, '1m': 100_000 };

/**
 * A steel floor system: columns on a 6 m grid, girders along X between them, and a secondary beam along Y at the
 * middle of every bay, framing into the girders at mid-span without splitting them (nodes on spans: C03). Each
 * storey has BAYS × (BAYS + 1) such T-junctions.
 */
export function floorSystem(targetMembers: number): Model {
  const model = emptyModel(SOURCE, 'mm');
  const perStorey = BAYS * (BAYS + 1) + BAYS * BAYS + (BAYS + 1) * (BAYS + 1);
  const storeys = Math.max(1, Math.round(targetMembers / perStorey));
  model.profiles.push({
    id: 'W',
    source: SOURCE,
    name: 'W',
    attributes: {},
    type: 'Profile',
    kind: 'frame',
    section: { shape: 'i', depth: 400, flangeWidth: 200, flangeThickness: 12, webThickness: 8 },
  });
  const node = (id: string, x: number, y: number, z: number): Node => {
    const created: Node = { id, source: SOURCE, name: id, attributes: {}, type: 'Node', x, y, z };
    model.nodes.push(created);
    return created;
  };
  const member = (id: string, type: 'Beam' | 'Column', start: string, end: string): void => {
    const element: Element = {
      id,
      source: SOURCE,
      name: id,
      attributes: {},
      type,
      startNodeId: start,
      endNodeId: end,
      profileId: 'W',
    };
    model.elements.push(element);
  };
  for (let k = 0; k <= storeys; k++) {
    for (let ix = 0; ix <= BAYS; ix++)
      for (let iy = 0; iy <= BAYS; iy++) {
        const n = node(`N${ix}_${iy}_${k}`, ix * BAY, iy * BAY, k * STOREY);
        if (k === 0)
          n.restraint = { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true };
        else member(`C${ix}_${iy}_${k}`, 'Column', `N${ix}_${iy}_${k - 1}`, n.id);
      }
    if (k === 0) continue;
    for (let ix = 0; ix < BAYS; ix++)
      for (let iy = 0; iy <= BAYS; iy++) {
        member(`G${ix}_${iy}_${k}`, 'Beam', `N${ix}_${iy}_${k}`, `N${ix + 1}_${iy}_${k}`);
        node(`M${ix}_${iy}_${k}`, (ix + 0.5) * BAY, iy * BAY, k * STOREY);
      }
    for (let ix = 0; ix < BAYS; ix++)
      for (let iy = 0; iy < BAYS; iy++)
        member(`S${ix}_${iy}_${k}`, 'Beam', `M${ix}_${iy}_${k}`, `M${ix}_${iy + 1}_${k}`);
  }
  return model;
}

/**
 * planRepair with only R02 (issue #8: splitting at intersections for 100k members in ≤ 2 s), which includes the
 * checks it runs: the input's full report (its C03 issues feed the stage) and the full report of the repaired model. The
 * yardstick is a deep copy of the same model (JSON round trip): the least any whole-model transform costs.
 */
export default defineBenchmark({
  name: 'repair split',
  setup({ preset, log }) {
    const model = floorSystem(MEMBERS[preset] ?? 100_000);
    const plan = planRepair(model, undefined, { operations: ['R02'] });
    const splits = plan.operations.reduce(
      (sum, operation) =>
        sum +
        operation.edits.reduce(
          (count, edit) => count + (edit.kind === 'splitMember' ? edit.at.length : 0),
          0,
        ),
      0,
    );
    if (plan.after.counts.C03 !== 0) throw new Error(`C03 left after R02: ${plan.after.counts.C03}`);
    log(`${model.elements.length} members, ${plan.before.counts.C03} nodes on spans, ${splits} split points`);
    return {
      baseline: {
        name: 'JSON.parse(JSON.stringify(model))',
        run: () => JSON.parse(JSON.stringify(model)) as unknown,
      },
      cases: [
        {
          name: "planRepair(model, { operations: ['R02'] })",
          run: () => planRepair(model, undefined, { operations: ['R02'] }),
        },
      ],
      note:
        `${model.elements.length} members (${model.nodes.length} nodes), ${plan.before.counts.C03} secondary-beam ends on girder ` +
        `spans split in ${plan.operations.length} operations. The case includes the two complete connectivity reports ` +
        'planRepair makes (before, which the C03 stage reuses, and after). Baseline: a JSON deep copy of the same model.',
    };
  },
});
