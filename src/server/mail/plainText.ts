/**
 * Text that users chose (organization and user names, support messages) travels in our mails to people who did
 * not choose it. It must stay plain text there: escaped in the HTML part, and never a link, because mail clients
 * turn anything URL-like into a link on their own (in the plain-text part too), and a link in a mail from Gusset
 * borrows Gusset's credibility.
 *
 * How: "defanging", the convention of security advisories and abuse reports (`evil[.]example`, `http[:]//`). A
 * dot before a letter (a host name's) or inside an IPv4 address becomes `[.]` and `://` becomes `[:]//`, so no
 * autolinker finds a host or a scheme, whatever the client. Zero-width characters were rejected: clients' autolinkers do not agree on them
 * (a `\S+` URL pattern swallows U+200B), so `http://evil\u200B.example` can still come out as a link.
 * Invisible formatting characters (zero-width, bidi overrides) are removed first: they could hide a dot from
 * the rule or reorder what the reader sees.
 */

const invisible = /\p{Cf}/gu;
const controls = /\p{Cc}/gu;
/**
 * `.` and the dots IDNA maps to it (ideographic, full-width, half-width ideographic), between a label and a
 * letter: every host name's last dot is one (top-level domains begin with a letter), while "version 2.1" is not.
 */
const dots = '[.\u3002\uff0e\uff61]';
const domainDot = new RegExp(`(?<=[\\p{L}\\p{N}])${dots}(?=\\p{L})`, 'gu');
/** A dotted IPv4 address, the one host made of digits only. */
const ipv4 = new RegExp(`(?<![\\p{N}.])\\d{1,3}(?:${dots}\\d{1,3}){3}(?![\\p{N}])`, 'gu');

/** User-chosen text made safe to show in a mail: one line, no invisible characters, nothing a client links. */
export function inertText(text: string): string {
  return text
    .replace(invisible, '')
    .replace(controls, ' ')
    .replace(/:\/\//g, '[:]//')
    .replace(domainDot, '[.]')
    .replace(ipv4, (address) => address.replace(new RegExp(dots, 'gu'), '[.]'));
}

/** Like inertText, but keeps line breaks (a support message's paragraphs). */
export function inertMultiline(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => inertText(line))
    .join('\n');
}

/** At most `max` characters (by code point, so an emoji is not cut in half), with an ellipsis when cut. */
export function capLength(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Subjects are at most this long: room for the sentence, no space for a pitch. */
export const MAIL_SUBJECT_MAX = 80;

/** A subject line from parts already made inert: one line, capped at MAIL_SUBJECT_MAX with an ellipsis. */
export function subjectLine(text: string): string {
  return capLength(text.replace(controls, ' ').replace(/\s+/g, ' ').trim(), MAIL_SUBJECT_MAX);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
