import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile, HttpClient } from '../../api/types';
import { downloadVersionExport, EXPORT_FORMATS, type ExportFormat } from '../../api/versions';
import type { Version } from '../../contract/http/versions';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { formMessageOf, unwrap } from './failure';

export { EXPORT_FORMATS, type ExportFormat };

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
}

export type ExportEvent =
  | { type: 'version.choose'; versionId: string }
  | { type: 'format.choose'; format: ExportFormat }
  | { type: 'export.download' };

export type ExportTag = 'editable' | 'busy';

export interface ExportRequest {
  modelId: string;
  versionId: string;
  format: ExportFormat;
}

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
  },
  actions: {
    saveFile: (_, _params: SavedFile) => {
      throw unboundImplementation('saveFile');
    },
  },
  guards: {
    versionIsChosen: ({ context }) => context.versionId !== null,
  },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({
    ...input,
    versionId: input.versions[0]?.ID ?? null,
    format: 'e2k',
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'version.choose': { actions: assign({ versionId: ({ event }) => event.versionId, error: null }) },
        'format.choose': { actions: assign({ format: ({ event }) => event.format, error: null }) },
        'export.download': { guard: 'versionIsChosen', target: 'downloading' },
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
          format: context.format,
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
  return `${base}${number === undefined ? '' : ` v${number}`}.${context.format}`;
}

export function createExportImplementations(deps: { http: HttpClient; saveFile: (file: SavedFile) => void }) {
  return {
    actors: {
      downloadExport: fromPromise<DownloadedFile, ExportRequest>(async ({ input }) =>
        unwrap(await downloadVersionExport(deps.http, input.modelId, input.versionId, input.format)),
      ),
    },
    actions: {
      saveFile: (_: unknown, params: SavedFile) => deps.saveFile(params),
    },
  };
}
