import type { Element, Model } from '../schema';
import { hasReleases, isRestrained } from '../schema';

/**
 * What an engineer checks when a model crosses tools; the fidelity oracle (src/engine/fidelity) names each
 * difference it finds with one of these, and a report item that names the same concept and object explains it.
 */
export const FIDELITY_CONCEPTS = [
  'node',
  'restraint',
  'spring',
  'element',
  'endOrder',
  'section',
  'material',
  'release',
  'offset',
  'rigidZone',
  'cardinalPoint',
  'localAxis',
  'modifier',
  'load',
  'pattern',
  'case',
  'function',
  'combination',
  'group',
  'level',
  'diaphragm',
  'grid',
  'link',
  'results',
] as const;
export type FidelityConcept = (typeof FIDELITY_CONCEPTS)[number];

/** Where a report item points: one object, several, a source line, and the concept it is about. */
export interface ReportWhere {
  id?: string;
  /** Every object the item covers when it stands for many (shown as a count and a few examples). */
  ids?: string[];
  line?: number;
  /**
   * The concept whose loss or change this item explains. An item with a concept and neither `id` nor `ids`
   * covers that concept for the whole model ("SAP2000 text has no diaphragm table").
   */
  concept?: FidelityConcept;
}

/** What happened to one source item the translator could not carry over exactly. */
export interface ReportItem extends ReportWhere {
  /** `approximated`: kept with a change; `dropped`: not carried; `warning`: kept, but suspicious input. */
  severity: 'approximated' | 'dropped' | 'warning';
  /** What the item is, in the source's words (`LINEASSIGN`, `$ SECTION CUTS`, `Node`). */
  subject: string;
  reason: string;
  /**
   * How many objects (or source lines) the item stands for, when that is more than it lists: its `ids` were cut
   * to the first REPORT_ITEMS_PER_KIND, or it holds the like items past them (see ReportBuilder). Absent: as many
   * as its `ids`, else one.
   */
  count?: number;
}

/**
 * How many ids or items a report lists per kind (severity, subject, reason, concept); past it one more item counts
 * the rest. A hostile file with 10⁶ copies of one POINT line reports "defined twice" 999,999 times: the report
 * keeps the first 50 and one item with `count` 999,949, so it stays a few kB and its total stays true.
 */
export const REPORT_ITEMS_PER_KIND = 50;

/**
 * How many ids or items a report lists in all. Reasons often name an object ("point "P7" is not defined"), so a
 * file can make any number of kinds; past this, new kinds are counted per severity, subject and concept.
 */
export const REPORT_MAX_LISTED = 5_000;

/** The reason of the item that counts a subject's kinds past REPORT_MAX_LISTED. */
export const REPORT_MORE_REASON = `more, not listed one by one: a report lists at most ${REPORT_MAX_LISTED.toLocaleString('en-US')} items`;

/**
 * How many items an item stands for in a count of items: one, or, for the item that counts the like items past the
 * cap (it lists no object), its `count`. An item whose ids were cut is still one item.
 */
export function reportItemsStoodFor(item: ReportItem): number {
  return item.ids === undefined && item.id === undefined ? (item.count ?? 1) : 1;
}

/** How many objects or source lines an item stands for (its `count`, else its ids, else one). */
export function reportItemCount(item: Pick<ReportItem, 'count' | 'ids'>): number {
  return item.count ?? Math.max(item.ids?.length ?? 0, 1);
}

/**
 * Every id an item covers, in this process: the ones it lists, or, for an item the builder cut or filled with the
 * items past the cap, all of them (kept beside the item, never serialized: a stored or posted report has only
 * the listed ones). The fidelity oracle and the IFC context geometry need them all.
 */
const coveredIds = new WeakMap<ReportItem, Set<string>>();

export function reportItemIds(item: ReportItem): Iterable<string> {
  return coveredIds.get(item) ?? [...(item.id !== undefined ? [item.id] : []), ...(item.ids ?? [])];
}

