import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

/** Real mail through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail: OutgoingMail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: [...mail.attachments] } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
