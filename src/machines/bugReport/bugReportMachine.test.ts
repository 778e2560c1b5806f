import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { SUPPORT_SCREENSHOT_MAX_BYTES } from '../../contract/http/requests';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import { bugReportMachine, createBugReportImplementations } from './bugReportMachine';
import { dataUrlOf } from './dataUrl';

/** The first bytes of a PNG file, enough for a recognisable screenshot. */
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const pngBase64 = btoa(String.fromCharCode(...pngBytes));

function startReport(input: { page?: string } = {}) {
  const fake = createFakeHttpClient();
  const actor = createActor(bugReportMachine.provide(createBugReportImplementations(fake.http)), {
    input,
  }).start();
  const fill = (subject: string, message: string) => {
    actor.send({ type: 'field.change', field: 'subject', value: subject });
    actor.send({ type: 'field.change', field: 'message', value: message });
  };
  return { actor, fake, fill };
}

describe('bugReportMachine', () => {
  it('sends a bug report with its screenshot as a data URL and the page it came from', async () => {
    const { actor, fake, fill } = startReport({ page: '/model/m1/history' });
    const answer = deferred<ReturnType<typeof ok>>();
    fake.answer('POST /api/v2/requests', () => answer.promise);
    fill('  Viewer crash ', 'The viewer closes when I open version 3.');
    actor.send({
      type: 'screenshot.choose',
      file: new Blob([pngBytes], { type: 'image/png' }),
      name: 'crash.png',
    });
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('editable'));
    expect(actor.getSnapshot().context.screenshot).toEqual({
      name: 'crash.png',
      size: pngBytes.length,
      dataUrl: `data:image/png;base64,${pngBase64}`,
    });

    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v2/requests',
        json: {
          kind: 'bug',
          subject: 'Viewer crash',
          message: 'The viewer closes when I open version 3.',
          page: '/model/m1/history',
          screenshot: `data:image/png;base64,${pngBase64}`,
        },
      },
    ]);
    answer.resolve(ok({ _id: 'request-1' }, 201));
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'));
    expect(actor.getSnapshot().context.sentId).toBe('request-1');

    actor.send({ type: 'report.new' });
    expect(actor.getSnapshot().context).toMatchObject({
      subject: '',
      message: '',
      screenshot: null,
      page: '',
    });
  });

  it('sends a contact message without the optional fields', async () => {
    const { actor, fake, fill } = startReport();
    fake.answer('POST /api/v2/requests', ok({ _id: 'request-2' }, 201));
    actor.send({ type: 'kind.change', kind: 'contact' });
    fill('Pricing', 'Do you offer site licences?');
    actor.send({ type: 'field.change', field: 'page', value: '   ' });
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'));
    expect(fake.requests[0]?.json).toEqual({
      kind: 'contact',
      subject: 'Pricing',
      message: 'Do you offer site licences?',
    });
  });

  it('asks for a subject and a message before sending', () => {
    const { actor, fake, fill } = startReport();
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    fill('Subject only', '   ');
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a screenshot that is not a PNG or JPEG, or is over 2 MB, and keeps the one attached', async () => {
    const { actor } = startReport();
    actor.send({
      type: 'screenshot.choose',
      file: new Blob([pngBytes], { type: 'image/png' }),
      name: 'a.png',
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('editable'));

    actor.send({
      type: 'screenshot.choose',
      file: new Blob(['<svg/>'], { type: 'image/svg+xml' }),
      name: 'b.svg',
    });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.screenshotNotSupported);
    const large = new Blob([new Uint8Array(SUPPORT_SCREENSHOT_MAX_BYTES + 1)], { type: 'image/jpeg' });
    actor.send({ type: 'screenshot.choose', file: large, name: 'c.jpg' });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.screenshotTooLarge);
    expect(actor.getSnapshot().context.screenshot?.name).toBe('a.png');

    actor.send({ type: 'screenshot.remove' });
    expect(actor.getSnapshot().context.screenshot).toBeNull();
  });

  it('keeps the form and shows the server’s message when it refuses (too many reports)', async () => {
    const { actor, fake, fill } = startReport();
    fake.answer('POST /api/v2/requests', failure(429, ownMessages.tooManyAttempts));
    fill('Crash', 'Again');
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('editable'));
    expect(actor.getSnapshot().context).toMatchObject({
      subject: 'Crash',
      message: 'Again',
      error: ownMessages.tooManyAttempts,
    });
  });
});

describe('dataUrlOf', () => {
  it('encodes large files in slices without overflowing the stack', async () => {
    const bytes = new Uint8Array(300_000).map((_, index) => index % 256);
    const url = await dataUrlOf(new Blob([bytes]), 'image/jpeg');
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const decoded = atob(url.slice('data:image/jpeg;base64,'.length));
    expect(decoded.length).toBe(bytes.length);
    expect(Array.from(decoded, (char) => char.charCodeAt(0))).toEqual(Array.from(bytes));
  });
});
