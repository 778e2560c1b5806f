/**
 * ISO 10303-21 (STEP Part 21) pieces shared by the two STEP formats Gusset writes and reads, IFC and CIS/2: how a
 * REAL and a STRING are written, and the SI prefixes both schemas' SI_UNIT names.
 */

/**
 * A REAL as STEP wants it: always a decimal point in the mantissa (`3000.`, `1.5E-7`). Non-finite numbers have no
 * STEP form; the writers check their inputs, so meeting one here is a bug, not a user error.
 */
export function formatReal(value: number): string {
  if (!Number.isFinite(value))
    throw new RangeError(`A non-finite number (${value}) cannot be written to STEP.`);
  if (value === 0) return '0.';
  const text = String(value);
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? '' : `E${text.slice(e + 1).replace('+', '')}`;
  return (mantissa.includes('.') ? mantissa : `${mantissa}.`) + exponent;
}

function hex(value: number, digits: number): string {
  return value.toString(16).toUpperCase().padStart(digits, '0');
}

/**
 * A STRING: quotes doubled, backslashes doubled, printable ASCII as is, everything else in `\X2\…\X0\` (UCS-2,
 * four hex digits per character) or `\X4\…\X0\` (characters beyond the BMP, eight digits), as ISO 10303-21:2002
 * §6.4.3.2 says. The file itself is therefore pure ASCII.
 */
export function formatString(text: string): string {
  let out = "'";
  let mode: '' | 'X2' | 'X4' = '';
  for (const character of text) {
    // An unpaired surrogate is no character: U+FFFD, as a UTF-8 encoder would write it.
    const raw = character.codePointAt(0) ?? 0;
    const code = raw >= 0xd800 && raw <= 0xdfff ? 0xfffd : raw;
    const wanted = code >= 0x20 && code <= 0x7e ? '' : code > 0xffff ? 'X4' : 'X2';
    if (wanted !== mode) {
      if (mode !== '') out += '\\X0\\';
      if (wanted !== '') out += `\\${wanted}\\`;
      mode = wanted;
    }
    if (wanted === '') out += character === "'" ? "''" : character === '\\' ? '\\\\' : character;
    else out += hex(code, wanted === 'X2' ? 4 : 8);
  }
  if (mode !== '') out += '\\X0\\';
  return `${out}'`;
}

/** The SI_UNIT prefixes (`.MILLI.`) as factors. */
export const SI_PREFIXES: Readonly<Record<string, number>> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
  PICO: 1e-12,
  FEMTO: 1e-15,
  ATTO: 1e-18,
};
