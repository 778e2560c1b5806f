import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  SUPPORT_REQUESTS_PER_HOUR,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  createSupportRequestResponse,
} from '../../../contract/http/requests';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, testPublicUrl, type TestServer } from '../../testing/testServer';

const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe.each(databases())('bug reports and contact on $kind', ({ kind }) => {
  let server: TestServer;
  const adminEmails = [uniqueEmail('admin-one'), uniqueEmail('admin-two')];
  let reporter: SessionResponse;
  let screenshot: Uint8Array;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { GUSSET_ADMINS: adminEmails.join(','), ANALYTICS_ENABLED: 'false' },
    });
    reporter = await signUp(server, uniqueEmail('reporter'), { firstName: 'Rita', lastName: 'Reporter' });
    screenshot = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  /** As `reporter` unless told otherwise; null sends no token. */
  const send = (json: unknown, session: SessionResponse | null = reporter) =>
    server.request('POST', '/api/v2/requests', { json, ...(session ? { token: session.token } : {}) });

  it('stores a bug report with its screenshot and mails it, screenshot attached, to every internal admin', async () => {
    const response = await send({
      kind: 'bug',
      subject: 'Export\nfails',
      message: 'Exporting version 3 to SAP2000 shows an error.\n<b>not bold</b>',
      page: '/models/123',
      screenshot: dataUrl('image/png', screenshot),
    });
    expect(response.status).toBe(201);
    const { _id } = createSupportRequestResponse.parse(response.body);

    const [stored] = await server.db.query<{
      kind: string;
      subject: string;
      user_id: string;
      page: string;
      screenshot_blob: string;
      size_bytes: number;
    }>(
      `SELECT r.kind, r.subject, r.user_id, r.page, r.screenshot_blob, b.size_bytes::int AS size_bytes
       FROM support_requests r JOIN blobs b ON b.sha256 = r.screenshot_blob WHERE r.id = $1`,
      [_id],
    );
    expect(stored).toMatchObject({
      kind: 'bug',
      subject: 'Export\nfails',
      user_id: reporter.user._id,
      page: '/models/123',
      size_bytes: screenshot.length,
    });

    for (const admin of adminEmails) {
      const mail = await server.lastMailTo(admin);
      expect(mail.subject).toBe('[Gusset bug report] Export fails');
      expect(mail.text).toContain(`Bug report from Rita Reporter <${reporter.user.emailAddress}>`);
      expect(mail.text).toContain('Exporting version 3 to SAP2000 shows an error.');
      expect(mail.text).toContain(_id);
      expect(mail.links).toEqual([`${testPublicUrl}/models/123`]);
      const raw = await readFile(path.join(server.config.outboxDir, mail.file), 'utf8');
      expect(raw).toMatch(/Content-Disposition: attachment; filename=screenshot\.png/);
      expect(raw).toContain('&lt;b&gt;not bold&lt;/b&gt;');
      const attachment = /filename=screenshot\.png\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? '';
      expect(Buffer.from(attachment.replace(/\s+/g, ''), 'base64').equals(Buffer.from(screenshot))).toBe(
        true,
      );
    }
    // The reporter gets no copy; the screenshot is not served as an image to anyone.
    expect((await server.mails()).filter((mail) => mail.to === reporter.user.emailAddress)).toHaveLength(1);
    expect((await fetch(`${server.url}/api/images/blobs/${stored?.screenshot_blob}`)).status).toBe(404);
  });

  it('takes a contact message without a screenshot or page', async () => {
    const response = await send({
      kind: 'contact',
      subject: 'Pricing',
      message: 'Do you offer a site licence?',
    });
    expect(response.status).toBe(201);
    const mail = await server.lastMailTo(adminEmails[0] ?? '');
    expect(mail.subject).toBe('[Gusset contact message] Pricing');
    expect(mail.text).toContain('No screenshot was attached.');
    expect(mail.links).toEqual([`${testPublicUrl}/`]);
  });

  it('refuses a screenshot over 2 MB with 413 and one that is not a PNG or JPEG with 400', async () => {
    const big = new Uint8Array(SUPPORT_SCREENSHOT_MAX_BYTES + 1);
    big.set(screenshot);
    const before = (await server.mails()).length;
    expect(
      await send({ kind: 'bug', subject: 'Big', message: 'Too big', screenshot: dataUrl('image/png', big) }),
    ).toMatchObject({ status: 413, body: { message: ownMessages.screenshotTooLarge } });
    for (const bad of [
      dataUrl('image/jpeg', screenshot),
      dataUrl('image/png', new TextEncoder().encode('not an image')),
      dataUrl('image/gif', screenshot),
      'https://example.com/shot.png',
    ]) {
      expect(await send({ kind: 'bug', subject: 'Bad', message: 'Bad', screenshot: bad })).toMatchObject({
        status: 400,
        body: { message: ownMessages.screenshotNotSupported },
      });
    }
    expect((await server.mails()).length).toBe(before);
  });

  it('refuses incomplete reports and anyone without a session', async () => {
    for (const body of [
      { kind: 'bug', subject: '  ', message: 'x' },
      { kind: 'bug', subject: 'x', message: '' },
      { kind: 'wish', subject: 'x', message: 'x' },
      { kind: 'bug', subject: 'x', message: 'x', extra: true },
    ]) {
      expect((await send(body)).status).toBe(400);
    }
    expect(await send({ kind: 'bug', subject: 'x', message: 'x' }, null)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
  });

  it(`takes at most ${SUPPORT_REQUESTS_PER_HOUR} requests an hour from one user`, async () => {
    const flooder = await signUp(server, uniqueEmail('flooder'));
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i += 1) {
      expect((await send({ kind: 'contact', subject: `Hello ${i}`, message: 'Hi' }, flooder)).status).toBe(
        201,
      );
    }
    const refused = await send({ kind: 'contact', subject: 'One more', message: 'Hi' }, flooder);
    expect(refused).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await send({ kind: 'contact', subject: 'Still fine', message: 'Hi' })).status).toBe(201);
  });
});
