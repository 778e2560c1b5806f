import type { TranslationReportWire } from '../../contract/http/versions';
import { groupReportItems } from '../../machines/upload/selectors';
import { countsText } from '../model/versionText';

const severityTitles = {
  approximated: 'Approximated',
  dropped: 'Dropped',
  warning: 'Warnings',
} as const;

/**
 * A version's translation report: what was kept, and what was approximated or dropped, grouped by concept
 * ('end releases', 'sections') then by reason, with how many objects and a few of their ids.
 */
export function TranslationReport({ report }: { report: TranslationReportWire }) {
  const grouped = groupReportItems(report.items);
  return (
    <div className="translation-report">
      <p>
        <strong>Kept:</strong> {countsText(report.counts)}
      </p>
      {report.items.length === 0 && <p className="page__note">Everything in the file was kept as it was.</p>}
      {(['approximated', 'dropped', 'warning'] as const).map((severity) => {
        const groups = grouped[severity];
        if (groups.length === 0) return null;
        const total = groups.reduce((sum, group) => sum + group.count, 0);
        return (
          <section key={severity} aria-label={severityTitles[severity]}>
            <h4>
              {severityTitles[severity]} ({total.toLocaleString('en-US')})
            </h4>
            <ul className="translation-report__items">
              {groups.map((group) => (
                <li key={group.label}>
                  <strong>
                    {group.label}: {group.count.toLocaleString('en-US')}
                  </strong>
                  <ul className="translation-report__reasons">
                    {group.reasons.map((reason) => (
                      <li key={reason.reason}>
                        {reason.reason}
                        {reason.count > 1 && ` — ${reason.count.toLocaleString('en-US')}`}
                        {reason.examples !== '' && (
                          <span className="translation-report__line"> ({reason.examples})</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
