import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResultsDiffWire, ResultsSummaryWire } from '../../contract/http/results';
import {
  CHANGED_COLOUR,
  deformedOf,
  reactionsOf,
  resultsMachine,
  type ResultsDisplay,
} from './resultsMachine';
import { createRealtimeFeed, listenToFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';

const VERSION = '00000000-0000-4000-8000-000000000002';
const OLDER = '00000000-0000-4000-8000-000000000001';

const summary: ResultsSummaryWire = {
  versionId: VERSION,
  fileName: 'forces.txt',
  uploadedAt: '2026-11-29T08:00:00.000Z',
  tables: [
    {
      kind: 'frameForces',
      title: 'member forces',
      sources: ['ELEMENT FORCES - FRAMES'],
      rows: 6,
      cases: [
        { name: 'DEAD', type: 'LinStatic' },
        { name: '1.2D+1.6L', type: 'Combination' },
      ],
      components: [
        { component: 'p', quantity: 'force' },
        { component: 'm3', quantity: 'moment' },
      ],
      matched: 2,
      unmatched: 0,
      membersWithoutResults: 0,
    },
  ],
  items: [],
};

function display(component: string, caseName: string): ResultsDisplay {
  const quantity = component === 'p' ? 'force' : 'moment';
  return {
    values: {
      table: 'frameForces',
      component,
      quantity,
      case: caseName,
      idsKey: 'blob:frameForces',
      ids: ['B1', 'B2'],
      values: [-40_000, 25_000],
    },
    diagrams: { component, quantity, case: caseName, members: [] },
    reactions: null,
  };
}

const diff: ResultsDiffWire = {
  component: 'm3',
  quantity: 'moment',
  against: OLDER,
  thresholdPercent: 10,
  changes: [
    {
      member: 'B2',
      case: 'DEAD',
      before: 12_000,
      after: 20_000,
      change: 8_000,
      percent: 66.7,
      relative: 66.7,
    },
  ],
  compared: 2,
  onlyBefore: 0,
  onlyAfter: 0,
  noiseFloor: 200,
};

function start(stored: ResultsSummaryWire | null, feed = createRealtimeFeed()) {
  const asked: string[] = [];
  let summariesFetched = 0;
  const machine = resultsMachine.provide({
    actors: {
      realtime: listenToFeed(feed),
      fetchSummary: fromPromise(async () => {
        summariesFetched++;
        return stored;
      }),
      upload: fromPromise(async ({ input }) => {
        asked.push(`upload ${input.fileName}${input.units ? ` in ${input.units}` : ''}`);
        return summary;
      }),
      fetchDisplay: fromPromise(async ({ input }) => {
        asked.push(`${input.component} ${input.case}`);
        return display(input.component, input.case);
      }),
      fetchDiff: fromPromise(async () => diff),
      fetchDisplacements: fromPromise(async ({ input }) => {
        asked.push(`displacements ${input.case}${input.step ? ` ${input.step}` : ''}`);
        return deformedOf({
          case: input.case,
          step: input.step ?? 'Mode 1',
          steps: [
            { name: 'Mode 1', period: 1.5 },
            { name: 'Mode 2', period: 0.5 },
          ],
          joints: [{ id: 'N2', u: [1, null, -12], r: [0, null, 0] }],
        });
      }),
    },
  });
  const actor = createActor(machine, { input: { modelId: 'm', versionId: VERSION } }).start();
  return { actor, asked, summaries: () => summariesFetched };
}

describe('the results of the version in the viewer', () => {
  it('shows M3 of the first case at once, coloured with its legend, and another case when chosen', async () => {
    const { actor, asked } = start(summary);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    expect(asked).toEqual(['m3 DEAD']);
    const { colouring, legend } = actor.getSnapshot().context;
    expect(legend?.kind).toBe('diverging');
    expect(colouring?.ids).toEqual(['B1', 'B2']);
    // −40 the bluest, +25 on the red side.
    expect(colouring?.palette[colouring.bands[0] ?? 0]).toBe('#2166ac');
    actor.send({ type: 'results.case', name: '1.2D+1.6L' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ ready: { display: 'shown' } }) && asked.length === 2,
    );
    expect(asked[1]).toBe('m3 1.2D+1.6L');
  });

  it('highlights only the members that changed when compared with another version, and goes back after', async () => {
    const { actor } = start(summary);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    actor.send({ type: 'results.compare', versionId: OLDER });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { compare: 'shown' } }));
    const highlight = actor.getSnapshot().context.colouring;
    expect(highlight?.ids).toEqual(['B2']);
    expect(highlight?.palette).toEqual([CHANGED_COLOUR]);
    actor.send({ type: 'results.compare', versionId: null });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { compare: 'off' } }));
    expect(actor.getSnapshot().context.colouring?.ids).toHaveLength(2);
  });

  it('offers an upload when the version has none, and shows the results it stored', async () => {
    const { actor } = start(null);
    await waitFor(actor, (snapshot) => snapshot.matches('none'));
    actor.send({ type: 'results.upload', file: new Blob(['x']), fileName: 'forces.txt' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    expect(actor.getSnapshot().context.summary?.fileName).toBe('forces.txt');
  });

  it('gives an upload the units chosen for a file that does not say them', async () => {
    const { actor, asked } = start(null);
    await waitFor(actor, (snapshot) => snapshot.matches('none'));
    actor.send({ type: 'results.fileUnits', units: 'Kip, ft, F' });
    actor.send({ type: 'results.upload', file: new Blob(['x']), fileName: 'api.csv' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    actor.send({ type: 'results.fileUnits', units: null });
    actor.send({ type: 'results.upload', file: new Blob(['x']), fileName: 'forces.xlsx' });
    await waitFor(actor, () => asked.includes('upload forces.xlsx'));
    expect(asked.filter((entry) => entry.startsWith('upload'))).toEqual([
      'upload api.csv in Kip, ft, F',
      'upload forces.xlsx',
    ]);
  });
});

describe('the deformed shape', () => {
  const withDisplacements: ResultsSummaryWire = {
    ...summary,
    tables: [
      ...summary.tables,
      {
        kind: 'jointDisplacements',
        title: 'joint displacements',
        sources: ['JOINT DISPLACEMENTS'],
        rows: 4,
        cases: [
          { name: 'MODAL', type: 'LinModal' },
          { name: '1.2D+1.6L', type: 'Combination' },
        ],
        components: [{ component: 'ux', quantity: 'length' }],
        matched: 2,
        unmatched: 0,
        membersWithoutResults: 0,
      },
    ],
  };

  it("is fetched only when asked for, under the members' case when the joints have it, and follows its own case", async () => {
    const { actor, asked } = start(withDisplacements);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    // DEAD has no joint displacements: the first case the joints have.
    expect(actor.getSnapshot().context.deformedCase).toBe('MODAL');
    expect(asked.some((entry) => entry.startsWith('displacements'))).toBe(false);
    actor.send({ type: 'results.deformed', show: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { deformed: 'shown' } }));
    expect(asked).toContain('displacements MODAL');
    // A translation the file lacks is none; a rotation it lacks is unknown (the member then follows the chord).
    expect(actor.getSnapshot().context.deformed?.joints[0]).toEqual({
      id: 'N2',
      u: [1, 0, -12],
      r: [0, Number.NaN, 0],
    });
    expect(actor.getSnapshot().context.deformed?.largest).toBeCloseTo(Math.hypot(1, 12), 9);
    // Another mode of the case, then another case: from its first step again.
    actor.send({ type: 'results.deformedStep', name: 'Mode 2' });
    await waitFor(actor, () => asked.includes('displacements MODAL Mode 2'));
    expect(actor.getSnapshot().context.deformed?.step).toBe('Mode 2');
    actor.send({ type: 'results.deformedCase', name: '1.2D+1.6L' });
    await waitFor(actor, () => asked.includes('displacements 1.2D+1.6L'));
    expect(actor.getSnapshot().context.deformedStep).toBeNull();
    actor.send({ type: 'results.animate', on: false });
    expect(actor.getSnapshot().context.animateDeformed).toBe(false);
    actor.send({ type: 'results.deformed', show: false });
    expect(actor.getSnapshot().matches({ ready: { deformed: 'off' } })).toBe(true);
    expect(actor.getSnapshot().context.deformed).toBeNull();
  });

  it('is never offered for results without joint displacements', async () => {
    const { actor } = start(summary);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    actor.send({ type: 'results.deformed', show: true });
    expect(actor.getSnapshot().matches({ ready: { deformed: 'off' } })).toBe(true);
  });
});

describe('results uploaded elsewhere', () => {
  const resultsAdded = (versionId: string, origin: 'anotherUser' | 'thisTab' = 'anotherUser') =>
    aRealtimeEvent(
      { eventName: 'ModelUpdated', data: { modelId: 'm', change: 'resultsAdded', versionId } },
      origin,
    );

  it("are fetched at once onto this version's panel; another version's, or this tab's own, are not", async () => {
    const feed = createRealtimeFeed();
    const { actor, summaries } = start(null, feed);
    await waitFor(actor, (snapshot) => snapshot.matches('none'));
    expect(summaries()).toBe(1);
    feed.publish({ type: 'realtime.event', event: resultsAdded(OLDER) });
    feed.publish({ type: 'realtime.event', event: resultsAdded(VERSION, 'thisTab') });
    expect(actor.getSnapshot().matches('none')).toBe(true);
    feed.publish({ type: 'realtime.event', event: resultsAdded(VERSION) });
    await waitFor(actor, (snapshot) => snapshot.matches('none') && summaries() === 2);
    // Back online after a break: whatever was uploaded meanwhile.
    feed.publish({ type: 'socket.resynced' });
    await waitFor(actor, () => summaries() === 3);
  });

  it('replace the results shown', async () => {
    const feed = createRealtimeFeed();
    const { actor, summaries } = start(summary, feed);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    actor.send({ type: 'results.case', name: '1.2D+1.6L' });
    feed.publish({ type: 'realtime.event', event: resultsAdded(VERSION) });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { display: 'shown' } }));
    expect(summaries()).toBe(2);
    expect(actor.getSnapshot().context.caseName).toBe('DEAD');
  });
});

describe('support reactions from their three components', () => {
  it('pairs FX, FY and FZ by joint and leaves out joints with none', () => {
    const of = (component: string, values: Array<number | null>) => ({
      table: 'jointReactions' as const,
      component,
      quantity: 'force' as const,
      case: 'DEAD',
      idsKey: 'blob:jointReactions',
      ids: ['1@Base', '2@Base', '3@Base'],
      values,
    });
    expect(reactionsOf(of('fx', [0, null, 5]), of('fy', [0, null, 0]), of('fz', [150_000, null, 0]))).toEqual(
      [
        { id: '1@Base', force: [0, 0, 150_000] },
        { id: '3@Base', force: [5, 0, 0] },
      ],
    );
  });
});
