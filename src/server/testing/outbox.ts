import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail the outbox wrote, decoded far enough for a test (or an e2e run) to read it. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part ('' when there is none). */
  html: string;
  /** Every line of the text part that is a URL on its own, in order. */
  links: string[];
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i] ?? '';
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headerValue(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

/** Decodes RFC 2047 encoded words (nodemailer writes a non-ASCII subject as =?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Splits a MIME entity into its header block and body. */
function splitEntity(entity: string): { headers: string; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  if (!match) return { headers: entity, body: '' };
  return { headers: entity.slice(0, match.index), body: entity.slice(match.index + match[0].length) };
}

function decodeBody(headers: string, body: string): string {
  const encoding = headerValue(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function partOf(message: string, type: 'plain' | 'html'): string {
  const { headers, body } = splitEntity(message);
  const contentType = headerValue(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return type === 'plain' ? decodeBody(headers, body) : '';
  for (const part of body.split(`--${boundary}`)) {
    const entity = splitEntity(part.replace(/^\r?\n/, ''));
    const partType = headerValue(entity.headers, 'Content-Type');
    if (partType.toLowerCase().startsWith(`text/${type}`)) return decodeBody(entity.headers, entity.body);
    // A mail with attachments nests its text and HTML in a multipart/alternative part.
    if (/^multipart\//i.test(partType)) {
      const nested = partOf(part.replace(/^\r?\n/, ''), type);
      if (nested) return nested;
    }
  }
  return '';
}

/** Parses one .eml the outbox wrote (only the shapes nodemailer produces for our mails). */
export function parseOutboxMail(file: string, message: string): OutboxMail {
  const { headers } = splitEntity(message);
  const text = partOf(message, 'plain');
  const links = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\/\S+$/.test(line));
  const html = partOf(message, 'html');
  return {
    file,
    to: headerValue(headers, 'To'),
    subject: decodeEncodedWords(headerValue(headers, 'Subject')),
    text,
    html,
    links,
  };
}

/** Every mail in the outbox directory, oldest first (file names start with the ISO time). */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => parseOutboxMail(name, await readFile(path.join(outboxDir, name), 'utf8'))),
  );
}
