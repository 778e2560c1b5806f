import type { DisplayUnit, Element, Model, ModelCollection } from '../schema';
import { ELEMENT_TYPES } from '../schema';
import { formatLength } from './describe';
import { elementNodeIds } from './geometry';
import type { Change, ModelDiff, ModifiedChange } from './types';

/*
 * A diff in one line of engineering words (issue #23): '1 column removed, 1 beam resized W18X35 → W21X44,
 * 104 beams moved (max 0.1 m) and 3 more changes'. `summarizeDiff` gathers it in one pass over the changes, with
 * values in canonical units (mm), so a version can keep it and a later change of display unit still reads right;
 * `changeSummaryText` words it in a display unit.
 */

/** What happened to the objects of one subject, in the order a summary tells them. */
export const SUMMARY_PHRASE_KINDS = [
  'removed',
  'added',
  'resized',
  'moved',
  'material',
  'releases',
  'restraints',
  'renamed',
  'changed',
] as const;
export type SummaryPhraseKind = (typeof SUMMARY_PHRASE_KINDS)[number];

/** One phrase of a summary: '3 beams resized W18X35 → W21X44'. Plain JSON: versions store it. */
export interface SummaryPhrase {
  kind: SummaryPhraseKind;
  /**
   * What changed: an element type ('Beam'), a load type ('PointLoad'), a collection ('nodes', 'profiles',
   * 'levels'…) or 'model' for the model's own settings.
   */
  subject: string;
  /** How many objects. */
  count: number;
  /** moved: the largest displacement, mm. */
  maxMove?: number;
  /** resized, material: the commonest before → after pair (names) and how many objects made it. */
  from?: string;
  to?: string;
  pairCount?: number;
}

/** A diff's summary: every phrase, in the order it is told (changeSummaryText caps it). */
export interface ChangeSummary {
  phrases: SummaryPhrase[];
}

/** How many phrases a summary line shows before 'and N more changes'. */
export const SUMMARY_MAX_PHRASES = 4;

/** Element types in the order an engineer reads a structure: primary members first. */
const ELEMENT_ORDER: readonly string[] = [
  'Column',
  'Beam',
  'Brace',
  'Cable',
  'Wall',
  'Floor',
  'Area',
  'Opening',
  'Foundation',
  'Link',
  'Component',
  'GeoElement',
];

const LOAD_TYPES: readonly string[] = ['PointLoad', 'LinearLoad', 'AreaLoad'];

/** Subjects past the elements: nodes, then definitions, loads, and the model's settings last. */
const OTHER_ORDER: readonly string[] = [
  'nodes',
  'levels',
  'grids',
  'profiles',
  'materials',
  ...LOAD_TYPES,
  'loadPatterns',
  'loadCases',
  'loadCombinations',
  'groups',
  'diaphragms',
  'linkProperties',
  'springProperties',
  'model',
];

/** Singular and plural of each subject, in engineering words. */
const NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  Column: ['column', 'columns'],
  Beam: ['beam', 'beams'],
  Brace: ['brace', 'braces'],
  Cable: ['cable', 'cables'],
  Wall: ['wall', 'walls'],
  Floor: ['floor', 'floors'],
  Area: ['area element', 'area elements'],
  Opening: ['opening', 'openings'],
  Foundation: ['foundation', 'foundations'],
  Link: ['link', 'links'],
  Component: ['component', 'components'],
  GeoElement: ['reference geometry object', 'reference geometry objects'],
  nodes: ['node', 'nodes'],
  levels: ['level', 'levels'],
  grids: ['grid line', 'grid lines'],
  profiles: ['section', 'sections'],
  materials: ['material', 'materials'],
  PointLoad: ['point load', 'point loads'],
  LinearLoad: ['line load', 'line loads'],
  AreaLoad: ['area load', 'area loads'],
  loadPatterns: ['load pattern', 'load patterns'],
  loadCases: ['load case', 'load cases'],
  loadCombinations: ['load combination', 'load combinations'],
  groups: ['group', 'groups'],
  diaphragms: ['diaphragm', 'diaphragms'],
  linkProperties: ['link property', 'link properties'],
  springProperties: ['spring property', 'spring properties'],
};

function subjectRank(subject: string): number {
  const element = ELEMENT_ORDER.indexOf(subject);
  if (element >= 0) return element;
  const other = OTHER_ORDER.indexOf(subject);
  return ELEMENT_ORDER.length + (other >= 0 ? other : OTHER_ORDER.length);
}

function isElementSubject(subject: string): boolean {
  return (ELEMENT_TYPES as readonly string[]).includes(subject);
}

/** Phrase order: element removals and additions, resizes, moves, then the rest (nodes, definitions, loads…). */
function phraseRank(phrase: SummaryPhrase): number {
  const element = isElementSubject(phrase.subject);
  if (element && (phrase.kind === 'removed' || phrase.kind === 'added')) return 0;
  if (phrase.kind === 'resized') return 1;
  if (phrase.kind === 'moved' && element) return 2;
  return 3 + (element ? 0 : 1);
}

