import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { Report } from '../../contract/http/reports';
import type { ModelRole } from '../../contract/http/models';
import { ok } from '../../machines/auth/fakeHttpClient';
import { aModel, aPerson, aVersion, createRecordingHttp, grace } from '../../machines/model/modelTestKit';
import { aReport, diffDone, limitedViewer } from '../../machines/reports/reportsTestKit';
import { aUser } from '../../machines/session/sessionTestKit';
import { aRealtimeEvent } from '../../machines/socket/socketTestKit';
import { renderApp } from '../app/testApp';

const versions = [aVersion(3), aVersion(2), aVersion(1)];

const permissions = [
  { user: aPerson(), type: 'ADMIN' as const },
  { user: grace, type: 'WRITE' as const },
  { user: limitedViewer, type: 'LIMITEDVIEW' as const },
];

function serverFor(role: ModelRole, reports: Report[]) {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  const model = aModel(role, { permissions, versions: role === 'LIMITEDVIEW' ? undefined : versions });
  api.answer('GET /api/models/model-1', ok(model));
  api.answer('GET /api/models/model-1/reports', ok({ data: reports }));
  api.answer('GET /api/models/model-1/reports/report-1/diff', ok(diffDone()));
  return api;
}

async function openReports(
  role: ModelRole,
  reports: Report[],
  options: { userId?: string; path?: string } = {},
) {
  const api = serverFor(role, reports);
  const app = await renderApp({
    path: options.path ?? '/model/model-1/reports',
    http: api.http,
    user: aUser({ _id: options.userId ?? 'user-1' }),
  });
  await screen.findByRole('heading', { name: 'Tower: reports', level: 1 });
  return { api, app };
}

