import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authMails } from '../modules/auth/mails';
import { readOutbox } from '../testing/outbox';
import { createOutboxMailer } from './outbox';

describe('the outbox mailer', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes a full message per mail, named by time, purpose and recipient, and logs its link', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gusset-outbox-'));
    const lines: string[] = [];
    const mailer = createOutboxMailer({
      outboxDir: path.join(dir, 'outbox'),
      from: 'Gusset <no-reply@gusset.local>',
      log: { info: (line) => lines.push(line) },
    });
    const link = 'https://gusset.example.com/verify?resetToken=abc_DEF-123&email=ann%2Btest%40example.com';
    await mailer.send(authMails.verify('ann+test@example.com', link));
    await mailer.send(authMails.verify('ann+test@example.com', link));
    await mailer.close();

    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-verify-ann\+test@example\.com(-2)?\.eml$/,
      );
    }
    const raw = await readFile(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^From: Gusset <no-reply@gusset\.local>$/m);
    expect(raw).toMatch(/^To: ann\+test@example\.com$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toContain('text/html');

    const [mail] = await readOutbox(path.join(dir, 'outbox'));
    expect(mail?.subject).toBe('Confirm your email address for Gusset');
    expect(mail?.text.split('\n')).toContain(link);
    expect(mail?.links).toEqual([link]);
    expect(lines).toContain(`Mail to ann+test@example.com: Confirm your email address for Gusset ${link}`);
  });

  it('escapes what it puts into the HTML part', () => {
    const mail = authMails.verify('x@example.com', 'https://gusset.example.com/verify?a=1&b="><script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&amp;b=&quot;&gt;&lt;script&gt;');
  });
});
