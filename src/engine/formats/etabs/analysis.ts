/**
 * ETABS text for what the analysis needs beyond geometry and loads: stiffness modifiers (sections and members),
 * modal and response spectrum case parameters, and `$ FUNCTIONS`. Kept apart from read.ts/write.ts, which call
 * these helpers, so the keyword tables live in one place for both directions.
 */
import type {
  AnalysisFunction,
  AreaModifiers,
  FrameModifiers,
  LoadCase,
  ModalCase,
  ResponseSpectrumCase,
  RitzVector,
} from '../../schema';
import { modifiersFrom, SPECTRUM_DIRECTIONS } from '../../schema';
import { formatE2kNumber, parseE2kNumber, quoteE2k } from './tokenizer';

/** The section title `$ FUNCTIONS` is read from and written to. */
export const FUNCTIONS_SECTION = 'FUNCTIONS';

/** FRAMESECTION modifier keys, as the 20.x fixtures write them (`FRAMESECTION "RIGID" AMOD 10 A2MOD 10 …`). */
export const FRAMESECTION_MODIFIERS: readonly (readonly [string, keyof FrameModifiers])[] = [
  ['AMOD', 'area'],
  ['A2MOD', 'as2'],
  ['A3MOD', 'as3'],
  ['JMOD', 'torsion'],
  ['I2MOD', 'i22'],
  ['I3MOD', 'i33'],
  ['MMOD', 'mass'],
  ['WMOD', 'weight'],
];

/** SHELLPROP modifier keys (`SHELLPROP "Slab1" F11MOD 0.25 …`). */
export const SHELLPROP_MODIFIERS: readonly (readonly [string, keyof AreaModifiers])[] = [
  ['F11MOD', 'f11'],
  ['F22MOD', 'f22'],
  ['F12MOD', 'f12'],
  ['M11MOD', 'm11'],
  ['M22MOD', 'm22'],
  ['M12MOD', 'm12'],
  ['V13MOD', 'v13'],
  ['V23MOD', 'v23'],
  ['MMOD', 'mass'],
  ['WMOD', 'weight'],
];

/**
 * Member-level modifiers on LINEASSIGN/AREAASSIGN. No fixture has one; the keys are ETABS' PROPMOD names as
 * other e2k tools spell them, and are read back by the same table.
 */
export const LINEASSIGN_MODIFIERS: readonly (readonly [string, keyof FrameModifiers])[] = [
  ['PROPMODA', 'area'],
  ['PROPMODA2', 'as2'],
  ['PROPMODA3', 'as3'],
  ['PROPMODT', 'torsion'],
  ['PROPMODI22', 'i22'],
  ['PROPMODI33', 'i33'],
  ['PROPMODM', 'mass'],
  ['PROPMODW', 'weight'],
];

export const AREAASSIGN_MODIFIERS: readonly (readonly [string, keyof AreaModifiers])[] = [
  ['PROPMODF11', 'f11'],
  ['PROPMODF22', 'f22'],
  ['PROPMODF12', 'f12'],
  ['PROPMODM11', 'm11'],
  ['PROPMODM22', 'm22'],
  ['PROPMODM12', 'm12'],
  ['PROPMODV13', 'v13'],
  ['PROPMODV23', 'v23'],
  ['PROPMODM', 'mass'],
  ['PROPMODW', 'weight'],
];

/** The reader's key/value pair, as far as these helpers need it. */
export interface E2kPair {
  key: string;
  value: string | null;
  lineIndex: number;
  used: boolean;
}

function takePair(pairs: readonly E2kPair[], key: string): E2kPair | undefined {
  for (const pair of pairs) {
    if (!pair.used && pair.key === key) {
      pair.used = true;
      return pair;
    }
  }
  return undefined;
}

/** The number of a pair, marking it used only when it is one. */
function takeNumber(pairs: readonly E2kPair[], key: string): number | undefined {
  const pair = pairs.find((candidate) => !candidate.used && candidate.key === key);
  const value = pair?.value === null || pair === undefined ? undefined : parseE2kNumber(pair.value);
  if (pair && value !== undefined) pair.used = true;
  return value;
}

/** Modifiers from their keys (numbers only; anything else stays an attribute); undefined when all are 1. */
export function takeModifiers<K extends string>(
  pairs: readonly E2kPair[],
  table: readonly (readonly [string, K])[],
): Partial<Record<K, number>> | undefined {
  const values = new Map<K, number>();
  for (const [key, field] of table) {
    const value = takeNumber(pairs, key);
    if (value !== undefined) values.set(field, value);
  }
  return modifiersFrom(
    table.map(([, field]) => field),
    (field) => values.get(field),
  );
}

