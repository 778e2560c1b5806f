import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { ModelRole } from '../../contract/http/models';
import { ok } from '../../machines/auth/fakeHttpClient';
import {
  aCertificate,
  aModel,
  aVersion,
  aVersionDetail,
  anUploadJob,
  createRecordingHttp,
} from '../../machines/model/modelTestKit';
import { renderApp } from '../app/testApp';
import { formatDate } from '../format/dates';

const versions = [
  aVersion(1),
  aVersion(2, { origin: { kind: 'restore', restoredVersionId: 'version-1', restoredNumber: 1 } }),
];

function serverFor(role: ModelRole) {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel(role)));
  api.answer(
    'GET /api/models/imagesAndVersionsByModelIds',
    ok({ data: [{ _id: 'model-1', image: null, versions }] }),
  );
  return api;
}

async function openModel(role: ModelRole, path = '/model/model-1/history') {
  const api = serverFor(role);
  const app = await renderApp({ path, http: api.http });
  await screen.findByRole('heading', { name: 'Tower', level: 1 });
  return { api, app };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the history of a model', () => {
  it('lists the versions newest first with author, date and origin', async () => {
    await openModel('ADMIN');
    const items = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Version 2',
      'Version 1',
    ]);
    expect(items[0]?.textContent).toContain('Restored from v1');
    expect(items[0]?.textContent).toContain(`Ada Lovelace · ${formatDate(versions[1]?.Time ?? '')}`);
    expect(items[1]?.textContent).toContain('frame-1.e2k');
  });

  it("says on each card what changed against the version before, in the model's units", async () => {
    const api = createRecordingHttp({ unansweredRoutes: 'offline' });
    api.answer('GET /api/models/model-1', ok(aModel('READ')));
    const summarized = aVersion(2, {
      changeSummary: {
        phrases: [
          { kind: 'removed', subject: 'Column', count: 1 },
          { kind: 'resized', subject: 'Beam', count: 1, from: 'W18X35', to: 'W21X44', pairCount: 1 },
          { kind: 'moved', subject: 'Beam', count: 104, maxMove: 100 },
        ],
      },
    });
    api.answer(
      'GET /api/models/imagesAndVersionsByModelIds',
      ok({ data: [{ _id: 'model-1', image: null, versions: [summarized, aVersion(1)] }] }),
    );
    await renderApp({ path: '/model/model-1/history', http: api.http });
    await screen.findByRole('heading', { name: 'Tower', level: 1 });
    const [newest, first] = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(within(newest as HTMLElement).getByTestId('version-changes').textContent).toBe(
      'Against version 1: 1 column removed, 1 beam resized W18X35 → W21X44 and 104 beams moved (max 0.1 m)',
    );
    // A first version has nothing before it: its counts say what it holds.
    expect(within(first as HTMLElement).queryByTestId('version-changes')).toBeNull();
  });

  it('offers upload, and restore on older versions only, to an ADMIN; restore asks first', async () => {
    const { api } = await openModel('ADMIN');
    expect(screen.getByRole('region', { name: 'Upload new version' })).toBeTruthy();
    const [newest, older] = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(within(newest as HTMLElement).queryByRole('button', { name: 'Restore this version' })).toBeNull();

    api.answer('POST /api/models/model-1/versions/version-1/restore', ok(aVersion(3), 201));
    await userEvent.click(within(older as HTMLElement).getByRole('button', { name: 'Restore this version' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore a version' });
    expect(dialog.textContent).toContain('Restore version 1?');
    expect(api.callsTo('POST', '/api/models/model-1/versions/version-1/restore')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/models/model-1/versions/version-1/restore')).toHaveLength(1),
    );
  });

  it('shows a READ user the versions and reports but no upload or restore', async () => {
    const { api } = await openModel('READ');
    expect(screen.queryByRole('region', { name: 'Upload new version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();

    api.answer('GET /api/models/model-1/versions/version-2', ok(aVersionDetail(2)));
    await userEvent.click(screen.getAllByRole('button', { name: /^Translation report/ })[0] as HTMLElement);
    expect(await screen.findByText(/Links are not supported yet/)).toBeTruthy();
    // Grouped by kind in the fixed order, the header saying what the items are (issue #23).
    expect(screen.getByTestId('translation-report-summary').textContent).toBe(
      '1 dropped and 1 approximated in 2 groups',
    );
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Beams', 'Links']),
    );
    const links = screen.getByRole('region', { name: 'Links' });
    expect(links.textContent).toBe('Links 1Dropped Links are not supported yet 1 (line 311)');
  });

  it('opens the export on the version of a card, with what survives its export (issue #23)', async () => {
    const { api, app } = await openModel('READ');
    api.answer('GET /api/models/model-1/data/versions/version-1/certificate', ok(aCertificate()));
    const [newest, older] = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(within(newest as HTMLElement).getByRole('link', { name: 'Export version 2' })).toBeTruthy();
    await userEvent.click(within(older as HTMLElement).getByRole('link', { name: 'Export version 1' }));

    const form = await screen.findByRole('form', { name: 'Export' });
    expect(app.location()).toBe('/model/model-1/settings/export');
    expect(app.router.state.location.search).toBe('?version=version-1');
    expect((within(form).getByLabelText('Version') as HTMLSelectElement).value).toBe('version-1');
    expect(await screen.findByRole('region', { name: 'What survives the export' })).toBeTruthy();
    // The certificate asked for is the chosen version's, never the newest's.
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/models/model-1/data/versions/version-1/certificate')).toHaveLength(1),
    );
    expect(api.callsTo('GET', '/api/models/model-1/data/versions/version-2/certificate')).toEqual([]);
  });

  it('opens the export on the newest version when the address names none the model has', async () => {
    const { app } = await openModel('READ', '/model/model-1/settings/export?version=not-a-version');
    const form = await screen.findByRole('form', { name: 'Export' });
    expect((within(form).getByLabelText('Version') as HTMLSelectElement).value).toBe('version-2');
    // The address follows the choice, so a reload opens what is shown.
    await waitFor(() => expect(app.router.state.location.search).toBe('?version=version-2'));
    await userEvent.selectOptions(within(form).getByLabelText('Version'), 'version-1');
    await waitFor(() => expect(app.router.state.location.search).toBe('?version=version-1'));
  });

  it('tells a LIMITEDVIEW user that only reports shared with them are visible', async () => {
    await openModel('LIMITEDVIEW');
    expect(screen.getByText(ownMessages.limitedViewOnly)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Versions' })).toBeNull();
  });

  it('explains a model that is not there', async () => {
    const api = createRecordingHttp({ unansweredRoutes: 'offline' });
    api.answer('GET /api/models/nope', {
      ok: false,
      status: 404,
      error: { message: ownMessages.modelNotFound },
    });
    await renderApp({ path: '/model/nope/history', http: api.http });
    expect((await screen.findByRole('alert')).textContent).toBe(ownMessages.modelNotFound);
  });
});

describe('uploading a new version', () => {
  it('shows the translation report and the new version in the history', async () => {
    const { api } = await openModel('WRITE');
    api.answer(
      'POST /api/v2/uploads',
      ok(anUploadJob({ status: 'done', progress: 100, versionId: 'version-3' }), 202),
    );
    api.answer('GET /api/models/model-1/versions/version-3', ok(aVersionDetail(3)));
    api.answer(
      'GET /api/models/imagesAndVersionsByModelIds',
      ok({ data: [{ _id: 'model-1', image: null, versions: [...versions, aVersion(3)] }] }),
    );

    const panel = screen.getByRole('region', { name: 'Upload new version' });
    const file = new File(['$ PROGRAM INFORMATION'], 'frame.e2k');
    await userEvent.upload(within(panel).getByLabelText('Model file'), file);
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload' }));

    expect(await within(panel).findByText('Version 3 is ready.')).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Links' }).textContent).toContain(
      'Dropped Links are not supported yet',
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('refuses a file of another kind before sending it', async () => {
    const { api } = await openModel('ADMIN');
    const panel = screen.getByRole('region', { name: 'Upload new version' });
    // The input's accept list would hide it in a file dialog; a drop or a picky user can still choose it.
    await userEvent.upload(within(panel).getByLabelText('Model file'), new File(['x'], 'plan.dwg'), {
      applyAccept: false,
    });
    expect(within(panel).getByRole('alert').textContent).toBe(ownMessages.uploadFormatUnsupported);
    expect((within(panel).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/v2/uploads')).toEqual([]);
  });
});

describe('people and settings by role', () => {
  it('lets an ADMIN change roles, and shows others the list read-only', async () => {
    const admin = await openModel('ADMIN', '/model/model-1/people');
    expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Grace Hopper' })).toBeTruthy();
    // The organization owner, listed first, stays ADMIN: nothing offers to demote or remove them.
    const owner = within(screen.getByRole('region', { name: 'People' })).getAllByRole('listitem')[0];
    expect(owner?.textContent).toContain('organization owner');
    expect(owner && within(owner).queryByRole('button')).toBeNull();
    expect(owner && within(owner).queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toBeTruthy();
    admin.app.view.unmount();

    await openModel('READ', '/model/model-1/people');
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Role of Grace Hopper' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
  });

  it('deletes the model after its name is typed, then goes to /models', async () => {
    const { api, app } = await openModel('ADMIN', '/model/model-1/settings/deleteModel');
    api.answer('DELETE /api/models/model-1', ok(undefined, 204));
    const form = screen.getByRole('form', { name: 'Delete model' });
    await userEvent.type(within(form).getByLabelText('Model name'), 'Tower');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete model' }));
    await waitFor(() => expect(app.location()).toBe('/models'));
    expect(await screen.findByText(ownMessages.modelRemoved)).toBeTruthy();
  });

  it('hides deletion from a WRITE user and opens the settings form at /settings', async () => {
    const { app } = await openModel('WRITE', '/model/model-1/settings');
    await waitFor(() => expect(app.location()).toBe('/model/model-1/settings/settings'));
    expect(screen.queryByRole('link', { name: 'Delete model' })).toBeNull();
    expect(((await screen.findByLabelText('Model name')) as HTMLInputElement).readOnly).toBe(false);
  });

  it('shows what survives the export above Download, grouped by concept, and nothing for the DXF', async () => {
    const { api } = await openModel('READ', '/model/model-1/settings/export');
    api.answer(
      'GET /api/models/model-1/data/versions/version-2/certificate',
      ok(
        aCertificate({
          verdict: 'explained',
          counts: { differences: 5, explained: 5, unexplained: 0, approximated: 4, dropped: 1 },
          approximated: [
            {
              concept: 'release',
              label: 'end releases',
              count: 4,
              examples: ['B1@Story2', 'B2@Story2', 'B1@Story1', 'B2@Story1'],
              reasons: ['LINEASSIGN: partial fixity written as a full release'],
              messages: [],
            },
          ],
          dropped: [
            {
              concept: 'load',
              label: 'loads',
              count: 1,
              examples: ['area:F1@Story1:SDL'],
              reasons: ['AREALOAD: non-uniform area loads are not written'],
              messages: [],
            },
          ],
        }),
      ),
    );
    await userEvent.click(await screen.findByLabelText('SAP2000 text (.s2k)'));
    const certificate = await screen.findByRole('region', { name: 'What survives the export' });
    expect(
      await within(certificate).findByText('Survives with 4 approximations and 1 loss the report names'),
    ).toBeTruthy();
    const compared = within(certificate).getByRole('list', { name: 'Compared' });
    expect(
      within(compared)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '12 nodes: positions, restraints identical',
      '8 beams: positions, sections, end releases identical',
      'Load totals: 1 of 1 pattern identical',
    ]);
    const approximated = within(certificate).getByRole('region', { name: 'Approximated' });
    expect(approximated.textContent).toContain('end releases: 4 (B1@Story2, B2@Story2, B1@Story1, …)');
    expect(approximated.textContent).toContain('LINEASSIGN: partial fixity written as a full release');
    expect(within(certificate).getByRole('region', { name: 'Dropped' }).textContent).toContain('loads: 1');
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(false);
    expect(
      api.callsTo('GET', '/api/models/model-1/data/versions/version-2/certificate').at(-1)?.options
        .searchParams,
    ).toEqual({ format: 's2k' });

    await userEvent.click(screen.getByLabelText('AutoCAD DXF (plans + 3-D wireframe)'));
    expect(screen.queryByRole('region', { name: 'What survives the export' })).toBeNull();
  });

  it('exports a version as a downloaded file', async () => {
    const { api } = await openModel('READ', '/model/model-1/settings/export');
    api.answer(
      'GET /api/models/model-1/data/versions/version-1/export',
      ok({ blob: new Blob(['FILE']), fileName: null }),
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });

    await userEvent.selectOptions(screen.getByLabelText('Version'), 'version-1');
    await userEvent.click(screen.getByLabelText('SAP2000 text (.s2k)'));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['Tower v1.s2k blob:export']));
    expect(
      api.callsTo('GET', '/api/models/model-1/data/versions/version-1/export')[0]?.options.searchParams,
    ).toEqual({
      format: 's2k',
    });
  });
});
