import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelRole } from '../../contract/http/models';
import type { SceneData } from '../../engine/scene';
import { failure, ok } from '../../machines/auth/fakeHttpClient';
import { aModel, aVersion, createRecordingHttp } from '../../machines/model/modelTestKit';
import { answerRepairRoutes, repairJob } from '../../machines/repair/repairTestKit';
import { aUser } from '../../machines/session/sessionTestKit';
import { aRealtimeEvent } from '../../machines/socket/socketTestKit';
import type { EventOrigin } from '../../machines/socket/types';
import type { Viewer } from '../../viewer/types';
import { renderApp } from '../app/testApp';

/**
 * The repair screen with everything real but Babylon: `createViewer` is replaced by a recording fake, so these
 * tests see what the repair canvas asks of the viewer.
 */

interface FakeViewer extends Viewer {
  calls: Array<[method: string, ...args: unknown[]]>;
}

const viewers: FakeViewer[] = [];

function createFakeViewer(theme: string | undefined): FakeViewer {
  const calls: FakeViewer['calls'] = [['create', theme]];
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      calls.push([method, ...args]);
    };
  return {
    calls,
    load: async (scene: SceneData) => {
      calls.push(['load', scene]);
    },
    setTheme: record('setTheme'),
    showDiff: record('showDiff'),
    showValues: record('showValues'),
    showDiagrams: record('showDiagrams'),
    showReactions: record('showReactions'),
    showDeformed: record('showDeformed'),
    filter: record('filter'),
    isolate: record('isolate'),
    isolateLevel: record('isolateLevel'),
    setSectionBox: record('setSectionBox'),
    setLayerVisible: record('setLayerVisible'),
    setView: record('setView'),
    showPlan: record('showPlan'),
    showElevation: record('showElevation'),
    showPerspective: record('showPerspective'),
    zoomToFit: record('zoomToFit'),
    fitBox: record('fitBox'),
    flyTo: record('flyTo'),
    pick: () => null,
    select: record('select'),
    setHoverPicking: record('setHoverPicking'),
    resize: record('resize'),
    screenshot: async () => 'data:image/png;base64,iVBORw0KGgo=',
    loadContextGeometry: async () => {},
    on: () => () => {},
    dispose: record('dispose'),
  };
}

vi.mock('../../viewer', () => ({
  createViewer: (_canvas: HTMLCanvasElement, options: { theme?: string } = {}) => {
    const viewer = createFakeViewer(options.theme);
    viewers.push(viewer);
    return viewer;
  },
  installViewerTestApi: () => () => {},
}));

afterEach(() => {
  viewers.length = 0;
});

const lastViewer = () => {
  const viewer = viewers.at(-1);
  if (!viewer) throw new Error('no viewer was created');
  return viewer;
};
const callsOf = (method: string) => lastViewer().calls.filter(([name]) => name === method);

async function openRepair(role: ModelRole = 'WRITE', repairScheme?: 'dark' | 'light' | 'white') {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel(role, { versions: [aVersion(2), aVersion(1)] })));
  answerRepairRoutes(api);
  const user = repairScheme
    ? aUser({ preferences: { colorSchemes: { default: 'light', repair: repairScheme }, testingGroup: null } })
    : undefined;
  const app = await renderApp({ path: '/model/model-1/visualize/repair', http: api.http, user });
  const publish = (payload: Parameters<typeof aRealtimeEvent>[0], origin: EventOrigin = 'thisTab') =>
    act(() => app.realtime.publish({ type: 'realtime.event', event: aRealtimeEvent(payload, origin) }));
  return { api, app, publish };
}

const operationBox = (id: string) => {
  const box = screen
    .getAllByTestId('repair-operation')
    .find((candidate) => candidate.dataset.operationId === id);
  if (!box) throw new Error(`${id} is not listed`);
  return box as HTMLInputElement;
};

