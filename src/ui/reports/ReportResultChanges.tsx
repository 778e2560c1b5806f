import { useId } from 'react';
import type { ReportResultsWire } from '../../contract/http/reports';
import { describeResultChange } from '../../engine/results/diff';
import { formatResult, memberForceQuantity, resultUnitsOf } from '../../engine/results/display';

/** Changes listed per component; the rest are counted (the workbook has them all). */
const SHOWN_PER_COMPONENT = 20;

/**
 * The analysis results that changed between a report's versions (issue #25): per member-force component, each
 * member and case whose extreme moved by more than 10 %, in the summary's words and the model's unit.
 */
export function ReportResultChanges({
  results,
  displayUnit,
}: {
  results: ReportResultsWire;
  displayUnit: string | undefined;
}) {
  const titleId = useId();
  const units = resultUnitsOf(displayUnit);
  const changed = results.changes.filter((entry) => entry.rows.length > 0);
  return (
    <section className="report-results" aria-labelledby={titleId}>
      <h3 id={titleId}>Analysis results</h3>
      {results.missing ? (
        <p className="page__note">
          One of the two versions has no analysis results: upload them onto it in the 3-D viewer.
        </p>
      ) : changed.length === 0 ? (
        <p className="page__note">No member force changed by more than 10 %.</p>
      ) : (
        changed.map(({ component, rows }) => {
          const name = component.toUpperCase();
          const quantity = memberForceQuantity(component);
          const format = (value: number) => formatResult(value, quantity, units);
          return (
            <div key={component}>
              <h4>
                {name}: {rows.length} member and case {rows.length === 1 ? 'pair' : 'pairs'} changed by more
                than 10 %
              </h4>
              <ul aria-label={`Members whose ${name} changed`}>
                {rows.slice(0, SHOWN_PER_COMPONENT).map((change) => (
                  <li key={`${change.member} ${change.case}`}>
                    {describeResultChange(change, component, format)}
                  </li>
                ))}
              </ul>
              {rows.length > SHOWN_PER_COMPONENT && (
                <p className="page__note">
                  and {rows.length - SHOWN_PER_COMPONENT} more in the Excel download
                </p>
              )}
            </div>
          );
        })
      )}
    </section>
  );
}
