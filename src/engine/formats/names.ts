import type { Model } from '../schema';
import { inWindows1252 } from '../text/encoding';
import type { FidelityConcept } from './report';

/**
 * Names are data in every format Gusset writes, never syntax (issue #22). Each writer has one place that makes a
 * name safe for its format; where the format cannot hold a character the name is changed deterministically, kept
 * unique, and the rename is reported under the object's own concept, so the fidelity oracle counts it explained.
 */

/** Line breaks, tabs and every other C0/C1 control character, and DEL. */
export function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * A name as one line of windows-1252 text (the CSI text files): a control character (line breaks and tabs
 * included) becomes a space, a character the code page has no byte for becomes `?` (what the encoder would write,
 * made here so two names that collapse to one can be told apart).
 */
export function windows1252Line(value: string): string {
  let index = 0;
  while (index < value.length) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code >= 0x7f) break;
    index++;
  }
  if (index === value.length) return value;
  let out = value.slice(0, index);
  for (; index < value.length; index++) {
    const code = value.charCodeAt(index);
    out += isControl(code) ? ' ' : inWindows1252(code) ? (value[index] as string) : '?';
  }
  return out;
}

/** The reason a writer gives for a name it had to change. */
export function renameReason(format: string, cannot: string): string {
  return `${format} names cannot hold ${cannot}; such names are written with them replaced (and a suffix where two names would become one)`;
}

/** The text with every unpaired surrogate as U+FFFD, what a UTF-8 encoder writes for it. */
export function wellFormed(value: string): string {
  return /[\uD800-\uDFFF]/.test(value)
    ? value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    : value;
}

/**
 * STEP strings (IFC, CIS/2) carry any character through `formatString`'s escapes except an unpaired surrogate,
 * which is no character and is written as U+FFFD: names holding one are reported, each under its concept.
 */
export function reportStepNames(
  model: Model,
  note: (subject: string, concept: FidelityConcept, id: string, reason: string) => void,
  changed: (name: string) => boolean = (name) => wellFormed(name) !== name,
  reason = 'STEP strings cannot hold an unpaired surrogate; it is written as U+FFFD',
): void {
  const check = (
    items: readonly { id: string; name: string }[],
    subject: string,
    concept: FidelityConcept,
  ) => {
    for (const item of items) if (changed(item.name)) note(subject, concept, item.id, reason);
  };
  check(model.nodes, 'Node', 'node');
  check(model.elements, 'Element', 'element');
  check(model.levels, 'Level', 'level');
  check(model.materials, 'Material', 'material');
  check(model.profiles, 'Profile', 'section');
  check(model.loadPatterns, 'LoadPattern', 'pattern');
  check(model.loadCases, 'LoadCase', 'case');
  check(model.loadCombinations, 'LoadCombination', 'combination');
}
