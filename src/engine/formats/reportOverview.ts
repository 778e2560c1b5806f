import type { FidelityConcept, ModelCounts, ReportItem } from './report';
import { reportItemCount } from './report';

/**
 * A translation report as people read it (issue #23): items grouped by the kind of object they are about, in the
 * order an engineer walks a model (levels and grids first, loads and groups last), and within a kind by severity
 * and reason, with counts and the ids the report holds. One pass over the items; the screens render groups, never
 * items, so a report of 100k items is a few dozen lines.
 */

export type ReportSeverity = ReportItem['severity'];

/** Kinds in the order the report shows them; the extras sit beside their nearest relative, `other` last. */
export const REPORT_KINDS = [
  'levels',
  'grids',
  'nodes',
  'columns',
  'beams',
  'braces',
  // A frame member the source does not call a beam, a column or a brace (an ETABS LINE, an IFC curve member).
  'members',
  'cables',
  'walls',
  'floors',
  // A wall, floor or other area the source does not tell apart (an ETABS AREA, a SAP2000 shell).
  'areas',
  'openings',
  'links',
  'foundations',
  'components',
  'geometry',
  'sections',
  'materials',
  'restraints',
  'releases',
  'diaphragms',
  'loadPatterns',
  'loadCases',
  'loadCombinations',
  'loads',
  'groups',
  'results',
  'other',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Each kind in engineering words: singular, plural. */
export const REPORT_KIND_WORDS: Readonly<Record<ReportKind, readonly [string, string]>> = {
  levels: ['level', 'levels'],
  grids: ['grid line', 'grid lines'],
  nodes: ['node', 'nodes'],
  columns: ['column', 'columns'],
  beams: ['beam', 'beams'],
  braces: ['brace', 'braces'],
  members: ['frame member', 'frame members'],
  cables: ['cable', 'cables'],
  walls: ['wall', 'walls'],
  floors: ['floor', 'floors'],
  areas: ['area object', 'area objects'],
  openings: ['opening', 'openings'],
  links: ['link', 'links'],
  foundations: ['foundation', 'foundations'],
  components: ['other component', 'other components'],
  geometry: ['reference geometry object', 'reference geometry objects'],
  sections: ['section', 'sections'],
  materials: ['material', 'materials'],
  restraints: ['restraint', 'restraints'],
  releases: ['end release', 'end releases'],
  diaphragms: ['diaphragm', 'diaphragms'],
  loadPatterns: ['load pattern', 'load patterns'],
  loadCases: ['load case', 'load cases'],
  loadCombinations: ['load combination', 'load combinations'],
  loads: ['load', 'loads'],
  groups: ['group', 'groups'],
  results: ['analysis result', 'analysis results'],
  other: ['other item', 'other items'],
};

/** Concepts that name one kind outright; the others (element, offset, local axis…) are about a member: see its subject. */
const CONCEPT_KIND = new Map<string, ReportKind>(
  Object.entries({
    node: 'nodes',
    restraint: 'restraints',
    spring: 'restraints',
    section: 'sections',
    material: 'materials',
    release: 'releases',
    load: 'loads',
    pattern: 'loadPatterns',
    case: 'loadCases',
    function: 'loadCases',
    combination: 'loadCombinations',
    group: 'groups',
    level: 'levels',
    diaphragm: 'diaphragms',
    grid: 'grids',
    link: 'links',
    results: 'results',
  } satisfies Partial<Record<FidelityConcept, ReportKind>>),
);

/**
 * Subjects in the sources' own words (ETABS keywords, SAP2000 tables, IFC and CIS/2 classes, canonical types) →
 * kind. First match wins, so the specific words come before the general ones ('LOADCASE' before 'LOAD',
 * 'IfcMaterialProfileSetUsage' before 'Material', 'POINTLOAD' before 'POINT').
 */
const SUBJECT_KINDS: ReadonlyArray<readonly [RegExp, ReportKind]> = [
  [/section cut|end of model|^text$|unit/i, 'other'],
  [/result/i, 'results'],
  [/restrain|support|boundary|spring/i, 'restraints'],
  [/release/i, 'releases'],
  [/diaphragm/i, 'diaphragms'],
  [/combo|combination/i, 'loadCombinations'],
  [/pattern|loadgroup/i, 'loadPatterns'],
  // Not a bare /case/: IfcWallStandardCase is a wall.
  [/(?:load|analysis)\s*cases?|^cases?\b|function/i, 'loadCases'],
  [/load/i, 'loads'],
  [/stor(?:y|ey|ies)|level/i, 'levels'],
  [/grid/i, 'grids'],
  [/section|profile|shellprop|slabprop|wallprop|deckprop|frameprop/i, 'sections'],
  [/material/i, 'materials'],
  [/link/i, 'links'],
  [/opening|void/i, 'openings'],
  [/column/i, 'columns'],
  [/beam|girder|joist/i, 'beams'],
  [/brace/i, 'braces'],
  [/cable|tendon/i, 'cables'],
  [/wall/i, 'walls'],
  [/floor|slab|deck|roof/i, 'floors'],
  [/footing|foundation|pile/i, 'foundations'],
  [/component/i, 'components'],
  [/geoelement|geometry/i, 'geometry'],
  [/point|joint|node|vertex/i, 'nodes'],
  // Areas before members: IfcStructuralSurfaceMember is an area.
  [/area|shell|surface|plate/i, 'areas'],
  [/frame|^line|member|curve/i, 'members'],
  [/group/i, 'groups'],
];

function kindOfSubject(subject: string): ReportKind {
  for (const [pattern, kind] of SUBJECT_KINDS) if (pattern.test(subject)) return kind;
  return 'other';
}

/**
 * A report item as the engine makes it or as the wire carries it (where `concept` is any string: a concept this
 * build does not know falls back to the subject).
 */
export type ReportItemLike = Omit<ReportItem, 'concept'> & { concept?: string };

/** The kind of object a report item is about: its concept when that names one, else its subject. */
export function reportKindOf(item: Pick<ReportItemLike, 'subject' | 'concept'>): ReportKind {
  const byConcept = item.concept === undefined ? undefined : CONCEPT_KIND.get(item.concept);
  return byConcept ?? kindOfSubject(item.subject);
}

/**
 * Where a concept's heading goes among the kinds (the certificate's sections follow the report's order): the kind
 * it names, and the concepts about members (element, offset, local axis…) with the frame members.
 */
export function conceptRank(concept: string): number {
  return KIND_RANK.get(CONCEPT_KIND.get(concept) ?? 'members') ?? REPORT_KINDS.length;
}

/**
 * A reason with the names it quotes and the values it assigns blanked, so `material "C30" is not defined` and
 * `material "S355" is not defined` are one reason, as are `FrameSect=W12 is…` and `FrameSect=W14 is…`.
 */
export function reasonPattern(reason: string): string {
  if (!reason.includes('"') && !reason.includes('=')) return reason;
  return reason.replace(/"[^"]*"/g, '"…"').replace(/=[^\s,;:]+/g, '=…');
}

/** One line of the report: items of one kind, severity and reason. */
export interface ReportGroup {
  kind: ReportKind;
  severity: ReportSeverity;
  /** The items' reason; when they differ only in the names they quote, the reason with those blanked. */
  reason: string;
  /** Objects (or source lines) the group stands for: the items' `count`s, never how many ids are listed. */
  count: number;
  /** Every id the report lists for the group (a capped report lists fewer than `count`). */
  readonly ids: readonly string[];
  /** Source lines of the items that name no object. */
  readonly lines: readonly number[];
}

/** A group while the items are read. */
type OpenGroup = ReportGroup & { ids: string[]; lines: number[] };

export interface ReportKindGroups {
  kind: ReportKind;
  /** The kind in words, plural ('end releases'). */
  label: string;
  count: number;
  /** Dropped first, then approximated, then warnings; within a severity the largest first. */
  groups: ReportGroup[];
}

export type ReportTotals = Record<ReportSeverity, number>;

export interface GroupedReport {
  /** Objects per severity, as the groups add up. */
  totals: ReportTotals;
  groupCount: number;
  /** Only the kinds that have items, in REPORT_KINDS order. */
  kinds: ReportKindGroups[];
}

const SEVERITY_RANK: Readonly<Record<ReportSeverity, number>> = { dropped: 0, approximated: 1, warning: 2 };
const KIND_RANK = new Map<ReportKind, number>(REPORT_KINDS.map((kind, index) => [kind, index]));

/** Shared by the groups without source lines (most): one array less per group; frozen, replaced before a push. */
const NO_LINES = Object.freeze([]) as unknown as number[];

/** The report's items grouped by kind, then severity and reason, in one pass. */
export function groupReport(items: Iterable<ReportItemLike>): GroupedReport {
  // One map of reason patterns per kind and severity, found by index: no key string is built per item.
  const slots: Array<Map<string, OpenGroup> | undefined> = [];
  // Subjects repeat (a report has a few dozen) and so do reasons: each is classified or blanked once.
  const kindBySubject = new Map<string, ReportKind>();
  const patternByReason = new Map<string, string>();
  const totals: ReportTotals = { approximated: 0, dropped: 0, warning: 0 };
  let groupCount = 0;
  for (const item of items) {
    let kind = item.concept === undefined ? undefined : CONCEPT_KIND.get(item.concept);
    if (kind === undefined) {
      kind = kindBySubject.get(item.subject);
      if (kind === undefined) kindBySubject.set(item.subject, (kind = kindOfSubject(item.subject)));
    }
    let pattern = patternByReason.get(item.reason);
    if (pattern === undefined) patternByReason.set(item.reason, (pattern = reasonPattern(item.reason)));
    const slot = (KIND_RANK.get(kind) ?? 0) * 3 + SEVERITY_RANK[item.severity];
    let byPattern = slots[slot];
    if (byPattern === undefined) slots[slot] = byPattern = new Map();
    let group = byPattern.get(pattern);
    if (group === undefined) {
      group = { kind, severity: item.severity, reason: item.reason, count: 0, ids: [], lines: NO_LINES };
      byPattern.set(pattern, group);
      groupCount++;
    } else if (group.reason !== item.reason) {
      group.reason = pattern;
    }
    const count = reportItemCount(item);
    group.count += count;
    totals[item.severity] += count;
    if (item.id !== undefined) group.ids.push(item.id);
    if (item.ids !== undefined) for (const id of item.ids) group.ids.push(id);
    if (item.id === undefined && item.ids === undefined && item.line !== undefined) {
      if (group.lines === NO_LINES) group.lines = [];
      group.lines.push(item.line);
    }
  }
  // Slots are in kind order, then severity order: walking them gives the kinds sorted.
  const kinds: ReportKindGroups[] = [];
  for (const byPattern of slots) {
    if (byPattern === undefined) continue;
    const groups: ReportGroup[] = [...byPattern.values()]
      // Code-unit order for ties: localeCompare costs seconds over 100k distinct reasons.
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
    const first = groups[0];
    if (first === undefined) continue;
    let kind = kinds.at(-1);
    if (kind?.kind !== first.kind) {
      kind = { kind: first.kind, label: REPORT_KIND_WORDS[first.kind][1], count: 0, groups: [] };
      kinds.push(kind);
    }
    for (const group of groups) {
      kind.count += group.count;
      kind.groups.push(group);
    }
  }
  return { totals, groupCount, kinds };
}

const numberFormat = new Intl.NumberFormat('en-US');

function joinWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * '4 dropped, 12 approximated and 309 warnings', with ' in 7 groups' when the groups are known: the header of a
 * report, which always agrees with its groups because both come from the same counts.
 */
export function reportTotalsText(totals: ReportTotals, groupCount?: number): string {
  const parts: string[] = [];
  if (totals.dropped > 0) parts.push(`${numberFormat.format(totals.dropped)} dropped`);
  if (totals.approximated > 0) parts.push(`${numberFormat.format(totals.approximated)} approximated`);
  if (totals.warning > 0)
    parts.push(`${numberFormat.format(totals.warning)} warning${totals.warning === 1 ? '' : 's'}`);
  if (parts.length === 0) return 'Nothing dropped, approximated or warned about';
  const groups =
    groupCount === undefined
      ? ''
      : ` in ${numberFormat.format(groupCount)} group${groupCount === 1 ? '' : 's'}`;
  return `${joinWords(parts)}${groups}`;
}

/** What a group shows of its objects: the first `limit` ids (else source lines) and how many it stands for beyond. */
export function reportGroupExamples(
  group: Pick<ReportGroup, 'ids' | 'lines' | 'count'>,
  limit: number,
): { shown: string[]; more: number } {
  const source = group.ids.length > 0 ? group.ids : group.lines.map((line) => `line ${line}`);
  const shown = source.slice(0, Math.max(0, limit));
  return { shown, more: shown.length === 0 ? 0 : Math.max(0, group.count - shown.length) };
}

/** 'P1, P2, P3 and 306 more' (nothing when the group names no object). */
export function reportGroupExamplesText(group: Pick<ReportGroup, 'ids' | 'lines' | 'count'>, limit: number) {
  const { shown, more } = reportGroupExamples(group, limit);
  return `${shown.join(', ')}${more > 0 ? ` and ${numberFormat.format(more)} more` : ''}`;
}

/** The model's count keys (ModelCounts, `gusset inspect --json`) in the report's kind order, in words. */
export const MODEL_COUNT_WORDS: ReadonlyArray<readonly [keyof ModelCounts, string, string]> = [
  ['levels', 'level', 'levels'],
  ['grids', 'grid line', 'grid lines'],
  ['nodes', 'node', 'nodes'],
  ['columns', 'column', 'columns'],
  ['beams', 'beam', 'beams'],
  ['braces', 'brace', 'braces'],
  ['cables', 'cable', 'cables'],
  ['walls', 'wall', 'walls'],
  ['floors', 'floor', 'floors'],
  ['areas', 'other area', 'other areas'],
  ['openings', 'opening', 'openings'],
  ['links', 'link', 'links'],
  ['foundations', 'foundation', 'foundations'],
  ['components', 'other component', 'other components'],
  ['geoElements', 'reference geometry object', 'reference geometry objects'],
  ['sections', 'section', 'sections'],
  ['materials', 'material', 'materials'],
  ['restraints', 'restrained node', 'restrained nodes'],
  ['releases', 'released member', 'released members'],
  ['diaphragms', 'diaphragm', 'diaphragms'],
  ['loadPatterns', 'load pattern', 'load patterns'],
  ['loadCases', 'load case', 'load cases'],
  ['loadCombinations', 'load combination', 'load combinations'],
  ['pointLoads', 'point load', 'point loads'],
  ['linearLoads', 'line load', 'line loads'],
  ['areaLoads', 'area load', 'area loads'],
  ['groups', 'group', 'groups'],
];

/** ModelCounts from the engine, or the wire's open record (a newer server may send keys we do not know). */
export type CountsLike = ModelCounts | Readonly<Record<string, number>>;

const MODEL_COUNT_RANK = new Map<string, number>(MODEL_COUNT_WORDS.map(([key], index) => [key, index]));
const MODEL_COUNT_NAMES = new Map<string, readonly [string, string]>(
  MODEL_COUNT_WORDS.map(([key, one, many]) => [key, [one, many]]),
);

/**
 * Counts as (words, count) in the fixed order; keys this table does not know (a newer server) come last with
 * their camelCase split ('fooBars' → 'foo bars'). Zero counts are kept: callers decide what to show.
 */
export function orderedModelCounts(counts: CountsLike): Array<[string, number]> {
  const entries: Array<[string, number]> = Object.entries(counts);
  return (
    entries
      // Unknown keys share the last rank; the sort is stable, so they keep the server's order.
      .sort(
        ([a], [b]) =>
          (MODEL_COUNT_RANK.get(a) ?? MODEL_COUNT_WORDS.length) -
          (MODEL_COUNT_RANK.get(b) ?? MODEL_COUNT_WORDS.length),
      )
      .map(([key, count]): [string, number] => {
        const words = MODEL_COUNT_NAMES.get(key);
        const name = words
          ? words[count === 1 ? 0 : 1]
          : key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        return [name, count];
      })
  );
}

/** '3 levels · 1,204 nodes · 300 beams · 2 area loads': the collections that hold something, in the fixed order. */
export function modelCountsText(counts: CountsLike, separator = ' · '): string {
  const parts = orderedModelCounts(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${numberFormat.format(count)} ${name}`);
  return parts.length === 0 ? 'Empty model' : parts.join(separator);
}
