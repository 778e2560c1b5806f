/** What a mail is for; it names the outbox file, so a reader can find "the reset mail to x" without parsing. */
export type MailPurpose =
  | 'verify'
  | 'signup-existing'
  | 'reset'
  | 'forgot-unknown'
  | 'password-changed'
  | 'invitation'
  | 'model-shared'
  | 'support-request';

/** A file sent with a mail (a bug report's screenshot). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text; the main link stands alone on its own line. */
  text: string;
  html: string;
  purpose: MailPurpose;
  /** The link the recipient is expected to follow; printed on the console by the outbox. */
  link: string;
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
