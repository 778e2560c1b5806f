import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/errors';
import { failure, ok } from '../../machines/auth/fakeHttpClient';
import { aChange, aPreview, mergeJob, otherModels } from '../../machines/merge/mergeTestKit';
import { aModel, aVersion, createRecordingHttp } from '../../machines/model/modelTestKit';
import { aRealtimeEvent } from '../../machines/socket/socketTestKit';
import type { EventOrigin } from '../../machines/socket/types';
import { renderApp } from '../app/testApp';

/** An ADMIN of model-1 (versions 1 and 2) on its merge screen, the server answering as for a merge that works. */
async function openMerge(path = '/model/model-1/visualize/merge', preview = aPreview()) {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel('ADMIN', { versions: [aVersion(2), aVersion(1)] })));
  api.answer('GET /api/models', ok({ data: otherModels }));
  api.answer('POST /api/models/model-1/merge/preview', ok(preview));
  api.answer('POST /api/models/model-1/merge', ok(mergeJob(), 202));
  const app = await renderApp({ path, http: api.http });
  await screen.findByRole('heading', { name: 'Merge into Tower', level: 1 });
  const publish = (payload: Parameters<typeof aRealtimeEvent>[0], origin: EventOrigin = 'thisTab') =>
    act(() => app.realtime.publish({ type: 'realtime.event', event: aRealtimeEvent(payload, origin) }));
  return { api, app, publish };
}

async function previewVersionOne() {
  const version = await screen.findByTestId('merge-target-version');
  // The latest version is what the merge goes into: it is not offered.
  expect(within(version).queryByRole('option', { name: /^Version 2/ })).toBeNull();
  await userEvent.selectOptions(version, 'version-1');
  await userEvent.click(screen.getByTestId('merge-preview'));
  return screen.findByRole('region', { name: 'Changes to merge' });
}

const changeBox = (key: string) => {
  const box = screen.getAllByTestId('merge-change').find((candidate) => candidate.dataset.key === key);
  if (!box) throw new Error(`${key} is not listed`);
  return box;
};

describe('the merge screen', () => {
  it('merges the picked changes with live progress, and is done on VersionMerged', async () => {
    const { api, publish } = await openMerge();
    // Other models the user can read are offered; one shared only for reports is not.
    const from = screen.getByRole('combobox', { name: 'Merge from model' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tower (this model)', 'Annex · Acme Structures']);

    const list = await previewVersionOne();
    expect(api.callsTo('POST', '/api/models/model-1/merge/preview')[0]?.options.json).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
    });
    const conflict = screen.getByRole('listitem', { name: 'Conflict: B1 at Story 1' });
    expect(conflict.textContent).toContain('Profile: W12X26 → W10X22');
    await userEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    expect(within(conflict).getByRole('button', { name: 'Take theirs' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(changeBox('elements:B2'));
    expect(within(list).getByText('2 of 5 changes selected')).toBeTruthy();

    await userEvent.click(screen.getByTestId('merge-start'));
    const bar = await screen.findByTestId('merge-progress');
    expect(api.callsTo('POST', '/api/models/model-1/merge')[0]?.options.json).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
      targetElements: ['B2', 'B1'],
      resolutions: { 'elements:B1': 'source' },
    });
    publish({
      eventName: 'ProgressUpdate',
      message: 'progress',
      data: mergeJob({
        status: 'running',
        stage: 'Applying changes',
        progress: 60,
        updatedAt: '2025-03-03T10:00:09.000Z',
      }),
    });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('60'));
    expect(screen.getByText('Applying changes...')).toBeTruthy();

    publish(
      {
        eventName: 'VersionMerged',
        message: 'success',
        data: { modelId: 'model-1', jobId: 'job-9', versionId: 'version-3', versionNumber: 3 },
      },
      'currentUser',
    );
    const done = await screen.findByTestId('merge-done');
    expect(done.textContent).toContain('version 3 is ready');
    expect(within(done).getByRole('link', { name: 'View it in 3D' }).getAttribute('href')).toBe(
      '/model/model-1/visualize/elements?version=version-3',
    );
  });

  it('shows the server’s refusal verbatim and keeps the selection to change it', async () => {
    const { api } = await openMerge('/report/model-1/visualize/merge');
    api.answer('POST /api/models/model-1/merge', failure(400, messages.targetIdMissing));
    await previewVersionOne();
    await userEvent.click(changeBox('nodes:N5'));
    await userEvent.click(screen.getByTestId('merge-start'));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.targetIdMissing);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    // Nodes are taken by type: N9 came along with N5, and stays ticked.
    expect((changeBox('nodes:N9') as HTMLInputElement).checked).toBe(true);
  });

  it('says which version is missing before asking, and ends on a failed job with its reason', async () => {
    const { publish } = await openMerge();
    await userEvent.click(await screen.findByTestId('merge-preview'));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.targetVersionMissing);
    await previewVersionOne();
    await userEvent.click(changeBox('elements:C1'));
    await userEvent.click(screen.getByTestId('merge-start'));
    await screen.findByTestId('merge-progress');
    publish({
      eventName: 'ModelError',
      message: 'error',
      data: { modelId: 'model-1', jobId: 'job-9', error: 'The merge could not be completed: C1 is gone' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The merge could not be completed: C1 is gone',
    );
  });
  it("merges a moved and resized beam's new section without its move: one box per property", async () => {
    const preview = aPreview({ conflicts: [] });
    const movedAndResized = aChange({
      key: 'elements:B1',
      groups: ['Geometry', 'Profile'],
      details: [
        { group: 'Geometry', path: 'nodeIds', text: 'Moved 100 mm in X', deviation: 100 },
        { group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null },
      ],
    });
    const { api } = await openMerge(undefined, {
      ...preview,
      changes: { ...preview.changes, changes: [movedAndResized] },
    });
    const list = await previewVersionOne();
    const parts = within(list).getByRole('list', { name: /^Properties of B1 at Story 1/ });
    await userEvent.click(within(parts).getByRole('checkbox', { name: 'Profile' }));
    expect(within(parts).getByText('Left as it was: Geometry.')).toBeTruthy();
    expect(within(list).getByText('1 of 1 changes selected')).toBeTruthy();

    await userEvent.click(screen.getByTestId('merge-start'));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/models/model-1/merge')[0]?.options.json).toEqual({
        targetId: 'model-1',
        targetVersion: 'version-1',
        targetParts: { B1: ['Profile'] },
      }),
    );
  });
});
