import { z } from 'zod';
import { ownMessages } from '../errors';

/*
 * Every string a client sends goes through one of these. PostgreSQL refuses NUL in text (22021, a 500 if it got
 * that far), and the other control characters have no place in names, titles or ids: they break mails, logs
 * and exports. Multi-line fields (messages) keep tab, CR and LF.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- all but tab (09), LF (0A) and CR (0D)
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `value` holds a character no field accepts (or, unless multi-line, a tab or line break). */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line string field: no control characters at all. Chain `.trim()`, `.max()`... as on z.string(). */
export function text(params?: StringParams) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value), { error: ownMessages.controlCharacters, abort: true });
}

/** A multi-line string field (a message): tab, CR and LF allowed, other control characters not. */
export function multilineText(params?: StringParams) {
  return z.string(params).refine((value) => !hasControlCharacters(value, true), {
    error: ownMessages.controlCharacters,
    abort: true,
  });
}
