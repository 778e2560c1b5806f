import type { Config } from '../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type { Mailer, MailPurpose, OutgoingMail } from './mailer';

export function createMailer(config: Config, log: { info(message: string): void }): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ outboxDir: config.outboxDir, from: config.mailFrom, log });
}