const rows = () => screen.queryAllByTestId('report-row');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the reports screen', () => {
  it('shows a LIMITEDVIEW user the reports shared with them, and nothing of history, 3D or people', async () => {
    const shared = aReport({
      currentUserRole: 'LIMITEDVIEW',
      permissions: [{ user: limitedViewer, type: 'LIMITEDVIEW' }],
    });
    const user = userEvent.setup();
    const { api } = await openReports('LIMITEDVIEW', [shared], { userId: limitedViewer._id });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText(ownMessages.limitedViewOnly)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('link', { name: '3D' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'People' })).toBeNull();
    expect(screen.queryByTestId('new-report')).toBeNull();
    expect(within(rows()[0] as HTMLElement).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(rows()[0] as HTMLElement).getByText('Assigned to Lin Viewer')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Beams on level 1' }));
    expect(await screen.findByText('Profile: W12X26 → W14X30')).toBeTruthy();
    expect(api.callsTo('GET', '/api/models/model-1/reports/report-1/diff')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Open in 3D' })).toBeNull();
    // Its lines are read, not opened in 3-D.
    expect(within(screen.getByTestId('change-list')).queryAllByRole('link')).toHaveLength(0);
  });

  it('lists reports newest first with their versions, author and people', async () => {
    const older = aReport({ _id: 'report-0', title: 'Columns', dateCreated: '2025-03-02T10:00:00.000Z' });
    await openReports('READ', [aReport({ currentUserRole: 'READ' }), { ...older, currentUserRole: 'READ' }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Beams on level 1');
    expect(first.textContent).toContain('Version 2');
    expect(first.textContent).toContain('compared with version 1');
    expect(first.textContent).toContain('Created by Ada Lovelace');
    expect(first.textContent).toContain('Assigned to Grace Hopper');
    // A reader may neither create nor change reports.
    expect(screen.queryByTestId('new-report')).toBeNull();
    expect(within(first).queryByRole('button', { name: 'Edit Beams on level 1' })).toBeNull();
  });

  it('creates a report of the latest version against the one before, shared with the people chosen', async () => {
    const user = userEvent.setup();
    const { api } = await openReports('WRITE', [], { userId: grace._id });
    const created = aReport({
      _id: 'report-9',
      title: 'Level 3 changes',
      currentVersionID: 'version-3',
      comparisonVersionID: 'version-2',
      currentVersionNumber: 3,
      comparisonVersionNumber: 2,
      createdBy: grace,
      currentUserRole: 'WRITE',
      permissions: [{ user: limitedViewer, type: 'LIMITEDVIEW' }],
    });
    api.answer('POST /api/models/model-1/reports', ok(created, 201));
    await user.click(await screen.findByTestId('new-report'));
    const form = screen.getByRole('form', { name: 'New report' });
    expect((within(form).getByLabelText('Version') as HTMLSelectElement).value).toBe('version-3');
    expect((within(form).getByLabelText('Compared with') as HTMLSelectElement).value).toBe('version-2');
    await user.type(within(form).getByLabelText('Title'), 'Level 3 changes');
    await user.click(within(form).getByRole('checkbox', { name: 'Lin Viewer (Limited)' }));
    await user.click(within(form).getByRole('button', { name: 'Create report' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo('POST', '/api/models/model-1/reports')[0]?.options.json).toEqual({
      title: 'Level 3 changes',
      currentVersionID: 'version-3',
      comparisonVersionID: 'version-2',
      assignedUserIds: [limitedViewer._id],
    });
    expect(await screen.findByText(ownMessages.reportCreated)).toBeTruthy();
    // The creator may change their report.
    expect(
      within(rows()[0] as HTMLElement).getByRole('button', { name: 'Edit Level 3 changes' }),
    ).toBeTruthy();
  });

  it('refuses a report of one version against itself, with the message, before asking the server', async () => {
    const user = userEvent.setup();
    const { api } = await openReports('ADMIN', []);
    await user.click(await screen.findByTestId('new-report'));
    await user.selectOptions(screen.getByLabelText('Compared with'), 'version-3');
    await user.click(screen.getByRole('button', { name: 'Create report' }));
    expect(screen.getByRole('alert').textContent).toBe(ownMessages.sameVersionCompared);
    expect(api.callsTo('POST', '/api/models/model-1/reports')).toEqual([]);
  });

  it('offers changes only to the report’s ADMIN or its creator', async () => {
    const mine = aReport({ _id: 'report-2', title: 'Mine', createdBy: grace, currentUserRole: 'WRITE' });
    const theirs = aReport({ _id: 'report-1', title: 'Theirs', currentUserRole: 'WRITE' });
    await openReports('WRITE', [mine, theirs], { userId: grace._id });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Edit Mine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Theirs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Theirs' })).toBeNull();
  });

  it('deletes a report only once the user confirms', async () => {
    const user = userEvent.setup();
    const { api } = await openReports('ADMIN', [aReport()]);
    api.answer('DELETE /api/models/model-1/reports/report-1', ok({ message: ownMessages.reportRemoved }));
    await user.click(await screen.findByRole('button', { name: 'Delete Beams on level 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete a report' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/models/model-1/reports/report-1')).toEqual([]);
    expect(rows()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Beams on level 1' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete a report' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(api.callsTo('DELETE', '/api/models/model-1/reports/report-1')).toHaveLength(1);
    expect(await screen.findByText(ownMessages.reportRemoved)).toBeTruthy();
  });

  it('reloads the list when the model is updated elsewhere (a report shared, changed or removed)', async () => {
    const { api, app } = await openReports('READ', []);
    await screen.findByText('No reports yet.');
    api.answer('GET /api/models/model-1/reports', ok({ data: [aReport({ currentUserRole: 'READ' })] }));
    act(() =>
      app.realtime.publish({
        type: 'realtime.event',
        event: aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1' } }),
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('opens a report from the address with its counts per type, 3D link, workbook and print', async () => {
    const user = userEvent.setup();
    const { api } = await openReports('READ', [aReport({ currentUserRole: 'READ' })], {
      path: '/model/model-1/reports?report=report-1',
    });
    expect(await screen.findByText('Moved 12 mm in Z')).toBeTruthy();
    const summary = screen.getByRole('table', { name: 'Changes per type' });
    const beam = within(summary).getByRole('row', { name: /Beam/ });
    expect(
      within(beam)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '0', '1']);
    expect(screen.getByRole('link', { name: 'Open in 3D' }).getAttribute('href')).toBe(
      '/model/model-1/visualize/elements?version=version-2&compare=version-1',
    );
    // Each line opens the viewer on its change, which takes the camera to the element.
    const lines = within(screen.getByTestId('change-list')).getAllByRole('link');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line.getAttribute('href')).toMatch(
        /^\/model\/model-1\/visualize\/elements\?version=version-2&compare=version-1&change=[^&]+$/,
      );

    api.answer(
      'GET /api/models/model-1/reports/report-1/xlsx',
      ok({ blob: new Blob(['XLSX']), fileName: 'Beams on level 1.xlsx' }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(clicked).toEqual(['Beams on level 1.xlsx blob:report']));

    const print = vi.fn();
    vi.stubGlobal('print', print);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

describe('a LIMITEDVIEW user on the model', () => {
  it('is led from the history to the reports shared with them', async () => {
    const user = userEvent.setup();
    const api = serverFor('LIMITEDVIEW', [aReport({ currentUserRole: 'LIMITEDVIEW' })]);
    const app = await renderApp({
      path: '/model/model-1/history',
      http: api.http,
      user: aUser({ _id: limitedViewer._id }),
    });
    await user.click(await screen.findByRole('link', { name: 'See the reports shared with you' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(app.location()).toBe('/model/model-1/reports');
  });
});
