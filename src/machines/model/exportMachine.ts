import { and, assign, fromPromise, setup } from 'xstate';
import { downloadDxfFile, requestDxfExport } from '../../api/dxf';
import type { DownloadedFile, HttpClient } from '../../api/types';
import {
  downloadVersionExport,
  EXPORT_EXTENSIONS,
  EXPORT_FORMATS as FILE_FORMATS,
  type ExportFormat as FileFormat,
} from '../../api/versions';
import type { DxfExportResponse } from '../../contract/http/dxf';
import type { Version } from '../../contract/http/versions';
import { eventDataSchemas } from '../../contract/realtime';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import type { RealtimeEvent } from '../socket/types';
import { formMessageOf, unwrap } from './failure';

/**
 * What the export screen offers: the translators' file formats, and the AutoCAD drawing (issue #9), which the
 * server draws in a job announced by DXFExport.
 */
export const EXPORT_FORMATS = [...FILE_FORMATS, 'dxf'] as const;
export type ExportFormat = FileFormat | 'dxf';

/** How often a drawing still being made is asked for again, in case DXFExport never arrives (socket down). */
export const DXF_POLL_MS = 10_000;

export interface ExportInput {
  modelId: string;
  modelName: string;
  /** Newest first. */
  versions: readonly Version[];
}

export interface ExportContext extends ExportInput {
  versionId: string | null;
  format: ExportFormat;
  error: string | null;
  /** The DXF job the server is running for the chosen version, while it draws. */
  dxfJobId: string | null;
  /** Where the finished drawing is fetched from, and its name. */
  dxfFile: { url: string; fileName: string } | null;
}

export type ExportEvent =
  | { type: 'version.choose'; versionId: string }
  | { type: 'format.choose'; format: ExportFormat }
  | { type: 'export.download' }
  | FeedEvent;

/** `drawing`: the server is making the DXF (the view says so: it can take a while on a large model). */
export type ExportTag = 'editable' | 'busy' | 'drawing';

/** Whether the server is still drawing the DXF (the view says so instead of the usual busy text). */
export const selectExportDrawing = (snapshot: { hasTag(tag: ExportTag): boolean }) =>
  snapshot.hasTag('drawing');

export interface ExportRequest {
  modelId: string;
  versionId: string;
  format: FileFormat;
}

export interface DxfRequest {
  modelId: string;
  versionId: string;
}

/** DXFExport for the version being drawn (or its job), parsed; null for any other event. */
export function dxfExportFor(
  event: RealtimeEvent,
  context: Pick<ExportContext, 'modelId' | 'versionId' | 'dxfJobId'>,
) {
  if (event.payload.eventName !== 'DXFExport') return null;
  const parsed = eventDataSchemas.DXFExport.safeParse(event.payload.data);
  if (!parsed.success || parsed.data.modelId !== context.modelId) return null;
  const data = parsed.data;
  return data.versionId === context.versionId || data.jobId === context.dxfJobId ? data : null;
}

const feedEventOf = (event: ExportEvent): RealtimeEvent | null =>
  event.type === 'realtime.event' ? event.event : null;

const dxfDone = (output: DxfExportResponse) =>
  output.status === 'done' ? { url: output.url, fileName: output.fileName } : null;

export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/**
 * /model/{id}/settings/export: any version in any format, with the model's filters applied by the server. The
 * file arrives as a blob (the token rides in a header, which a plain link cannot carry) and `saveFile`, bound
 * by the view, hands it to the browser as a download.
 */
