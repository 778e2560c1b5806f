import { assign, fromPromise, setup } from 'xstate';
import { createSupportRequest } from '../../api/requests';
import type { HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import {
  SUPPORT_SCREENSHOT_MAX_BYTES,
  type CreateSupportRequestBody,
  type CreateSupportRequestResponse,
  type SupportRequestKind,
} from '../../contract/http/requests';
import { promisePlaceholder } from '../auth/placeholders';
import { formMessageOf, unwrap } from '../model/failure';
import { dataUrlOf } from './dataUrl';

/** The screenshot types the server takes (PNG and JPEG; data URLs of other types are refused). */
export const SCREENSHOT_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

export type BugReportField = 'subject' | 'message' | 'page';

export interface BugReportInput {
  kind?: SupportRequestKind;
  /** The page the user came from, offered in the form (they may change or clear it). */
  page?: string | null;
}

export interface Screenshot {
  name: string;
  size: number;
  dataUrl: string;
}

export interface ScreenshotFile {
  file: Blob;
  name: string;
}

export type BugReportEvent =
  | { type: 'kind.change'; kind: SupportRequestKind }
  | { type: 'field.change'; field: BugReportField; value: string }
  | { type: 'screenshot.choose'; file: Blob; name: string }
  | { type: 'screenshot.remove' }
  | { type: 'report.submit' }
  /** After sending: an empty form for another report. */
  | { type: 'report.new' };

export interface BugReportContext {
  kind: SupportRequestKind;
  subject: string;
  message: string;
  page: string;
  screenshot: Screenshot | null;
  /** The file being read into a data URL. */
  reading: ScreenshotFile | null;
  error: string | null;
  /** The stored request's id, once sent. */
  sentId: string | null;
}

export type BugReportTag = 'editable' | 'reading' | 'sending' | 'sent';

/** Why a picked file cannot be attached, or null. The server checks again (PNG or JPEG, at most 2 MB). */
export function screenshotProblem(file: Blob): string | null {
  if (!(SCREENSHOT_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return ownMessages.screenshotNotSupported;
  }
  if (file.size > SUPPORT_SCREENSHOT_MAX_BYTES) return ownMessages.screenshotTooLarge;
  return null;
}

export function bugReportFormProblem(context: BugReportContext): string | null {
  return context.subject.trim() === '' || context.message.trim() === '' ? messages.fillOutForm : null;
}

/** The request body: blank optional fields are left out. */
export function requestBodyOf(context: BugReportContext): CreateSupportRequestBody {
  const page = context.page.trim();
  return {
    kind: context.kind,
    subject: context.subject.trim(),
    message: context.message.trim(),
    ...(page === '' ? {} : { page }),
    ...(context.screenshot === null ? {} : { screenshot: context.screenshot.dataUrl }),
  };
}

function blankForm(input: BugReportInput) {
  return {
    kind: input.kind ?? 'bug',
    subject: '',
    message: '',
    page: input.page ?? '',
    screenshot: null,
    reading: null,
    error: null,
    sentId: null,
  } satisfies BugReportContext;
}

/**
 * /bugReport (Help, Report a Bug): a bug report or a contact message with an optional screenshot, sent with
 * POST /api/v2/requests; the server stores it and mails the internal admins.
 */
export const bugReportMachine = setup({
  types: {
    context: {} as BugReportContext,
    events: {} as BugReportEvent,
    input: {} as BugReportInput,
    tags: {} as BugReportTag,
  },
  actors: {
    readScreenshot: promisePlaceholder<string, ScreenshotFile>('readScreenshot'),
    /** Rejects with CallFailed (model/failure.ts) when the server refuses. */
    sendReport: promisePlaceholder<CreateSupportRequestResponse, CreateSupportRequestBody>('sendReport'),
  },
  guards: {
    screenshotIsAcceptable: ({ event }) =>
      event.type === 'screenshot.choose' && screenshotProblem(event.file) === null,
    formIsValid: ({ context }) => bugReportFormProblem(context) === null,
  },
}).createMachine({
  id: 'bugReport',
  context: ({ input }) => blankForm(input),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'kind.change': { actions: assign(({ event }) => ({ kind: event.kind, error: null })) },
        'field.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'screenshot.choose': [
          {
            guard: 'screenshotIsAcceptable',
            target: 'readingScreenshot',
            actions: assign(({ event }) => ({
              reading: { file: event.file, name: event.name },
              error: null,
            })),
          },
          { actions: assign(({ event }) => ({ error: screenshotProblem(event.file) })) },
        ],
        'screenshot.remove': { actions: assign({ screenshot: null, error: null }) },
        'report.submit': [
          { guard: 'formIsValid', target: 'sending' },
          { actions: assign(({ context }) => ({ error: bugReportFormProblem(context) })) },
        ],
      },
    },
    readingScreenshot: {
      tags: ['reading'],
      invoke: {
        id: 'readScreenshot',
        src: 'readScreenshot',
        input: ({ context }) => context.reading ?? { file: new Blob(), name: '' },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            screenshot: {
              name: context.reading?.name ?? '',
              size: context.reading?.file.size ?? 0,
              dataUrl: event.output,
            },
            reading: null,
          })),
        },
        onError: {
          target: 'editing',
          actions: assign({ reading: null, error: ownMessages.screenshotNotSupported }),
        },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => requestBodyOf(context),
        onDone: { target: 'sent', actions: assign(({ event }) => ({ sentId: event.output._id })) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: formMessageOf(event.error) })),
        },
      },
    },
    sent: {
      tags: ['sent'],
      on: {
        'report.new': {
          target: 'editing',
          actions: assign(({ context }) => blankForm({ kind: context.kind })),
        },
      },
    },
  },
});

export function createBugReportImplementations(http: HttpClient) {
  return {
    actors: {
      readScreenshot: fromPromise<string, ScreenshotFile>(({ input }) =>
        dataUrlOf(input.file, input.file.type),
      ),
      sendReport: fromPromise<CreateSupportRequestResponse, CreateSupportRequestBody>(async ({ input }) =>
        unwrap(await createSupportRequest(http, input)),
      ),
    },
  };
}
