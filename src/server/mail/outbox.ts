import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

interface InfoLog {
  info(message: string): void;
}

/** Keeps a file name portable whatever the address holds. */
function safeFilePart(text: string): string {
  return text.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 200);
}

/**
 * The mailer of a machine without SMTP: each mail becomes a complete RFC 822 message in `outboxDir`
 * (`<ISO time>-<purpose>-<recipient>.eml`) and one console line with its link, so a local user can finish sign-up.
 */
export function createOutboxMailer(options: { outboxDir: string; from: string; log: InfoLog }): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail: OutgoingMail) {
      const info = await composer.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: [...mail.attachments] } : {}),
      });
      const message = info.message;
      await mkdir(options.outboxDir, { recursive: true });
      const stem = `${new Date().toISOString().replace(/:/g, '-')}-${mail.purpose}-${safeFilePart(mail.to)}`;
      // Two mails in the same millisecond to one recipient would share a name; 'wx' refuses to overwrite.
      for (let copy = 1; ; copy += 1) {
        const file = path.join(options.outboxDir, copy === 1 ? `${stem}.eml` : `${stem}-${copy}.eml`);
        try {
          await writeFile(file, message, { flag: 'wx' });
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || copy >= 100) throw error;
        }
      }
      options.log.info(`Mail to ${mail.to}: ${mail.subject} ${mail.link}`);
    },
    async close() {
      composer.close();
    },
  };
}
