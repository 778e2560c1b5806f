/**
 * A number read straight from its characters in a CSI text, without making a string: the result tables of a
 * large model hold tens of millions of values. Decimals with up to 15 significant digits and a power of ten within
 * ±22 — every number SAP2000 and ETABS write — are computed as an integer mantissa times or over an exact power of
 * ten, which IEEE arithmetic rounds correctly (Clinger's fast path), so the result is the double `Number()` gives.
 * Anything else goes through `Number()` on the slice.
 */

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 10 || code === 160;
}

/**
 * `Number()` for what the fast path does not take. A decimal comma (`1,5`) or slash (`1/5`: Windows in Persian
 * locales) is read as a point: CSI programs write numbers in the machine's locale.
 */
function slowNumber(text: string): number | undefined {
  const second = text.charCodeAt(1) | 0x20;
  // Number() also takes hexadecimal, binary and octal literals and `Infinity`; no CSI program writes those.
  if (second === 0x78 || second === 0x62 || second === 0x6f) return undefined;
  let value = Number(text);
  if (Number.isNaN(value) && /^[+-]?\d*[,/]\d+(?:[eE][+-]?\d+)?$/.test(text))
    value = Number(text.replace(/[,/]/, '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The number between `start` and `end` of `text` (blanks around it ignored): NaN when there is nothing but blanks,
 * undefined when it is not a finite number.
 */
export function parseNumberRange(text: string, start: number, end: number): number | undefined {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  if (start === end) return Number.NaN;
  let at = start;
  let code = text.charCodeAt(at);
  const negative = code === 45;
  if (negative || code === 43) at++;
  let mantissa = 0;
  let significant = 0;
  let scale = 0;
  let digits = 0;
  let point = false;
  for (; at < end; at++) {
    code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) {
      digits++;
      if (mantissa === 0 && code === 48) {
        if (point) scale--;
        continue;
      }
      if (++significant > 15) return slowNumber(text.slice(start, end));
      mantissa = mantissa * 10 + (code - 48);
      if (point) scale--;
    } else if (code === 46 && !point) {
      point = true;
    } else break;
  }
  if (digits === 0) return slowNumber(text.slice(start, end));
  if (at < end) {
    if ((code | 0x20) !== 0x65) return slowNumber(text.slice(start, end));
    at++;
    let exponentSign = 1;
    code = text.charCodeAt(at);
    if (code === 45 || code === 43) {
      if (code === 45) exponentSign = -1;
      at++;
    }
    let exponent = 0;
    let exponentDigits = 0;
    for (; at < end; at++) {
      code = text.charCodeAt(at);
      if (code < 48 || code > 57 || exponentDigits > 4) return slowNumber(text.slice(start, end));
      exponent = exponent * 10 + (code - 48);
      exponentDigits++;
    }
    if (exponentDigits === 0) return slowNumber(text.slice(start, end));
    scale += exponentSign * exponent;
  }
  if (mantissa === 0) return negative ? -0 : 0;
  if (scale < -22 || scale > 22) return slowNumber(text.slice(start, end));
  const magnitude =
    scale < 0 ? mantissa / (POWERS_OF_TEN[-scale] as number) : mantissa * (POWERS_OF_TEN[scale] as number);
  return negative ? -magnitude : magnitude;
}
