import { useMemo, useState } from 'react';
import type { TranslationReportWire } from '../../contract/http/versions';
import {
  groupReport,
  modelCountsText,
  reportGroupExamplesText,
  reportTotalsText,
  type ReportGroup,
  type ReportSeverity,
} from '../../engine/formats/reportOverview';

/** Ids a collapsed group shows. */
export const REPORT_EXAMPLE_IDS = 3;
/** Ids an expanded group shows at most, then 'and N more': a group can hold thousands. */
export const REPORT_EXPANDED_IDS = 200;

const severityWords: Record<ReportSeverity, string> = {
  dropped: 'Dropped',
  approximated: 'Approximated',
  warning: 'Warning',
};

const numberFormat = new Intl.NumberFormat('en-US');
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A version's translation report (upload panel, history): what was kept, then the engine's groups (groupReport)
 * by kind in the fixed engineering order, each a reason with its count and a few ids. It renders groups, never
 * items: a report of 100k items is as many lines as it has groups.
 */
export function TranslationReport({ report }: { report: TranslationReportWire }) {
  const grouped = useMemo(() => groupReport(report.items), [report.items]);
  return (
    <div className="translation-report">
      <p>
        <strong>Kept:</strong> {modelCountsText(report.counts)}
      </p>
      {grouped.groupCount === 0 ? (
        <p className="page__note">Everything in the file was kept as it was.</p>
      ) : (
        <>
          <p className="translation-report__summary" data-testid="translation-report-summary">
            {reportTotalsText(grouped.totals, grouped.groupCount)}
          </p>
          {grouped.kinds.map((kind) => (
            <section
              key={kind.kind}
              aria-label={capitalized(kind.label)}
              className="translation-report__kind"
            >
              <h4>
                {capitalized(kind.label)}{' '}
                <span className="translation-report__count">{numberFormat.format(kind.count)}</span>
              </h4>
              <ul className="translation-report__groups">
                {kind.groups.map((group) => (
                  <ReportGroupLine key={`${group.severity}\u0000${group.reason}`} group={group} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

/** One group: severity, reason, count, a few ids; 'Show all' lists the ids the report holds (bounded). */
function ReportGroupLine({ group }: { group: ReportGroup }) {
  const [expanded, setExpanded] = useState(false);
  const held = group.ids.length > 0 ? group.ids.length : group.lines.length;
  const examples = reportGroupExamplesText(group, expanded ? REPORT_EXPANDED_IDS : REPORT_EXAMPLE_IDS);
  const what = group.ids.length > 0 ? 'ids' : 'lines';
  return (
    <li className="translation-report__group">
      <span className={`badge translation-report__severity translation-report__severity--${group.severity}`}>
        {severityWords[group.severity]}
      </span>{' '}
      <span className="translation-report__reason">{group.reason}</span>{' '}
      <strong className="translation-report__count">{numberFormat.format(group.count)}</strong>
      {examples !== '' && <span className="translation-report__line"> ({examples})</span>}
      {held > REPORT_EXAMPLE_IDS && (
        <button
          type="button"
          className="translation-report__expand"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? `Show fewer ${what}` : `Show all ${numberFormat.format(held)} ${what}`}
        </button>
      )}
    </li>
  );
}
