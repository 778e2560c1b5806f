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

/** Collects report items while a translator runs. */
export class ReportBuilder {
  readonly items: ReportItem[] = [];

  approximated(subject: string, reason: string, where: ReportWhere = {}): void {
    this.items.push({ severity: 'approximated', subject, reason, ...where });
  }

  dropped(subject: string, reason: string, where: ReportWhere = {}): void {
    this.items.push({ severity: 'dropped', subject, reason, ...where });
  }

  warning(subject: string, reason: string, where: ReportWhere = {}): void {
    this.items.push({ severity: 'warning', subject, reason, ...where });
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