/** `AMOD 10 A2MOD 0.5 …` for the factors other than 1, or '' when there are none. */
export function modifierText<K extends string>(
  table: readonly (readonly [string, K])[],
  modifiers: Partial<Record<K, number>> | undefined,
): string {
  if (!modifiers) return '';
  return table
    .flatMap(([key, field]) => {
      const value = modifiers[field];
      return value === undefined || value === 1 ? [] : [`${key} ${formatE2kNumber(value)}`];
    })
    .join(' ');
}

const MODAL_EIGEN = 'Modal - Eigen';
const MODAL_RITZ = 'Modal - Ritz';
const RESPONSE_SPECTRUM = 'Response Spectrum';

/** SAP2000 case types → ETABS', for cases read from SAP: ETABS does not know `LinModal` or `LinRespSpec`. */
const ETABS_CASE_TYPES: Readonly<Record<string, string>> = {
  LinStatic: 'Linear Static',
  NonStatic: 'Nonlinear Static',
  LinRespSpec: RESPONSE_SPECTRUM,
  LinDirHist: 'Linear Direct Integration History',
  LinModHist: 'Linear Modal History',
  NonDirHist: 'Nonlinear Direct Integration History',
  NonModHist: 'Nonlinear Modal History (FNA)',
};

/** The TYPE ETABS is to read for a case, whichever tool's word the model holds. */
export function etabsCaseType(loadCase: LoadCase): string {
  if (loadCase.caseType === 'LinModal' || (loadCase.modal && /^modal/i.test(loadCase.caseType)))
    return loadCase.modal?.method === 'ritz' ? MODAL_RITZ : MODAL_EIGEN;
  return ETABS_CASE_TYPES[loadCase.caseType] ?? loadCase.caseType;
}

const YES_NO: Readonly<Record<string, boolean>> = { YES: true, NO: false };

/**
 * The modal or response spectrum parameters of a LOADCASE, taking their pairs. `lengthFactor` converts the
 * file's length unit to mm (SF is an acceleration in that unit per s²); `patterns` are the defined pattern ids
 * (a Ritz case starts from patterns it names with LOADPAT).
 */