export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    tags: {} as ExportTag,
  },
  actors: {
    downloadExport: promisePlaceholder<DownloadedFile, ExportRequest>('downloadExport'),
    requestDxf: promisePlaceholder<DxfExportResponse, DxfRequest>('requestDxf'),
    downloadDxf: promisePlaceholder<DownloadedFile, { url: string }>('downloadDxf'),
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    saveFile: (_, _params: SavedFile) => {
      throw unboundImplementation('saveFile');
    },
  },
  guards: {
    versionIsChosen: ({ context }) => context.versionId !== null,
    dxfChosen: ({ context }) => context.format === 'dxf',
    announcesThisDxf: ({ context, event }) => {
      const change = feedEventOf(event);
      return change !== null && dxfExportFor(change, context) !== null;
    },
  },
  delays: { dxfPollDelay: DXF_POLL_MS },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({
    ...input,
    versionId: input.versions[0]?.ID ?? null,
    format: 'e2k',
    error: null,
    dxfJobId: null,
    dxfFile: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'version.choose': { actions: assign({ versionId: ({ event }) => event.versionId, error: null }) },
        'format.choose': { actions: assign({ format: ({ event }) => event.format, error: null }) },
        'export.download': [
          { guard: and(['versionIsChosen', 'dxfChosen']), target: 'dxf' },
          { guard: 'versionIsChosen', target: 'downloading' },
        ],
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadExport',
        src: 'downloadExport',
        input: ({ context }) => ({
          modelId: context.modelId,
          versionId: context.versionId ?? '',
          // Only a file format reaches this state: the drawing goes through `dxf`.
          format: context.format as FileFormat,
        }),
        onDone: {
          target: 'editing',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({
              blob: event.output.blob,
              fileName: event.output.fileName ?? exportFileName(context),
            }),
          },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => formMessageOf(event.error) }) },
      },
    },
    /**
     * The AutoCAD drawing: asked for; while the server draws it (202), DXFExport for the version (or a new ask
     * every DXF_POLL_MS, or after a resync) says when; then the file is fetched and saved.
     */
    dxf: {
      tags: ['busy'],
      initial: 'requesting',
      entry: assign({ dxfJobId: null, dxfFile: null, error: null }),
      states: {
        requesting: {
          invoke: {
            id: 'requestDxf',
            src: 'requestDxf',
            input: ({ context }) => ({ modelId: context.modelId, versionId: context.versionId ?? '' }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'done',
                target: 'fetching',
                actions: assign({ dxfFile: ({ event }) => dxfDone(event.output) }),
              },
              {
                guard: ({ event }) => event.output.status === 'failed',
                target: '#export.editing',
                actions: assign({
                  error: ({ event }) => (event.output.status === 'failed' ? event.output.error : null),
                }),
              },
              {
                target: 'waiting',
                actions: assign({
                  dxfJobId: ({ event }) => (event.output.status === 'done' ? null : event.output.jobId),
                }),
              },
            ],
            onError: {
              target: '#export.editing',
              actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
            },
          },
        },
        waiting: {
          tags: ['drawing'],
          after: { dxfPollDelay: 'requesting' },
          on: {
            'realtime.event': {
              guard: 'announcesThisDxf',
              actions: assign(({ context, event }) => {
                const change = feedEventOf(event);
                const data = change && dxfExportFor(change, context);
                return data?.url && data.fileName
                  ? { dxfFile: { url: data.url, fileName: data.fileName } }
                  : { error: data?.error ?? null };
              }),
              // Ready: fetch it; failed: back to the form with the server's reason.
              target: 'announced',
            },
            'socket.resynced': 'requesting',
          },
        },
        announced: {
          always: [
            { guard: ({ context }) => context.dxfFile !== null, target: 'fetching' },
            { target: '#export.editing' },
          ],
        },
        fetching: {
          invoke: {
            id: 'downloadDxf',
            src: 'downloadDxf',
            input: ({ context }) => ({ url: context.dxfFile?.url ?? '' }),
            onDone: {
              target: '#export.editing',
              actions: {
                type: 'saveFile',
                params: ({ context, event }) => ({
                  blob: event.output.blob,
                  fileName: context.dxfFile?.fileName ?? event.output.fileName ?? exportFileName(context),
                }),
              },
            },
            onError: {
              target: '#export.editing',
              actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
            },
          },
        },
      },
    },
  },
});

/** The name a download gets when the server names none: 'Tower v2.s2k'. */
export function exportFileName(
  context: Pick<ExportContext, 'modelName' | 'versions' | 'versionId' | 'format'>,
): string {
  const number = context.versions.find((version) => version.ID === context.versionId)?.number;
  // Characters that no file system accepts become '-'; control characters are dropped.
  const printable = [...context.modelName].filter((character) => character.charCodeAt(0) >= 32).join('');
  const base = printable.replace(/[\\/:*?"<>|]/g, '-').trim() || 'model';
  const extension = context.format === 'dxf' ? '.dxf' : EXPORT_EXTENSIONS[context.format];
  return `${base}${number === undefined ? '' : ` v${number}`}${extension}`;
}

export function createExportImplementations(deps: {
  http: HttpClient;
  saveFile: (file: SavedFile) => void;
  realtime?: RealtimeFeed;
}) {
  return {
    actors: {
      downloadExport: fromPromise<DownloadedFile, ExportRequest>(async ({ input }) =>
        unwrap(await downloadVersionExport(deps.http, input.modelId, input.versionId, input.format)),
      ),
      requestDxf: fromPromise<DxfExportResponse, DxfRequest>(async ({ input }) =>
        unwrap(await requestDxfExport(deps.http, input.modelId, input.versionId)),
      ),
      downloadDxf: fromPromise<DownloadedFile, { url: string }>(async ({ input }) =>
        unwrap(await downloadDxfFile(deps.http, input.url)),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
    actions: {
      saveFile: (_: unknown, params: SavedFile) => deps.saveFile(params),
    },
  };
}