/**
 * Whether the item stands for objects whose ids this process does not know: it lists fewer than its `count`, and
 * it comes from storage or the wire rather than from a ReportBuilder here.
 */
export function reportItemLacksIds(item: ReportItem): boolean {
  const listed = item.ids?.length ?? (item.id !== undefined ? 1 : 0);
  return item.count !== undefined && item.count > listed && !coveredIds.has(item);
}

/** Counts of canonical objects, with the keys `gusset inspect --json` prints. */
export interface ModelCounts {
  nodes: number;
  beams: number;
  columns: number;
  braces: number;
  cables: number;
  walls: number;
  floors: number;
  areas: number;
  openings: number;
  links: number;
  components: number;
  foundations: number;
  geoElements: number;
  levels: number;
  grids: number;
  sections: number;
  materials: number;
  restraints: number;
  releases: number;
  diaphragms: number;
  loadPatterns: number;
  loadCases: number;
  loadCombinations: number;
  pointLoads: number;
  linearLoads: number;
  areaLoads: number;
  groups: number;
}

export interface TranslationReport {
  format: string;
  direction: 'read' | 'write';
  counts: ModelCounts;
  items: ReportItem[];
  /** Readers: data lines (or rows) seen per source keyword/table, to show that every line was read. */
  sourceCounts?: Record<string, number>;
}

const ELEMENT_COUNT_KEY = {
  Area: 'areas',
  Beam: 'beams',
  Brace: 'braces',
  Cable: 'cables',
  Column: 'columns',
  Component: 'components',
  Floor: 'floors',
  Foundation: 'foundations',
  GeoElement: 'geoElements',
  Link: 'links',
  Opening: 'openings',
  Wall: 'walls',
} as const satisfies Record<Element['type'], keyof ModelCounts>;

export function countModel(model: Model): ModelCounts {
  const counts: ModelCounts = {
    nodes: model.nodes.length,
    beams: 0,
    columns: 0,
    braces: 0,
    cables: 0,
    walls: 0,
    floors: 0,
    areas: 0,
    openings: 0,
    links: 0,
    components: 0,
    foundations: 0,
    geoElements: 0,
    levels: model.levels.length,
    grids: model.grids.length,
    sections: model.profiles.length,
    materials: model.materials.length,
    restraints: 0,
    releases: 0,
    diaphragms: model.diaphragms.length,
    loadPatterns: model.loadPatterns.length,
    loadCases: model.loadCases.length,
    loadCombinations: model.loadCombinations.length,
    pointLoads: 0,
    linearLoads: 0,
    areaLoads: 0,
    groups: model.groups.length,
  };
  for (const node of model.nodes) if (isRestrained(node.restraint)) counts.restraints++;
  for (const element of model.elements) {
    counts[ELEMENT_COUNT_KEY[element.type]]++;
    if (
      (element.type === 'Beam' || element.type === 'Column' || element.type === 'Brace') &&
      hasReleases(element.releases)
    ) {
      counts.releases++;
    }
  }
  for (const load of model.loads) {
    if (load.type === 'PointLoad') counts.pointLoads++;
    else if (load.type === 'LinearLoad') counts.linearLoads++;
    else counts.areaLoads++;
  }
  return counts;
}

/** A kind's listed entries and the item that counts the ones past the cap. */
interface KindTally {
  listed: number;
  more?: ReportItem;
}

/**
 * Collects report items while a translator runs, bounded: per kind (severity, subject, reason, concept) the first
 * REPORT_ITEMS_PER_KIND ids or items are listed and one more item counts the rest (REPORT_MAX_LISTED in all), so
 * the work and the stored report stay small whatever the file, and the totals stay true.
 */
export class ReportBuilder {
  readonly items: ReportItem[] = [];
  private readonly kinds = new Map<string, KindTally>();
  private listed = 0;
  /** Kinds made only to count what came past REPORT_MAX_LISTED. */
  private pastKinds = 0;