export function takeCaseParameters(
  pairs: readonly E2kPair[],
  caseType: string,
  lengthFactor: number,
  patterns: ReadonlySet<string>,
): { modal?: ModalCase; responseSpectrum?: ResponseSpectrumCase } {
  const upper = caseType.toUpperCase();
  if (upper === MODAL_EIGEN.toUpperCase() || upper === MODAL_RITZ.toUpperCase()) {
    const modal: ModalCase = { method: upper === MODAL_RITZ.toUpperCase() ? 'ritz' : 'eigen' };
    const set = (field: 'maxModes' | 'minModes' | 'shift' | 'cutoff' | 'tolerance', key: string): void => {
      const value = takeNumber(pairs, key);
      if (value !== undefined) modal[field] = value;
    };
    set('maxModes', 'MAXMODES');
    set('minModes', 'MINMODES');
    set('shift', 'EIGENSHIFTFREQ');
    set('cutoff', 'EIGENCUTOFF');
    set('tolerance', 'EIGENTOL');
    const autoShift = pairs.find((pair) => !pair.used && pair.key === 'ALLOWAUTOFREQSHIFT');
    const autoValue = YES_NO[(autoShift?.value ?? '').toUpperCase()];
    if (autoShift && autoValue !== undefined) {
      autoShift.used = true;
      modal.autoShift = autoValue;
    }
    const vectors: RitzVector[] = [];
    for (const pair of pairs) {
      if (pair.used || pair.value === null) continue;
      if (pair.key === 'ACCEL') vectors.push({ kind: 'accel', name: pair.value });
      else if (pair.key === 'LINK') vectors.push({ kind: 'link', name: '' });
      else if (pair.key === 'LOADPAT' && modal.method === 'ritz' && patterns.has(pair.value)) {
        vectors.push({ kind: 'pattern', name: pair.value });
        const sf = pairs.find(
          (other) => !other.used && other.key === 'SF' && other.lineIndex === pair.lineIndex,
        );
        if (sf) sf.used = true;
      } else continue;
      pair.used = true;
    }
    if (vectors.length > 0) modal.startingVectors = vectors;
    return { modal };
  }
  if (upper !== RESPONSE_SPECTRUM.toUpperCase()) return {};
  const spectrum: ResponseSpectrumCase = { loads: [] };
  const modalCase = takePair(pairs, 'MODALCASE');
  if (modalCase?.value) spectrum.modalCaseId = modalCase.value;
  for (let index = 0; index < pairs.length; index++) {
    const pair = pairs[index] as E2kPair;
    const direction = SPECTRUM_DIRECTIONS.find((word) => word === pair.value?.toUpperCase());
    if (pair.used || pair.key !== 'ACCEL' || direction === undefined) continue;
    // ACCEL "U1"  FUNC "name"  SF 9.81 [ANG 30] on one line.
    const onLine = pairs.filter(
      (other) => other.lineIndex === pair.lineIndex && !other.used && other !== pair,
    );
    const func = onLine.find((other) => other.key === 'FUNC');
    const sf = onLine.find((other) => other.key === 'SF');
    const scale = sf?.value ? parseE2kNumber(sf.value) : 1;
    if (!func?.value || scale === undefined) continue;
    const angle = onLine.find((other) => other.key === 'ANG');
    const angleValue = angle?.value ? parseE2kNumber(angle.value) : undefined;
    pair.used = true;
    func.used = true;
    if (sf) sf.used = true;
    const load: ResponseSpectrumCase['loads'][number] = {
      direction,
      functionId: func.value,
      scale: (scale * lengthFactor) / 1000,
    };
    if (angle && angleValue !== undefined) {
      angle.used = true;
      load.angle = angleValue;
    }
    spectrum.loads.push(load);
  }
  const dampType = pairs.find((pair) => !pair.used && pair.key === 'MODALDAMPTYPE');
  if (!dampType || dampType.value?.toUpperCase() === 'CONSTANT') {
    const damping = takeNumber(pairs, 'CONSTDAMP');
    if (damping !== undefined) {
      spectrum.damping = damping;
      if (dampType) dampType.used = true;
    }
  }
  const eccentricity = takeNumber(pairs, 'ECCENRATIOTYPICAL');
  if (eccentricity !== undefined) spectrum.eccentricity = eccentricity;
  const modal = takePair(pairs, 'MODALCOMBO');
  if (modal?.value) spectrum.modalCombination = modal.value;
  const directional = takePair(pairs, 'DIRCOMBO');
  if (directional?.value) spectrum.directionalCombination = directional.value;
  return { responseSpectrum: spectrum };
}

/** The parameter lines (after `LOADCASE "name"`) of a modal or response spectrum case. */
export function caseParameterLines(loadCase: LoadCase, lengthFactor: number): string[] {
  const lines: string[] = [];
  const modal = loadCase.modal;
  if (modal) {
    for (const vector of modal.startingVectors ?? []) {
      if (vector.kind === 'accel') lines.push(`ACCEL  ${quoteE2k(vector.name)}`);
      else if (vector.kind === 'link') lines.push('LINK  "ALL"');
      else lines.push(`LOADPAT  ${quoteE2k(vector.name)}  SF  1`);
    }
    const parts: string[] = [];
    const push = (key: string, value: number | undefined): void => {
      if (value !== undefined) parts.push(`${key}  ${formatE2kNumber(value)}`);
    };
    push('MAXMODES', modal.maxModes);
    push('MINMODES', modal.minModes);
    push('EIGENSHIFTFREQ', modal.shift);
    push('EIGENCUTOFF', modal.cutoff);
    push('EIGENTOL', modal.tolerance);
    if (modal.autoShift !== undefined)
      parts.push(`ALLOWAUTOFREQSHIFT  ${modal.autoShift ? '"Yes"' : '"No"'}`);
    if (parts.length > 0) lines.push(parts.join(' '));
  }
  const spectrum = loadCase.responseSpectrum;
  if (spectrum) {
    for (const load of spectrum.loads) {
      const angle = load.angle === undefined ? '' : `  ANG  ${formatE2kNumber(load.angle)}`;
      lines.push(
        `ACCEL  ${quoteE2k(load.direction)}  FUNC  ${quoteE2k(load.functionId)}  SF  ${formatE2kNumber((load.scale * 1000) / lengthFactor)}${angle}`,
      );
    }
    if (spectrum.damping !== undefined)
      lines.push(`MODALDAMPTYPE  "Constant"  CONSTDAMP  ${formatE2kNumber(spectrum.damping)}`);
    if (spectrum.eccentricity !== undefined)
      lines.push(`ECCENRATIOTYPICAL  ${formatE2kNumber(spectrum.eccentricity)}`);
    const combos: string[] = [];
    if (spectrum.modalCombination !== undefined)
      combos.push(`MODALCOMBO  ${quoteE2k(spectrum.modalCombination)}`);
    if (spectrum.directionalCombination !== undefined)
      combos.push(`DIRCOMBO  ${quoteE2k(spectrum.directionalCombination)}`);
    if (combos.length > 0) lines.push(combos.join('  '));
  }
  return lines;
}

