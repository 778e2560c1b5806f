/**
 * Model-based test of the bug report form: xstate/graph walks the production machine (the actors' answers fed
 * in as events, since a traversal steps pure transitions only), and every path is replayed on a real actor whose
 * actors never answer by themselves. After each step we check what the user would notice: whether the form
 * could be sent, what the request carries, which screenshot is attached, what message shows, and that nothing
 * changes while the report is on its way.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages, ownMessages } from '../../contract/errors';
import {
  SUPPORT_SCREENSHOT_MAX_BYTES,
  type CreateSupportRequestBody,
  type CreateSupportRequestResponse,
} from '../../contract/http/requests';
import { CallFailed } from '../model/failure';
import { bugReportMachine, type ScreenshotFile } from './bugReportMachine';
import { selectIsBusy, selectIsSent } from './selectors';

const screenshotUrl = 'data:image/png;base64,iVBORw0KGgo=';
const refusal = new CallFailed({ ok: false, status: 429, error: { message: ownMessages.tooManyAttempts } });

const sampleEvents = [
  { type: 'kind.change', kind: 'contact' },
  { type: 'kind.change', kind: 'bug' },
  { type: 'field.change', field: 'subject', value: 'Viewer crash' },
  { type: 'field.change', field: 'subject', value: '  ' },
  { type: 'field.change', field: 'message', value: 'It closes on version 3' },
  { type: 'field.change', field: 'message', value: '' },
  { type: 'field.change', field: 'page', value: '/models' },
  { type: 'screenshot.choose', file: new Blob(['png'], { type: 'image/png' }), name: 'crash.png' },
  { type: 'screenshot.choose', file: new Blob(['gif'], { type: 'image/gif' }), name: 'crash.gif' },
  {
    type: 'screenshot.choose',
    file: new Blob([new Uint8Array(SUPPORT_SCREENSHOT_MAX_BYTES + 1)], { type: 'image/jpeg' }),
    name: 'huge.jpg',
  },
  { type: 'screenshot.remove' },
  { type: 'report.submit' },
  { type: 'report.new' },
  { type: 'xstate.done.actor.readScreenshot', output: screenshotUrl },
  { type: 'xstate.error.actor.readScreenshot', error: new Error('NotReadableError') },
  { type: 'xstate.done.actor.sendReport', output: { _id: 'request-1' } },
  { type: 'xstate.error.actor.sendReport', error: refusal },
] as const;

type TraversalEvent = Parameters<typeof bugReportMachine.transition>[1];
// The machine's own event type cannot name actor results; the traversal only reads type and payload.
const traversalEvents = sampleEvents as unknown as readonly TraversalEvent[];

type GraphPath = ReturnType<typeof getShortestPaths<typeof bugReportMachine>>[number];

/** What the user sees of the form; the page field is free text and adds no behaviour of its own. */
const serializeState = (snapshot: GraphPath['state']) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.kind,
    snapshot.context.subject.trim() === '',
    snapshot.context.message.trim() === '',
    snapshot.context.screenshot !== null,
    snapshot.context.error,
  ]);

function replay(events: readonly AnyEventObject[]) {
  const sent: CreateSupportRequestBody[] = [];
  const read: ScreenshotFile[] = [];
  const actor = createActor(
    bugReportMachine.provide({
      actors: {
        readScreenshot: fromPromise<string, ScreenshotFile>(({ input }) => {
          read.push(input);
          return new Promise<string>(() => {});
        }),
        sendReport: fromPromise<CreateSupportRequestResponse, CreateSupportRequestBody>(({ input }) => {
          sent.push(input);
          return new Promise<CreateSupportRequestResponse>(() => {});
        }),
      },
    }),
    { input: {} },
  ).start();
  const steps = events.map((event) => {
    const before = actor.getSnapshot();
    const sentBefore = sent.length;
    actor.send(event as TraversalEvent);
    return {
      event,
      before,
      after: actor.getSnapshot(),
      newRequest: sent.length > sentBefore ? sent.at(-1) : null,
    };
  });
  return { actor, steps, sent, read };
}

describe('the bug report machine graph', () => {
  const paths = getShortestPaths(bugReportMachine, {
    input: {},
    events: traversalEvents,
    serializeState,
  });
  const walks = paths.map((path) => path.steps.slice(1).map((step) => step.event));

  it('reaches every step of the form', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['editing', 'readingScreenshot', 'sending', 'sent']) {
      expect(reached).toContain(JSON.stringify(state));
    }
    expect(paths.length).toBeGreaterThan(20);
  });

  it('on every path: sends only a filled-in form, exactly as typed, and nothing changes while it is busy', () => {
    for (const walk of walks) {
      const { steps } = replay(walk);
      for (const { event, before, after, newRequest } of steps) {
        const where = `${event.type} after ${JSON.stringify(before.value)}`;
        const editable = before.hasTag('editable');

        if (event.type === 'report.submit' && editable) {
          const filled = before.context.subject.trim() !== '' && before.context.message.trim() !== '';
          expect(after.hasTag('sending'), where).toBe(filled);
          if (filled) {
            expect(newRequest, where).toEqual({
              kind: before.context.kind,
              subject: before.context.subject.trim(),
              message: before.context.message.trim(),
              ...(before.context.page.trim() === '' ? {} : { page: before.context.page.trim() }),
              ...(before.context.screenshot ? { screenshot: before.context.screenshot.dataUrl } : {}),
            });
          } else {
            expect(after.context.error, where).toBe(messages.fillOutForm);
          }
        } else {
          expect(newRequest, where).toBeNull();
        }

        if (event.type === 'screenshot.choose' && editable) {
          const file = (event as unknown as { file: Blob }).file;
          if (file.type === 'image/gif')
            expect(after.context.error, where).toBe(ownMessages.screenshotNotSupported);
          if (file.size > SUPPORT_SCREENSHOT_MAX_BYTES) {
            expect(after.context.error, where).toBe(ownMessages.screenshotTooLarge);
          }
          // A refused file never replaces the screenshot already attached.
          if (!after.hasTag('reading'))
            expect(after.context.screenshot, where).toEqual(before.context.screenshot);
        }

        // While a screenshot is read or the report is on its way, what was typed stays as it was.
        if (selectIsBusy(before) && event.type.startsWith('field.')) {
          expect(after.context, where).toEqual(before.context);
        }

        if (event.type === 'xstate.done.actor.sendReport' && before.hasTag('sending')) {
          expect(selectIsSent(after), where).toBe(true);
        }
        if (event.type === 'xstate.error.actor.sendReport' && before.hasTag('sending')) {
          expect(after.hasTag('editable'), where).toBe(true);
          expect(after.context.subject, where).toBe(before.context.subject);
          expect(after.context.error, where).toBe(ownMessages.tooManyAttempts);
        }
        if (event.type === 'report.new' && before.hasTag('sent')) {
          expect(after.context, where).toMatchObject({
            subject: '',
            message: '',
            screenshot: null,
            error: null,
          });
          expect(after.context.kind, where).toBe(before.context.kind);
        }
      }
    }
  });
});