  approximated(subject: string, reason: string, where: ReportWhere = {}): void {
    this.add({ severity: 'approximated', subject, reason, ...where });
  }

  dropped(subject: string, reason: string, where: ReportWhere = {}): void {
    this.add({ severity: 'dropped', subject, reason, ...where });
  }

  warning(subject: string, reason: string, where: ReportWhere = {}): void {
    this.add({ severity: 'warning', subject, reason, ...where });
  }

  /** Adds an item as it is, or its first ids, or counts it on its kind's last item when the kind is full. */
  add(item: ReportItem): void {
    const { severity, subject, reason, concept } = item;
    const key = `${severity}\u0000${subject}\u0000${reason}\u0000${concept ?? ''}`;
    let kind = this.kinds.get(key);
    if (kind === undefined) {
      if (this.listed >= REPORT_MAX_LISTED) {
        // Subjects can come from the file too: past a few such kinds, even they are counted together.
        if (this.pastKinds < REPORT_ITEMS_PER_KIND) {
          this.addPast(
            `${severity}\u0000${subject}\u0000${concept ?? ''}\u0000more`,
            item,
            REPORT_MORE_REASON,
          );
        } else {
          const { id: _id, ids: _ids, line: _line, concept: _concept, ...rest } = item;
          this.addPast(
            `${severity}\u0000more`,
            { ...rest, subject: 'Other', count: reportItemCount(item) },
            REPORT_MORE_REASON,
          );
        }
        return;
      }
      kind = { listed: 0 };
      this.kinds.set(key, kind);
    }
    const room = Math.min(REPORT_ITEMS_PER_KIND - kind.listed, REPORT_MAX_LISTED - this.listed);
    if (room <= 0) {
      this.addPast(key, item, reason);
      return;
    }
    const ids = item.ids;
    if (ids !== undefined && ids.length > room) {
      const cut: ReportItem = { ...item, ids: ids.slice(0, room), count: reportItemCount(item) };
      coveredIds.set(cut, new Set(reportItemIds(item)));
      this.items.push(cut);
      kind.listed += room;
      this.listed += room;
      return;
    }
    const entries = Math.max(ids?.length ?? 0, 1);
    this.items.push(item);
    kind.listed += entries;
    this.listed += entries;
  }

  /** Counts an item past the cap on the one item of `key` that stands for all of them. */
  private addPast(key: string, item: ReportItem, reason: string): void {
    let kind = this.kinds.get(key);
    if (kind === undefined) {
      kind = { listed: 0 };
      this.kinds.set(key, kind);
      this.pastKinds++;
    }
    let more = kind.more;
    if (more === undefined) {
      more = { severity: item.severity, subject: item.subject, reason, count: 0 };
      if (item.concept !== undefined) more.concept = item.concept;
      coveredIds.set(more, new Set());
      kind.more = more;
      this.items.push(more);
    }
    more.count = (more.count ?? 0) + reportItemCount(item);
    const covered = coveredIds.get(more);
    for (const id of reportItemIds(item)) covered?.add(id);
  }

  build(
    format: string,
    direction: 'read' | 'write',
    model: Model,
    sourceCounts?: ReadonlyMap<string, number>,
  ): TranslationReport {
    const report: TranslationReport = { format, direction, counts: countModel(model), items: this.items };
    // fromEntries defines own properties, so a keyword such as __proto__ stays data.
    if (sourceCounts) report.sourceCounts = Object.fromEntries(sourceCounts);
    return report;
  }
}

/** Items as a ReportBuilder would keep them: for reports put together from several (an upload and its filters). */
export function capReportItems(items: Iterable<ReportItem>): ReportItem[] {
  const builder = new ReportBuilder();
  for (const item of items) builder.add(item);
  return builder.items;
}
