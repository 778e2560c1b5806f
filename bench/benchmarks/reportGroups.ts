import type { ReportItem } from '../../src/engine/formats/report';
import { reportItemCount } from '../../src/engine/formats/report';
import { groupReport, reasonPattern, reportKindOf } from '../../src/engine/formats/reportOverview';
import { defineBenchmark } from '../harness';

/**
 * Issue #23: the translation report grouped for people (engine groupReport: kind in the fixed order, then
 * severity and reason) over 100,000 items, as a report read without the server's cap would hold them: 12 subjects
 * across ETABS, SAP2000 and IFC words, reasons that quote a name (500 names, so the patterns collapse them) and a
 * few that do not. The second case is the pathological one: every reason distinct (100,000 groups).
 *
 * The baseline is the naive grouping the screens did before: filter the items once per severity, then once per
 * kind within it, then group each slice by reason — several passes and a filtered copy per slice. Both must agree
 * on every group's count before either is timed.
 */
const ITEMS = 100_000;
const SUBJECTS = [
  'POINT',
  'LINE',
  'AREA',
  'FRAMESECTION',
  'MATERIAL',
  'LINEASSIGN',
  'LOADCASE',
  'COMBO',
  'POINTLOAD',
  'IfcBeam',
  'IfcSlab',
  'JOINT RESTRAINT ASSIGNMENTS',
];
const SEVERITIES = ['warning', 'approximated', 'dropped'] as const;

function items(distinctReasons: boolean): ReportItem[] {
  return Array.from({ length: ITEMS }, (_, index): ReportItem => {
    const reason = distinctReasons
      ? `object ${index} is odd`
      : index % 4 === 0
        ? 'defined twice; the last definition is used'
        : `material "M${index % 500}" is not defined; kept as an attribute`;
    return {
      severity: SEVERITIES[index % 3] ?? 'warning',
      subject: SUBJECTS[index % SUBJECTS.length] ?? 'POINT',
      reason,
      id: `E${index}`,
    };
  });
}

/** Before issue #23: a pass per severity, a pass per kind within it, a Map of reasons per slice. */
function naiveGroups(all: readonly ReportItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const severity of SEVERITIES) {
    const ofSeverity = all.filter((item) => item.severity === severity);
    const kinds = [...new Set(ofSeverity.map((item) => reportKindOf(item)))];
    for (const kind of kinds) {
      const ofKind = ofSeverity.filter((item) => reportKindOf(item) === kind);
      const byReason = new Map<string, ReportItem[]>();
      for (const item of ofKind) {
        const pattern = reasonPattern(item.reason);
        const list = byReason.get(pattern);
        if (list) list.push(item);
        else byReason.set(pattern, [item]);
      }
      for (const [pattern, list] of byReason) {
        counts.set(
          `${kind}|${severity}|${pattern}`,
          list.reduce((total, item) => total + reportItemCount(item), 0),
        );
      }
    }
  }
  return counts;
}

function groupedCounts(all: readonly ReportItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of groupReport(all).kinds) {
    for (const group of kind.groups) {
      counts.set(`${kind.kind}|${group.severity}|${reasonPattern(group.reason)}`, group.count);
    }
  }
  return counts;
}

export default defineBenchmark({
  name: 'translation report grouped',
  setup({ log }) {
    const realistic = items(false);
    const distinct = items(true);
    const fast = groupedCounts(realistic);
    const slow = naiveGroups(realistic);
    if (fast.size !== slow.size || [...fast].some(([key, count]) => slow.get(key) !== count)) {
      throw new Error(`the grouping and the naive baseline disagree (${fast.size} vs ${slow.size} groups)`);
    }
    log(`${fast.size} groups from ${ITEMS.toLocaleString('en')} items`);
    return {
      baseline: {
        name: 'naive: a pass per severity and kind, then by reason',
        run: () => naiveGroups(realistic),
      },
      cases: [
        {
          name: `groupReport: ${ITEMS.toLocaleString('en')} items, ${fast.size} groups`,
          run: () => groupReport(realistic),
        },
        {
          name: `groupReport: ${ITEMS.toLocaleString('en')} items, every reason distinct`,
          run: () => groupReport(distinct),
        },
      ],
      note:
        `${ITEMS.toLocaleString('en')} report items (12 subjects, 3 severities; reasons quoting 500 names). ` +
        'Target (issue #23): the grouped report of 100k items renders in ≤ 200 ms; the screen then draws one line per group.',
    };
  },
});
