import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { ModelRole } from '../../contract/http/models';
import { ok } from '../auth/fakeHttpClient';
import { aVersion, createRecordingHttp } from '../model/modelTestKit';
import { aRealtimeEvent } from '../socket/socketTestKit';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { createReportsImplementations, reportsMachine } from './reportsMachine';
import { aReport, diffDone } from './reportsTestKit';
import { selectNewReport, selectOpenReport, selectOpenResults, selectReports } from './selectors';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function startReports(
  role: ModelRole,
  openReportId: string | null = null,
  prepare: (api: ReturnType<typeof createRecordingHttp>) => void = () => undefined,
) {
  const api = createRecordingHttp();
  prepare(api);
  api.answer('GET /api/models/model-1/reports', ok({ data: [aReport()] }));
  api.answer('GET /api/models/model-1/reports/report-1/diff', ok(diffDone()));
  const feed = createRealtimeFeed();
  const announced: string[] = [];
  const saved: string[] = [];
  const actor = createActor(
    reportsMachine.provide(
      createReportsImplementations({
        http: api.http,
        realtime: feed,
        announce: (message) => announced.push(message),
        saveFile: (_, fileName) => saved.push(fileName),
      }),
    ),
    {
      input: {
        modelId: 'model-1',
        role,
        userId: 'user-1',
        versions: [aVersion(2), aVersion(1)],
        openReportId,
      },
    },
  ).start();
  return { api, actor, feed, announced, saved };
}

describe('the reports machine', () => {
  it('offers a new report to WRITE and up only, and refuses it to a reader', async () => {
    const reader = startReports('READ');
    await flush();
    expect(selectNewReport(reader.actor.getSnapshot())).toBe('hidden');
    reader.actor.send({ type: 'report.new' });
    expect(reader.actor.getSnapshot().hasTag('editing')).toBe(false);
    const writer = startReports('WRITE');
    await flush();
    writer.actor.send({ type: 'report.new' });
    expect(writer.actor.getSnapshot().context.draft).toMatchObject({
      currentVersionID: 'version-2',
      comparisonVersionID: 'version-1',
    });
  });

  it('reads the analysis results that changed beside the diff, and leaves them out when they cannot be read', async () => {
    const results = {
      missing: false,
      changes: [
        {
          component: 'm3',
          rows: [
            {
              member: 'B2@L1',
              case: 'DEAD',
              before: 12_000,
              after: 20_000,
              change: 8_000,
              percent: 66.7,
              relative: 66.7,
            },
          ],
        },
      ],
    };
    const { actor } = startReports('LIMITEDVIEW', 'report-1', (api) =>
      api.answer('GET /api/models/model-1/reports/report-1/results', ok(results)),
    );
    await flush();
    await flush();
    expect(selectOpenResults(actor.getSnapshot())).toEqual(results);
    expect(actor.getSnapshot().context.openDiff?.status).toBe('ready');

    // Unanswered (the fake client's 404): no section, the diff stands.
    const other = startReports('READ', 'report-1');
    await flush();
    await flush();
    expect(selectOpenResults(other.actor.getSnapshot())).toBeNull();
    expect(other.actor.getSnapshot().context.openDiff?.status).toBe('ready');
  });

  it('goes back to the list when the report shown is deleted', async () => {
    const { api, actor, announced } = startReports('ADMIN', 'report-1');
    api.answer('DELETE /api/models/model-1/reports/report-1', ok({ message: ownMessages.reportRemoved }));
    await flush();
    expect(selectOpenReport(actor.getSnapshot())?._id).toBe('report-1');
    expect(actor.getSnapshot().context.openDiff?.status).toBe('ready');
    actor.send({ type: 'report.delete', reportId: 'report-1' });
    actor.send({ type: 'delete.confirm' });
    await flush();
    expect(actor.getSnapshot().context.openReportId).toBeNull();
    expect(selectReports(actor.getSnapshot())).toEqual([]);
    expect(announced).toEqual([ownMessages.reportRemoved]);
  });

  it("reloads the list for this model's ModelUpdated, not another model's", async () => {
    const { api, actor, feed } = startReports('READ');
    await flush();
    const listCalls = () => api.callsTo('GET', '/api/models/model-1/reports').length;
    expect(listCalls()).toBe(1);
    const updated = (modelId: string) =>
      feed.publish({
        type: 'realtime.event',
        event: aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId } }),
      });
    updated('model-2');
    await flush();
    expect(listCalls()).toBe(1);
    updated('model-1');
    await flush();
    expect(listCalls()).toBe(2);
    expect(actor.getSnapshot().hasTag('listLoading')).toBe(false);
  });

  it("saves the open report's workbook under the server's file name", async () => {
    const { api, actor, saved } = startReports('READ', 'report-1');
    api.answer(
      'GET /api/models/model-1/reports/report-1/xlsx',
      ok({ blob: new Blob(['x']), fileName: null }),
    );
    await flush();
    actor.send({ type: 'report.download' });
    await flush();
    expect(saved).toEqual(['report-report-1.xlsx']);
  });
});
