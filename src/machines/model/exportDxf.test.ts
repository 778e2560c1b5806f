import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DxfExportResponse } from '../../contract/http/dxf';
import { ok } from '../auth/fakeHttpClient';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';
import {
  createExportImplementations,
  DXF_POLL_MS,
  exportMachine,
  selectExportDrawing,
  type SavedFile,
} from './exportMachine';
import { aVersion, createRecordingHttp } from './modelTestKit';

const requestRoute = 'GET /api/models/model-1/data/dxf/';
const fileUrl = '/api/models/model-1/data/dxf/version-2/file';
const done: DxfExportResponse = {
  status: 'done',
  modelId: 'model-1',
  versionId: 'version-2',
  fileName: 'Tower v2.dxf',
  url: fileUrl,
};
const running: DxfExportResponse = { status: 'queued', jobId: 'job-dxf-1' };

function dxfExportEvent(overrides: { versionId?: string; jobId?: string; error?: string | null } = {}) {
  const failed = overrides.error != null;
  return aRealtimeEvent(
    {
      eventName: 'DXFExport',
      message: failed ? 'error' : 'success',
      author: null,
      data: {
        modelId: 'model-1',
        versionId: overrides.versionId ?? 'version-2',
        jobId: overrides.jobId ?? 'job-dxf-1',
        fileName: failed ? null : 'Tower v2.dxf',
        url: failed ? null : fileUrl,
        error: overrides.error ?? null,
      },
    },
    'system',
  );
}

function startExport() {
  const api = createRecordingHttp();
  const feed = createRealtimeFeed();
  const saved: SavedFile[] = [];
  const actor = createActor(
    exportMachine.provide(
      createExportImplementations({ http: api.http, realtime: feed, saveFile: (file) => saved.push(file) }),
    ),
    {
      input: {
        modelId: 'model-1',
        modelName: 'Tower',
        versions: [aVersion(2, { ID: 'version-2' }), aVersion(1, { ID: 'version-1' })],
      },
    },
  );
  api.answer(`GET ${fileUrl}`, ok({ blob: new Blob(['0\nEOF\n']), fileName: 'ignored.dxf' }));
  const publish = (event: ReturnType<typeof dxfExportEvent>) =>
    feed.publish({ type: 'realtime.event', event });
  actor.start();
  actor.send({ type: 'format.choose', format: 'dxf' });
  return { api, actor, saved, publish };
}

/** Lets settled promises reach the actor (timers are fake here). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('exporting a version as AutoCAD DXF', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('downloads at once a drawing the server already has, under its name', async () => {
    const { api, actor, saved } = startExport();
    api.answer(requestRoute, ok(done));
    actor.send({ type: 'export.download' });
    await settle();
    expect(api.callsTo('GET', '/api/models/model-1/data/dxf/')[0]?.options.searchParams).toEqual({
      ID: 'version-2',
    });
    expect(saved.map((file) => file.fileName)).toEqual(['Tower v2.dxf']);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });

  it('says it is drawing while the job runs, ignores other versions, and downloads on DXFExport', async () => {
    const { api, actor, saved, publish } = startExport();
    api.answer(requestRoute, ok(running, 202));
    actor.send({ type: 'export.download' });
    await settle();
    expect(selectExportDrawing(actor.getSnapshot())).toBe(true);

    publish(dxfExportEvent({ versionId: 'version-1', jobId: 'job-dxf-0' }));
    await settle();
    expect(selectExportDrawing(actor.getSnapshot())).toBe(true);
    expect(saved).toEqual([]);

    publish(dxfExportEvent());
    await settle();
    expect(api.callsTo('GET', fileUrl)).toHaveLength(1);
    expect(saved.map((file) => file.fileName)).toEqual(['Tower v2.dxf']);
    expect(selectExportDrawing(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('asks again when no event comes (socket down), and downloads once the drawing is there', async () => {
    const { api, actor, saved } = startExport();
    api.answerInTurn(requestRoute, [ok(running, 202), ok(done)]);
    actor.send({ type: 'export.download' });
    await settle();
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(DXF_POLL_MS);
    expect(api.callsTo('GET', '/api/models/model-1/data/dxf/')).toHaveLength(2);
    expect(saved.map((file) => file.fileName)).toEqual(['Tower v2.dxf']);
  });

  it('shows the server reason when the drawing failed, and lets the user try again', async () => {
    const { api, actor, saved, publish } = startExport();
    api.answer(requestRoute, ok(running, 202));
    actor.send({ type: 'export.download' });
    await settle();
    const reason = 'Gusset could not draw this version as a DXF: model object 0000 is missing';
    publish(dxfExportEvent({ error: reason }));
    await settle();
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(reason);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
    actor.send({ type: 'export.download' });
    await settle();
    expect(api.callsTo('GET', '/api/models/model-1/data/dxf/')).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('still downloads the other formats through the version export', async () => {
    const { api, actor, saved } = startExport();
    actor.send({ type: 'format.choose', format: 's2k' });
    api.answer(
      'GET /api/models/model-1/data/versions/version-2/export',
      ok({ blob: new Blob(['x']), fileName: 'Tower v2.s2k' }),
    );
    actor.send({ type: 'export.download' });
    await settle();
    expect(api.callsTo('GET', '/api/models/model-1/data/dxf/')).toHaveLength(0);
    expect(saved.map((file) => file.fileName)).toEqual(['Tower v2.s2k']);
  });
});
