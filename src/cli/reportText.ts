import type { ModelCounts, ReportItem, TranslationReport } from '../engine/formats/report';
import { reportItemsStoodFor } from '../engine/formats/report';
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

/** `1132 nodes, 68 beams, …`: the non-zero counts in the report's key order, for one-line summaries. */
export function formatCountsInline(counts: ModelCounts): string {
  const parts = (Object.entries(counts) as [keyof ModelCounts, number][])
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `${count} ${key}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Every count, one per line, aligned. */
export function formatCountsTable(counts: ModelCounts, indent = '  '): string[] {
  const entries = Object.entries(counts) as [string, number][];
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries.map(([key, count]) => `${indent}${key.padEnd(width)}  ${count}`);
}

const SEVERITY_HEADINGS = {
  dropped: 'Dropped',
  approximated: 'Approximated',
  warning: 'Warnings',
} as const satisfies Record<ReportItem['severity'], string>;

const EXAMPLES_PER_GROUP = 3;
/** Longer reasons (a list of 133 table names) are cut in grouped output; `--verbose` prints them whole. */
const MAX_REASON_LENGTH = 240;

/** A reason with its quoted names blanked, so `member "link:1" is not…` and `member "link:2"…` group. */
function reasonPattern(reason: string): string {
  return reason.replace(/"[^"]*"/g, '"…"');
}

function shorten(reason: string): string {
  if (reason.length <= MAX_REASON_LENGTH) return reason;
  return `${reason.slice(0, MAX_REASON_LENGTH)}… (${reason.length - MAX_REASON_LENGTH} more characters with --verbose)`;
}

/**
 * The report's items by severity. Items with the same subject and reason (quoted names aside) are grouped, with a few ids and lines
 * as examples (a real file can repeat one reason thousands of times); `everyItem` lists each one instead.
 */
export function formatReportItems(report: TranslationReport, everyItem: boolean, indent = '  '): string[] {
  const lines: string[] = [];
  for (const severity of ['dropped', 'approximated', 'warning'] as const) {
    const items = report.items.filter((item) => item.severity === severity);
    if (items.length === 0) continue;
    lines.push(`${indent}${SEVERITY_HEADINGS[severity]} (${countItems(items)}):`);
    if (everyItem) {
      for (const item of items) {
        lines.push(`${indent}  ${item.subject}${describeWhere(item)}: ${item.reason}`);
      }
      continue;
    }
    const groups = new Map<string, ReportItem[]>();
    for (const item of items) {
      const key = `${item.subject}\u0000${reasonPattern(item.reason)}`;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (!first) continue;
      const examples = [
        ...new Set(group.map((item) => describeWhere(item).trim()).filter((text) => text !== '')),
      ];
      const shown = examples.slice(0, EXAMPLES_PER_GROUP);
      const more = examples.length > shown.length ? ', …' : '';
      const exampleText = shown.length > 0 ? ` (${shown.join(', ')}${more})` : '';
      const total = countItems(group);
      const times = total > 1 ? `${total}× ` : '';
      const sameReason = group.every((item) => item.reason === first.reason);
      const reason = shorten(sameReason ? first.reason : reasonPattern(first.reason));
      lines.push(`${indent}  ${times}${first.subject}: ${reason}${exampleText}`);
    }
  }
  return lines;
}

/** Items counted as what they stand for: one, or the `count` of like items past the report's cap. */
function countItems(items: readonly ReportItem[]): number {
  return items.reduce((total, item) => total + reportItemsStoodFor(item), 0);
}

export function summarizeItems(report: TranslationReport): string {
  const count = (severity: ReportItem['severity']) =>
    countItems(report.items.filter((item) => item.severity === severity));
  return `${count('dropped')} dropped, ${count('approximated')} approximated, ${count('warning')} warnings`;
}

function describeWhere(item: ReportItem): string {
  const id = item.id !== undefined ? ` "${item.id}"` : '';
  const line = item.line !== undefined ? ` line ${item.line}` : '';
  return `${id}${line}`;
}
