import type { TranslationReportWire } from '../../contract/http/versions';
import { groupReportItems } from '../../machines/upload/selectors';
import { countsText } from '../model/versionText';

const severityTitles = {
  approximated: 'Approximated',
  dropped: 'Dropped',
  warning: 'Warnings',
} as const;

/** A version's translation report: what was kept, and what was approximated or dropped, why and where. */
export function TranslationReport({ report }: { report: TranslationReportWire }) {
  const grouped = groupReportItems(report.items);
  return (
    <div className="translation-report">
      <p>
        <strong>Kept:</strong> {countsText(report.counts)}
      </p>
      {report.items.length === 0 && <p className="page__note">Everything in the file was kept as it was.</p>}
      {(['approximated', 'dropped', 'warning'] as const).map((severity) => {
        const items = grouped[severity];
        if (items.length === 0) return null;
        return (
          <section key={severity} aria-label={severityTitles[severity]}>
            <h4>
              {severityTitles[severity]} ({items.length})
            </h4>
            <ul className="translation-report__items">
              {items.map((item, index) => (
                <li key={`${item.subject}-${item.id ?? ''}-${item.line ?? ''}-${index}`}>
                  {item.line !== undefined && (
                    <span className="translation-report__line">Line {item.line}: </span>
                  )}
                  <strong>
                    {item.subject}
                    {item.id !== undefined ? ` ${item.id}` : ''}
                  </strong>{' '}
                  — {item.reason}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
