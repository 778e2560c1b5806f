import { and, assign, fromPromise, raise, setup } from 'xstate';
import { downloadDxfFile, requestDxfExport } from '../../api/dxf';
import type { DownloadedFile, HttpClient } from '../../api/types';
import {
  downloadVersionExport,
  getExportCertificate,
  EXPORT_EXTENSIONS,
  EXPORT_FORMATS as FILE_FORMATS,
  type ExportFormat as FileFormat,
} from '../../api/versions';
import type { DxfExportResponse } from '../../contract/http/dxf';
import type { CertificateWire } from '../../contract/http/fidelity';
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
  /** The version the address asks for (`?version=`, from a history card or the viewer); else the newest. */
  versionId?: string | null;
}

export interface ExportContext extends Omit<ExportInput, 'versionId'> {
  versionId: string | null;
  format: ExportFormat;
  error: string | null;
  /** The DXF job the server is running for the chosen version, while it draws. */
  dxfJobId: string | null;
  /** Where the finished drawing is fetched from, and its name. */
  dxfFile: { url: string; fileName: string } | null;
  /** The fidelity certificate of the chosen version in the chosen file format (issue #20), once it came. */
  certificate: CertificateWire | null;
  /** Why the certificate could not be had. */
  certificateError: string | null;
}

export type ExportEvent =
  | { type: 'version.choose'; versionId: string }
  | { type: 'format.choose'; format: ExportFormat }
  | { type: 'export.download' }
  /** Ask for the certificate again after it failed. */
  | { type: 'certificate.retry' }
  /** Internal: the version or format changed, so the certificate shown is another's. */
  | { type: 'certificate.refresh' }
  | FeedEvent;

/**
 * `drawing`: the server is making the DXF (the view says so: it can take a while on a large model);
 * `certifying`: the certificate of the chosen version and format is on its way (the download stays available).
 */
export type ExportTag = 'editable' | 'busy' | 'drawing' | 'certifying';

/** Whether the server is still drawing the DXF (the view says so instead of the usual busy text). */
export const selectExportDrawing = (snapshot: { hasTag(tag: ExportTag): boolean }) =>
  snapshot.hasTag('drawing');

export interface ExportRequest {
  modelId: string;
  versionId: string;
  format: FileFormat;
}

export type CertificateRequest = ExportRequest;

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

/** The version the form opens on: the one asked for when the model has it, else the newest. */
function initialVersionId({ versions, versionId }: ExportInput): string | null {
  if (versionId != null && versions.some((version) => version.ID === versionId)) return versionId;
  return versions[0]?.ID ?? null;
}

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
 *
 * Two regions side by side: `file` (choose, download, draw the DXF) and `certificate` (issue #20): whenever a
 * version and a file format are chosen, the server's fidelity certificate of that export is fetched; a change of
 * version or format cancels the fetch on its way and asks again; the DXF has none. The Download button never
 * waits for it.
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
    fetchCertificate: promisePlaceholder<CertificateWire, CertificateRequest>('fetchCertificate'),
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
    /** A version and a file format (not the drawing): what a certificate exists for. */
    certificateApplies: ({ context }) => context.versionId !== null && context.format !== 'dxf',
    announcesThisDxf: ({ context, event }) => {
      const change = feedEventOf(event);
      return change !== null && dxfExportFor(change, context) !== null;
    },
  },
  delays: { dxfPollDelay: DXF_POLL_MS },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({
    modelId: input.modelId,
    modelName: input.modelName,
    versions: input.versions,
    versionId: initialVersionId(input),
    format: 'e2k',
    error: null,
    dxfJobId: null,
    dxfFile: null,
    certificate: null,
    certificateError: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  type: 'parallel',
  states: {
    file: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editable'],
          on: {
            // The same choice again changes nothing; another makes the certificate shown another export's.
            'version.choose': [
              { guard: ({ context, event }) => event.versionId === context.versionId },
              {
                actions: [
                  assign({ versionId: ({ event }) => event.versionId, error: null }),
                  raise({ type: 'certificate.refresh' }),
                ],
              },
            ],
            'format.choose': [
              { guard: ({ context, event }) => event.format === context.format },
              {
                actions: [
                  assign({ format: ({ event }) => event.format, error: null }),
                  raise({ type: 'certificate.refresh' }),
                ],
              },
            ],
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
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
            },
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
                    target: '#export.file.editing',
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
                  target: '#export.file.editing',
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
                { target: '#export.file.editing' },
              ],
            },
            fetching: {
              invoke: {
                id: 'downloadDxf',
                src: 'downloadDxf',
                input: ({ context }) => ({ url: context.dxfFile?.url ?? '' }),
                onDone: {
                  target: '#export.file.editing',
                  actions: {
                    type: 'saveFile',
                    params: ({ context, event }) => ({
                      blob: event.output.blob,
                      fileName: context.dxfFile?.fileName ?? event.output.fileName ?? exportFileName(context),
                    }),
                  },
                },
                onError: {
                  target: '#export.file.editing',
                  actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
                },
              },
            },
          },
        },
      },
    },
    certificate: {
      initial: 'choosing',
      // A new version or format: whatever was shown or on its way is another export's (leaving `loading` stops
      // its request).
      on: { 'certificate.refresh': '.choosing' },
      states: {
        choosing: {
          entry: assign({ certificate: null, certificateError: null }),
          always: [{ guard: 'certificateApplies', target: 'loading' }, { target: 'none' }],
        },
        /** The DXF drawing (or no version): no certificate. */
        none: {},
        loading: {
          tags: ['certifying'],
          entry: assign({ certificate: null, certificateError: null }),
          invoke: {
            id: 'fetchCertificate',
            src: 'fetchCertificate',
            input: ({ context }) => ({
              modelId: context.modelId,
              versionId: context.versionId ?? '',
              // certificateApplies let only a file format through.
              format: context.format as FileFormat,
            }),
            onDone: { target: 'ready', actions: assign({ certificate: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ certificateError: ({ event }) => formMessageOf(event.error) }),
            },
          },
        },
        ready: {},
        failed: { on: { 'certificate.retry': 'loading' } },
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
      fetchCertificate: fromPromise<CertificateWire, CertificateRequest>(async ({ input }) =>
        unwrap(await getExportCertificate(deps.http, input.modelId, input.versionId, input.format)),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
    actions: {
      saveFile: (_: unknown, params: SavedFile) => deps.saveFile(params),
    },
  };
}
