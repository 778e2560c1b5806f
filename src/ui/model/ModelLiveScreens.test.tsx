import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../machines/auth/fakeHttpClient';
import {
  aModel,
  anUploadJob,
  aVersion,
  aVersionDetail,
  createRecordingHttp,
} from '../../machines/model/modelTestKit';
import { aRealtimeEvent } from '../../machines/socket/socketTestKit';
import type { EventOrigin, RealtimeEvent } from '../../machines/socket/types';
import { renderApp } from '../app/testApp';

/** A READ collaborator (or an ADMIN) on /model/model-1/history, with the live feed at hand. */
async function openHistory(role: 'READ' | 'ADMIN') {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel(role, { versions: [aVersion(2), aVersion(1)] })));
  const app = await renderApp({ path: '/model/model-1/history', http: api.http });
  await screen.findByRole('heading', { name: 'Tower', level: 1 });
  const publish = (event: RealtimeEvent) =>
    act(() => app.realtime.publish({ type: 'realtime.event', event }));
  return { api, app, publish };
}

const progress = (job: ReturnType<typeof anUploadJob>, origin: EventOrigin = 'anotherUser') =>
  aRealtimeEvent({ eventName: 'ProgressUpdate', message: 'progress', data: job }, origin);

const versionHeadings = () =>
  within(screen.getByRole('list', { name: 'Versions' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the history, live', () => {
  it('shows another person’s upload with a moving progress bar, then the new version', async () => {
    const { api, publish } = await openHistory('READ');
    publish(
      progress(
        anUploadJob({ status: 'running', progress: 30, stage: 'Reading the file', fileName: 'new.e2k' }),
      ),
    );
    const bar = await screen.findByRole('progressbar', { name: 'Processing new.e2k' });
    expect(bar.getAttribute('value')).toBe('30');
    expect(screen.getByRole('region', { name: 'Uploads in progress' }).textContent).toContain(
      'Reading the file',
    );

    publish(progress(anUploadJob({ status: 'running', progress: 70, fileName: 'new.e2k' })));
    expect(screen.getByRole('progressbar', { name: 'Processing new.e2k' }).getAttribute('value')).toBe('70');

    api.answer(
      'GET /api/models/model-1',
      ok(aModel('READ', { versions: [aVersion(3), aVersion(2), aVersion(1)] })),
    );
    publish(
      progress(anUploadJob({ status: 'done', progress: 100, versionId: 'version-3', fileName: 'new.e2k' })),
    );
    publish(
      aRealtimeEvent({
        eventName: 'ModelAdded',
        data: {
          modelId: 'model-1',
          versionId: 'version-3',
          versionNumber: 3,
          organizationId: 'org-1',
          newModel: false,
        },
      }),
    );
    expect(screen.queryByRole('progressbar', { name: 'Processing new.e2k' })).toBeNull();
    await waitFor(() => expect(versionHeadings()).toEqual(['Version 3', 'Version 2', 'Version 1']));
  });

  it('moves this tab’s own upload panel with live progress while the socket is online', async () => {
    const { api, app, publish } = await openHistory('ADMIN');
    act(() => app.realtime.publish({ type: 'socket.status', status: 'online' }));
    api.answer('POST /api/v2/uploads', ok(anUploadJob(), 202));
    api.answer('GET /api/models/model-1/data/versions/version-3', ok(aVersionDetail(3)));
    const panel = screen.getByRole('region', { name: 'Upload new version' });
    await userEvent.upload(within(panel).getByLabelText('Model file'), new File(['$ STORIES'], 'frame.e2k'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload' }));
    await within(panel).findByRole('progressbar', { name: 'Translating' });

    publish(
      progress(
        anUploadJob({ status: 'running', progress: 55, updatedAt: '2025-03-03T10:00:05.000Z' }),
        'thisTab',
      ),
    );
    expect(within(panel).getByRole('progressbar', { name: 'Translating' }).getAttribute('value')).toBe('55');
    // The page leaves this tab's own upload to the panel.
    expect(screen.queryByRole('region', { name: 'Uploads in progress' })).toBeNull();
    // Live, so nobody polled for it.
    expect(api.callsTo('GET', '/api/jobs/job-1')).toEqual([]);
  });

  it('offers to reconnect once the socket has given up, and says so', async () => {
    const { app } = await openHistory('READ');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    act(() => app.realtime.publish({ type: 'socket.status', status: 'offline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(app.realtimeRetries()).toBe(1);
    act(() => app.realtime.publish({ type: 'socket.status', status: 'online' }));
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});