/** The subject of a change: element and load types by type, everything else by collection. */
function subjectOf(change: Change): string {
  if (change.collection === 'elements') return change.type;
  if (change.collection === 'loads') return change.type;
  return change.collection;
}

/** Counts before → after pairs ('W18X35 → W21X44') by id, so names are looked up once, for the winner only. */
class PairTally {
  /** before id → after id → count: ids are strings, so no key has to be built per change. */
  private readonly counts = new Map<unknown, Map<unknown, number>>();

  add(before: unknown, after: unknown): void {
    let row = this.counts.get(before);
    if (!row) {
      row = new Map();
      this.counts.set(before, row);
    }
    row.set(after, (row.get(after) ?? 0) + 1);
  }

  /** The commonest pair (ties: the first seen) and how many made it. */
  commonest(): { before: unknown; after: unknown; count: number } | null {
    let best: { before: unknown; after: unknown; count: number } | null = null;
    for (const [before, row] of this.counts) {
      for (const [after, count] of row) if (!best || count > best.count) best = { before, after, count };
    }
    return best;
  }
}

interface Tally {
  kind: SummaryPhraseKind;
  subject: string;
  count: number;
  maxMove: number;
  pairs: PairTally | null;
}

/** The moves of one modified change, mm: the element's or node's deviation, a level's change of elevation. */
function moveOf(change: ModifiedChange): number | null {
  let moved: number | null = null;
  for (const property of change.changes) {
    // A level's height is how tall its storey is, not where it is.
    if (property.group !== 'Geometry' || property.path === 'height') continue;
    let distance = property.deviation;
    if (distance === undefined && typeof property.before === 'number' && typeof property.after === 'number') {
      distance = Math.abs(property.after - property.before);
    }
    if (distance !== undefined) moved = Math.max(moved ?? 0, distance);
  }
  return moved;
}

function nameIn(model: Model, collection: ModelCollection, id: unknown): string {
  if (typeof id !== 'string') return '(none)';
  const found = (model[collection] as readonly { id: string; name: string }[]).find((item) => item.id === id);
  return found?.name || id;
}

/**
 * The summary of `diff` (before → after): per subject, how many objects were removed, added, resized (profile),
 * moved (with the largest move), given another material, other end releases or restraints, renamed, or changed
 * otherwise (an object is 'changed' only when no other phrase counts it). Nodes that carry a moved element are
 * not told again: '104 beams moved' already says it. One pass over the changes; names are looked up only for the
 * commonest pair of each resize and material phrase, so it stays cheap on 100k-element diffs. Phrases come in
 * the order they are told; an empty diff has none.
 */
export function summarizeDiff(diff: ModelDiff, before: Model, after: Model): ChangeSummary {
  // Per subject, one tally per phrase kind: subjects are few, so no key is built per change.
  const bySubject = new Map<string, Map<SummaryPhraseKind, Tally>>();
  const tally = (kind: SummaryPhraseKind, subject: string): Tally => {
    let kinds = bySubject.get(subject);
    if (!kinds) {
      kinds = new Map();
      bySubject.set(subject, kinds);
    }
    let found = kinds.get(kind);
    if (!found) {
      found = { kind, subject, count: 0, maxMove: 0, pairs: null };
      kinds.set(kind, found);
    }
    found.count++;
    return found;
  };
  const paired = (entry: Tally, before: unknown, after: unknown): void => {
    entry.pairs ??= new PairTally();
    entry.pairs.add(before, after);
  };

  // Nodes come before elements (MODEL_COLLECTIONS order): their moves wait until the elements are read, and
  // only nodes under no moved element are told.
  const nodeMoves = new Map<string, number>();
  const underMovedElements = new Set<string>();

  for (const change of diff.changes) {
    const subject = subjectOf(change);
    if (change.kind !== 'modified') {
      tally(change.kind, subject);
      continue;
    }
    let told = false;
    const element = change.collection === 'elements';
    let releases = false;
    let restraints = false;
    let renamed = false;
    for (const property of change.changes) {
      if (element && property.path === 'profileId') {
        paired(tally('resized', subject), property.before, property.after);
        told = true;
      } else if (element && property.path === 'materialId') {
        paired(tally('material', subject), property.before, property.after);
        told = true;
      } else if (element && property.path.startsWith('releases')) {
        releases = true;
      } else if (change.collection === 'nodes' && property.path.startsWith('restraint')) {
        restraints = true;
      } else if (property.group === 'Name' && property.path === 'name') {
        renamed = true;
      }
    }
    const moved = moveOf(change);
    if (moved !== null && change.collection === 'nodes') {
      nodeMoves.set(change.id, moved);
      told = true;
    } else if (moved !== null) {
      const entry = tally('moved', subject);
      entry.maxMove = Math.max(entry.maxMove, moved);
      if (element && nodeMoves.size > 0) {
        for (const id of elementNodeIds(change.object as Element) ?? [])
          if (nodeMoves.has(id)) underMovedElements.add(id);
      }
      told = true;
    }
    // Each flag counts the object once, however many of its paths say it (releases.i.m3 and releases.j.m3).
    if (releases) tally('releases', subject);
    if (restraints) tally('restraints', subject);
    if (renamed) tally('renamed', subject);
    if (!told && !releases && !restraints && !renamed) tally('changed', subject);
  }
  for (const [id, moved] of nodeMoves) {
    if (underMovedElements.has(id)) continue;
    const entry = tally('moved', 'nodes');
    entry.maxMove = Math.max(entry.maxMove, moved);
  }
  if (diff.header.length > 0) tally('changed', 'model');

  const phrases = [...bySubject.values()]
    .flatMap((kinds) => [...kinds.values()])
    .map((entry): SummaryPhrase => {
      const phrase: SummaryPhrase = { kind: entry.kind, subject: entry.subject, count: entry.count };
      if (entry.kind === 'moved') phrase.maxMove = entry.maxMove;
      const pair = entry.pairs?.commonest();
      if (pair) {
        const collection: ModelCollection = entry.kind === 'resized' ? 'profiles' : 'materials';
        phrase.from = nameIn(before, collection, pair.before);
        phrase.to = nameIn(after, collection, pair.after);
        phrase.pairCount = pair.count;
      }
      return phrase;
    })
    .sort(
      (a, b) =>
        phraseRank(a) - phraseRank(b) ||
        subjectRank(a.subject) - subjectRank(b.subject) ||
        SUMMARY_PHRASE_KINDS.indexOf(a.kind) - SUMMARY_PHRASE_KINDS.indexOf(b.kind),
    );
  return { phrases };
}