/** The words that open a TYPE line's mapped part: MODALCASE sits on the TYPE line in ETABS' own files. */
export function caseTypeText(loadCase: LoadCase): string {
  const type = `TYPE  ${quoteE2k(etabsCaseType(loadCase))}`;
  const modalCase = loadCase.responseSpectrum?.modalCaseId;
  return modalCase === undefined ? type : `${type}  MODALCASE  ${quoteE2k(modalCase)}`;
}

/**
 * A FUNCTION object: FUNCTYPE "SPECTRUM" (DAMPRATIO, SPECTYPE) or "HISTORY" (HISTTYPE), and for user functions
 * TIMEVAL "x y x y…" lines. Undefined (pairs untouched) when FUNCTYPE is neither, or a TIMEVAL is not pairs of
 * numbers: the caller keeps it as it was.
 */
export function takeFunction(
  name: string,
  pairs: readonly E2kPair[],
): Omit<AnalysisFunction, 'source' | 'attributes'> | undefined {
  const typePair = pairs.find((pair) => !pair.used && pair.key === 'FUNCTYPE');
  const typeWord = typePair?.value?.toUpperCase();
  if (typeWord !== 'SPECTRUM' && typeWord !== 'HISTORY') return undefined;
  const points: { x: number; y: number }[] = [];
  const timeValues = pairs.filter((pair) => !pair.used && pair.key === 'TIMEVAL');
  for (const pair of timeValues) {
    const numbers = (pair.value ?? '')
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(parseE2kNumber);
    if (numbers.length % 2 !== 0 || numbers.some((value) => value === undefined)) return undefined;
    for (let index = 0; index < numbers.length; index += 2)
      points.push({ x: numbers[index] as number, y: numbers[index + 1] as number });
  }
  const definitionKey = typeWord === 'SPECTRUM' ? 'SPECTYPE' : 'HISTTYPE';
  const definitionPair = pairs.find((pair) => !pair.used && pair.key === definitionKey);
  const definition = definitionPair?.value ?? 'USER';
  const user = definition.toUpperCase() === 'USER';
  if (!user && timeValues.length > 0) return undefined;
  (typePair as E2kPair).used = true;
  if (definitionPair) definitionPair.used = true;
  for (const pair of timeValues) pair.used = true;
  const fn: Omit<AnalysisFunction, 'source' | 'attributes'> = {
    id: name,
    name,
    type: 'Function',
    functionType: typeWord === 'SPECTRUM' ? 'responseSpectrum' : 'timeHistory',
    definition: user ? 'user' : definition,
  };
  const damping = typeWord === 'SPECTRUM' ? takeNumber(pairs, 'DAMPRATIO') : undefined;
  if (damping !== undefined) fn.damping = damping;
  if (user) fn.points = points;
  return fn;
}

/** The mapped part of a FUNCTION's first line, or undefined when ETABS cannot take the function. */
export function functionHead(fn: AnalysisFunction, fromEtabs: boolean): string | undefined {
  const user = fn.definition === 'user';
  // A code spectrum is its parameters, which only the tool that defined it spells; ETABS' own go back as read.
  if (!user && !fromEtabs) return undefined;
  const definition = user ? 'USER' : fn.definition;
  if (fn.functionType === 'timeHistory') return `FUNCTYPE "HISTORY"  HISTTYPE ${quoteE2k(definition)}`;
  const damping = fn.damping === undefined ? '' : `  DAMPRATIO ${formatE2kNumber(fn.damping)}`;
  return `FUNCTYPE "SPECTRUM"${damping}  SPECTYPE ${quoteE2k(definition)}`;
}

/** TIMEVAL lines, eight pairs a line as ETABS writes them. */
export function functionValueLines(fn: AnalysisFunction): string[] {
  const points = fn.points ?? [];
  const lines: string[] = [];
  for (let start = 0; start < points.length; start += 8) {
    const text = points
      .slice(start, start + 8)
      .map((point) => `${formatE2kNumber(point.x)}  ${formatE2kNumber(point.y)}`)
      .join('  ');
    lines.push(`TIMEVAL "${text}"`);
  }
  return lines;
}
