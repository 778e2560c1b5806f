import type { ModelCounts, ReportItem, TranslationReport } from '../engine/formats/report';
import {
  groupReport,
  modelCountsText,
  orderedModelCounts,
  reportGroupExamplesText,
  reportTotalsText,
} from '../engine/formats/reportOverview';
import type { DisplayUnit, Model } from '../engine/schema';
import { mmToDisplay } from '../engine/units';

export interface Bounds {
  min: { x: number; y: number; z: number };
  max: { x: number; y: number; z: number };
}

/** Axis-aligned box around every node, in mm; undefined for a model without nodes. */
export function boundingBox(model: Model): Bounds | undefined {
  const [first] = model.nodes;
  if (!first) return undefined;
  const min = { x: first.x, y: first.y, z: first.z };
  const max = { ...min };
  for (const node of model.nodes) {
    if (node.x < min.x) min.x = node.x;
    if (node.y < min.y) min.y = node.y;
    if (node.z < min.z) min.z = node.z;
    if (node.x > max.x) max.x = node.x;
    if (node.y > max.y) max.y = node.y;
    if (node.z > max.z) max.z = node.z;
  }
  return { min, max };
}

export function boundsInUnits(bounds: Bounds, unit: DisplayUnit): Bounds {
  const convert = (point: Bounds['min']) => ({
    x: mmToDisplay(point.x, unit),
    y: mmToDisplay(point.y, unit),
    z: mmToDisplay(point.z, unit),
  });
  return { min: convert(bounds.min), max: convert(bounds.max) };
}

/** A number as people read it: no float noise, no exponent for ordinary building sizes. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  return String(Number(value.toPrecision(10)));
}

export function formatBounds(bounds: Bounds, unit: string): string {
  const axis = (name: 'x' | 'y' | 'z') =>
    `${name} ${formatNumber(bounds.min[name])} … ${formatNumber(bounds.max[name])}`;
  return `${axis('x')}, ${axis('y')}, ${axis('z')} ${unit}`;
}

/** `3 levels, 1,132 nodes, 68 beams, …`: the non-zero counts in engineering words and the report's fixed order. */
export function formatCountsInline(counts: ModelCounts): string {
  const text = modelCountsText(counts, ', ');
  return text === 'Empty model' ? 'nothing' : text;
}

/** Every count, one per line, aligned, in engineering words and the report's fixed order. */
export function formatCountsTable(counts: ModelCounts, indent = '  '): string[] {
  const entries = orderedModelCounts(counts);
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries.map(([name, count]) => `${indent}${name.padEnd(width)}  ${count}`);
}

const SEVERITY_WORDS = {
  dropped: 'dropped',
  approximated: 'approximated',
  warning: 'warning',
} as const satisfies Record<ReportItem['severity'], string>;

const EXAMPLES_PER_GROUP = 3;
/** Longer reasons (a list of 133 table names) are cut in grouped output; `--verbose` prints them whole. */
const MAX_REASON_LENGTH = 240;

function shorten(reason: string): string {
  if (reason.length <= MAX_REASON_LENGTH) return reason;
  return `${reason.slice(0, MAX_REASON_LENGTH)}… (${reason.length - MAX_REASON_LENGTH} more characters with --verbose)`;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The report as the web shows it (engine groupReport): by kind in the fixed engineering order, each group a
 * severity, a reason, a count and a few ids or lines. `everyItem` (`--verbose`) lists each item instead.
 */
export function formatReportItems(report: TranslationReport, everyItem: boolean, indent = '  '): string[] {
  const lines: string[] = [];
  if (everyItem) {
    for (const item of report.items) {
      lines.push(`${indent}${item.severity} ${item.subject}${describeWhere(item)}: ${item.reason}`);
    }
    return lines;
  }
  for (const kind of groupReport(report.items).kinds) {
    lines.push(`${indent}${capitalized(kind.label)} (${kind.count.toLocaleString('en-US')}):`);
    for (const group of kind.groups) {
      const examples = reportGroupExamplesText(group, EXAMPLES_PER_GROUP);
      lines.push(
        `${indent}  ${SEVERITY_WORDS[group.severity]}: ${shorten(group.reason)} — ${group.count.toLocaleString('en-US')}` +
          (examples === '' ? '' : ` (${examples})`),
      );
    }
  }
  return lines;
}

/** '4 dropped, 12 approximated and 309 warnings in 7 groups': the header of the grouped report. */
export function summarizeItems(report: TranslationReport): string {
  const grouped = groupReport(report.items);
  return reportTotalsText(grouped.totals, grouped.groupCount);
}

function describeWhere(item: ReportItem): string {
  const id = item.id !== undefined ? ` "${item.id}"` : '';
  const line = item.line !== undefined ? ` line ${item.line}` : '';
  return `${id}${line}`;
}