describe('the repair screen', () => {
  it('checks, repairs with live progress, previews a chosen set before and after, and commits it', async () => {
    const { api, publish } = await openRepair('WRITE', 'dark');
    await screen.findByRole('heading', { name: 'Check and repair Tower', level: 1 });
    // The repair scheme: dark, from the user's preferences.
    await waitFor(() => expect(lastViewer().calls[0]).toEqual(['create', 'dark']));
    await waitFor(() => expect(callsOf('load')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Check connectivity' }));
    const issues = await screen.findByRole('region', { name: 'Issues' });
    expect(within(issues).getByTestId('repair-issue-total').textContent).toBe('3 issues');
    const coincident = within(issues).getByRole('region', { name: 'Coincident nodes (1)' });
    expect(within(issues).getByRole('region', { name: 'Free member ends (1)' })).toBeTruthy();
    // Issues coloured by severity in the viewer; a click selects the issue's elements.
    await waitFor(() =>
      expect(callsOf('showDiff').at(-1)?.[1]).toEqual(
        new Map([
          ['C1@L1', 'removed'],
          ['B1@L1', 'removed'],
          ['C2@L1', 'removed'],
          ['B2@L1', 'modified'],
          ['C3@L1', 'modified'],
        ]),
      ),
    );
    await userEvent.click(within(coincident).getByRole('button', { name: /Nodes 5 and 9/ }));
    await waitFor(() => expect(callsOf('select').at(-1)).toEqual(['select', ['C1@L1', 'B1@L1']]));

    await userEvent.click(screen.getByRole('button', { name: 'Repair' }));
    const bar = await screen.findByTestId('repair-progress');
    expect(api.callsTo('POST', '/api/models/model-1/repairs')[0]?.options.json).toEqual({
      versionId: 'version-2',
    });
    publish({
      eventName: 'ProgressUpdate',
      message: 'progress',
      data: repairJob({
        status: 'running',
        stage: 'Merging nodes',
        progress: 40,
        updatedAt: '2025-03-03T10:00:09.000Z',
      }),
    });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('40'));
    expect(screen.getByText('Merging nodes...')).toBeTruthy();
    publish({
      eventName: 'ModelRepaired',
      message: 'success',
      data: { modelId: 'model-1', repairId: 'repair-1', jobId: 'job-r', versionId: 'version-2', error: null },
    });

    const operations = await screen.findByRole('region', { name: 'Operations' });
    expect(screen.getByTestId('repair-totals').textContent).toBe('Before: 3 issues · After: 1 issue');
    expect(
      (
        within(operations).getByRole('checkbox', {
          name: 'Merge coincident nodes (R01, 1)',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(operationBox('R07:B2@L1').checked).toBe(false);
    expect(
      within(screen.getByRole('region', { name: 'Changes in the preview' })).getByText(/B1@L1 repaired/),
    ).toBeTruthy();

    // Accepting the split of C3 accepts the extension it depends on.
    await userEvent.click(operationBox('R02:7,C3@L1'));
    expect(operationBox('R07:B2@L1').checked).toBe(true);
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/models/model-1/repairs/repair-1/preview')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.getByTestId('repair-totals').textContent).toBe('Before: 3 issues · After: 0 issues'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'After' }));
    await waitFor(() => expect(callsOf('load')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/models/model-1/repairs/repair-1/scene')[0]?.options.json).toEqual({
      accepted: ['R01:5,9', 'R07:B2@L1', 'R02:6,B1@L1', 'R02:7,C3@L1'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Commit repair' }));
    await screen.findByTestId('repair-progress');
    expect(api.callsTo('POST', '/api/models/model-1/repairs/repair-1/commit')[0]?.options.json).toEqual({
      accepted: ['R01:5,9', 'R07:B2@L1', 'R02:6,B1@L1', 'R02:7,C3@L1'],
    });
    publish({
      eventName: 'ModelRepairCommit',
      message: 'success',
      data: {
        modelId: 'model-1',
        repairId: 'repair-1',
        jobId: 'job-c',
        versionId: 'version-3',
        versionNumber: 3,
      },
    });
    const committed = await screen.findByTestId('repair-committed');
    expect(committed.textContent).toContain('Repair committed as version 3.');
    expect(within(committed).getByRole('link', { name: 'See the changes in 3D' }).getAttribute('href')).toBe(
      '/model/model-1/visualize/elements?version=version-3&compare=version-2',
    );
  });

  it('walks the issues with j and k, flies to each, isolates its neighbourhood and filters by level', async () => {
    const { publish } = await openRepair('WRITE');
    await waitFor(() => expect(callsOf('load')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Check connectivity' }));
    const issues = await screen.findByRole('region', { name: 'Issues' });
    // Errors first; the hint says which keys move through the list.
    expect(
      within(issues)
        .getAllByTestId('repair-issue')
        .map((row) => row.dataset.severity),
    ).toEqual(['error', 'error', 'warning']);
    expect(within(issues).getByText(/next issue/).textContent).toContain('j or ↓ next issue');
    expect(within(issues).getByTestId('repair-severity-counts').textContent).toBe('2 errors1 warning0 infos');

    const rows = within(issues).getAllByTestId('repair-issue');
    // The list has the keyboard once a row is clicked; j goes to the next row.
    await userEvent.click(rows[0] as HTMLElement);
    await userEvent.keyboard('j');
    await waitFor(() => expect(rows[1]?.getAttribute('aria-pressed')).toBe('true'));
    expect(document.activeElement).toBe(rows[1]);
    // The camera flies to node 6 on B1, and only its neighbourhood is shown.
    await waitFor(() =>
      expect(callsOf('fitBox').at(-1)?.[1]).toEqual({ min: [0, 0, 3000], max: [6000, 0, 3000] }),
    );
    expect(callsOf('isolate').at(-1)?.[1]).toEqual(expect.arrayContaining(['B1@L1', 'C1@L1', 'C2@L1']));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(rows[2]?.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.keyboard('k');
    await waitFor(() => expect(rows[1]?.getAttribute('aria-pressed')).toBe('true'));

    // Show the whole model, keep the focus.
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole model' }));
    await waitFor(() => expect(callsOf('isolate').at(-1)).toEqual(['isolate', null]));
    expect(screen.getByRole('button', { name: 'Show the whole model' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Every finding is on Level 1.
    const level = within(issues).getByRole('combobox', { name: 'Level' });
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All levels', 'Level 1 (3)']);
    await userEvent.selectOptions(level, 'L1');
    expect(within(issues).getAllByTestId('repair-issue')).toHaveLength(3);

    // With a plan: per-check counts before and after, and a category accepted in one click.
    await userEvent.click(screen.getByRole('button', { name: 'Repair' }));
    publish({
      eventName: 'ModelRepaired',
      message: 'success',
      data: { modelId: 'model-1', repairId: 'repair-1', jobId: 'job-r', versionId: 'version-2', error: null },
    });
    const table = await screen.findByTestId('repair-check-counts');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Check', 'Before', 'After'],
      ['Coincident nodes', '1', '0'],
      ['Node on member span', '1', '0'],
      ['Free member ends', '1', '1'],
    ]);
    const operations = screen.getByRole('region', { name: 'Operations' });
    const extend = within(operations).getByRole('group', { name: /Extend/ });
    expect(within(extend).getByText(/0 of 1 accepted/)).toBeTruthy();
    await userEvent.click(within(extend).getByRole('button', { name: 'Accept all' }));
    expect(operationBox('R07:B2@L1').checked).toBe(true);
    expect(within(extend).getByText(/1 of 1 accepted/)).toBeTruthy();
  });

  it('lets a READ user check but not repair, in the dark scheme by default', async () => {
    const { api } = await openRepair('READ');
    await screen.findByRole('heading', { name: 'Check Tower', level: 1 });
    await waitFor(() => expect(lastViewer().calls[0]).toEqual(['create', 'dark']));
    await userEvent.click(screen.getByRole('button', { name: 'Check connectivity' }));
    await screen.findByRole('region', { name: 'Issues' });
    expect(screen.queryByRole('button', { name: 'Repair' })).toBeNull();
    expect(screen.getByText('You can check this model; repairing it needs write access.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/models/model-1/repairs')).toEqual([]);
  });

  for (const [role, label] of [
    ['WRITE', 'Check and repair'],
    ['READ', 'Check connectivity'],
  ] as const) {
    it(`is offered on the model's page as '${label}' to a ${role} user`, async () => {
      const api = createRecordingHttp({ unansweredRoutes: 'offline' });
      api.answer('GET /api/models/model-1', ok(aModel(role, { versions: [aVersion(2), aVersion(1)] })));
      await renderApp({ path: '/model/model-1/history', http: api.http });
      const tabs = await screen.findByRole('navigation', { name: 'Model' });
      expect(within(tabs).getByRole('link', { name: label }).getAttribute('href')).toBe(
        '/model/model-1/visualize/repair',
      );
    });
  }

  it('says why a check failed, and checks again with the tolerance typed', async () => {
    const { api } = await openRepair();
    api.answerInTurn('GET /api/models/model-1/data/connectivity', [
      failure(500, 'Gusset could not check this version: no nodes'),
      ok({ status: 'running', jobId: 'job-k' }, 202),
    ]);
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Merge distance (model units)' }),
      '0.002',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check connectivity' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Gusset could not check this version: no nodes',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/models/model-1/data/connectivity')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/models/model-1/data/connectivity')[1]?.options.searchParams).toEqual({
      versionId: 'version-2',
      merge: 0.002,
    });
    expect(screen.getByText('Checking connectivity...')).toBeTruthy();
  });
});
