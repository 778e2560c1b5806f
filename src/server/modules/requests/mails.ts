import type { SupportRequestKind } from '../../../contract/http/requests';
import type { MailAttachment, OutgoingMail } from '../../mail/mailer';
import { escapeHtml, inertMultiline, inertText, subjectLine } from '../../mail/plainText';

export interface SupportRequestMail {
  id: string;
  kind: SupportRequestKind;
  subject: string;
  message: string;
  page: string | null;
  from: { name: string; email: string };
  screenshot: MailAttachment | null;
  /** Where the report points: the page it was sent from, in this deployment. */
  link: string;
}

/** The mail an internal admin gets for a bug report or a contact message; the user's text stays plain text. */
export function supportRequestMail(to: string, request: SupportRequestMail): OutgoingMail {
  const label = request.kind === 'bug' ? 'Bug report' : 'Contact message';
  // Everything the user typed is plain text here, never a link (mail/plainText.ts); our own link is the last line.
  const lines = [
    `${label} from ${inertText(request.from.name)} <${request.from.email}>`,
    `Request id: ${request.id}`,
    ...(request.page ? [`Page: ${inertText(request.page)}`] : []),
    '',
    inertMultiline(request.message),
    '',
    request.screenshot ? 'The screenshot is attached.' : 'No screenshot was attached.',
    '',
    request.link,
  ];
  const html =
    `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n` +
    lines
      .filter((line) => line !== '' && line !== request.link)
      .map((line) => `<p style="white-space: pre-wrap">${escapeHtml(line)}</p>`)
      .join('\n') +
    `\n<p><a href="${escapeHtml(request.link)}">${escapeHtml(request.link)}</a></p>\n</body></html>\n`;
  return {
    to,
    purpose: 'support-request',
    subject: subjectLine(`[Gusset ${label.toLowerCase()}] ${inertText(request.subject)}`),
    text: `${lines.join('\n')}\n`,
    html,
    link: request.link,
    ...(request.screenshot ? { attachments: [request.screenshot] } : {}),
  };
}