const numberFormat = new Intl.NumberFormat('en-US');

/** '1 beam', '104 beams'. */
function counted(count: number, subject: string): string {
  return `${numberFormat.format(count)} ${noun(count, subject)}`;
}

function noun(count: number, subject: string): string {
  const words = NOUNS[subject] ?? [subject, `${subject}s`];
  return count === 1 ? words[0] : words[1];
}

/** "1 beam's", "2 beams'": whose releases, restraints or material changed. */
function possessive(count: number, subject: string): string {
  const text = counted(count, subject);
  return text.endsWith('s') ? `${text}'` : `${text}'s`;
}

/** ' W18X35 → W21X44' when every object made the same change, else ' (3 of them W18X35 → W21X44)'. */
function pairText(phrase: SummaryPhrase): string {
  if (phrase.from === undefined || phrase.to === undefined) return '';
  const pair = `${phrase.from} → ${phrase.to}`;
  if (phrase.pairCount === phrase.count) return ` ${pair}`;
  return ` (${numberFormat.format(phrase.pairCount ?? 0)} of them ${pair})`;
}

/** One phrase in words, lengths in `units`. */
export function summaryPhraseText(phrase: SummaryPhrase, units: DisplayUnit): string {
  const { count, subject } = phrase;
  if (subject === 'model') return 'model settings changed';
  switch (phrase.kind) {
    case 'removed':
    case 'added':
    case 'renamed':
    case 'changed':
      return `${counted(count, subject)} ${phrase.kind}`;
    case 'resized':
      return `${counted(count, subject)} resized${pairText(phrase)}`;
    case 'moved': {
      const distance = formatLength(phrase.maxMove ?? 0, units);
      return count === 1
        ? `${counted(count, subject)} moved ${distance}`
        : `${counted(count, subject)} moved (max ${distance})`;
    }
    case 'material':
      return `${possessive(count, subject)} material changed${pairText(phrase)}`;
    case 'releases':
      return `${possessive(count, subject)} end releases changed`;
    case 'restraints':
      return `${possessive(count, subject)} restraints changed`;
  }
}

/**
 * The summary as one line in `units`: the first `maxPhrases` phrases joined by commas, then 'and N more changes'
 * (N the objects the other phrases count), or 'no changes' when there are none.
 */
export function changeSummaryText(
  summary: ChangeSummary,
  units: DisplayUnit,
  maxPhrases = SUMMARY_MAX_PHRASES,
): string {
  const { phrases } = summary;
  if (phrases.length === 0) return 'no changes';
  const shown = phrases.slice(0, Math.max(1, maxPhrases)).map((phrase) => summaryPhraseText(phrase, units));
  const hidden = phrases.slice(shown.length).reduce((sum, phrase) => sum + phrase.count, 0);
  if (hidden === 0) {
    if (shown.length === 1) return shown[0] as string;
    return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] as string}`;
  }
  return `${shown.join(', ')} and ${numberFormat.format(hidden)} more ${hidden === 1 ? 'change' : 'changes'}`;
}
