import { useMemo } from 'react';
import type { ExportFormat } from '../../api/versions';
import type { CertificateWire } from '../../contract/http/fidelity';
import {
  certificateLoadTotals,
  certificateSections,
  certificateVerdict,
  FORMAT_TOOLS,
} from '../../machines/model/certificateText';

/**
 * What the chosen export keeps (issue #20): the server wrote the file, read it back and compared. A verdict, one
 * line per kind of object, the load totals, then what the reports say was approximated or dropped and what
 * differs unreported, grouped by concept with counts and a few ids.
 */
export function ExportCertificate({
  format,
  certificate,
  certifying,
  error,
  onRetry,
}: {
  format: ExportFormat;
  certificate: CertificateWire | null;
  certifying: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const view = useMemo(
    () =>
      certificate && {
        verdict: certificateVerdict(certificate, format),
        loads: certificateLoadTotals(certificate),
        sections: certificateSections(certificate),
      },
    [certificate, format],
  );
  const tool = FORMAT_TOOLS[format];
  return (
    <section className="certificate" aria-label="What survives the export" aria-busy={certifying}>
      <h3 className="certificate__title">What survives the translation to {tool}</h3>
      {certifying && (
        <p className="certificate__pending" role="status">
          Checking the export: writing the {tool} file and reading it back…
        </p>
      )}
      {error !== null && (
        <div className="certificate__failure">
          <p className="form__error" role="alert">
            {error}
          </p>
          <button type="button" className="button" onClick={onRetry}>
            Check again
          </button>
        </div>
      )}
      {view && certificate && (
        <>
          <p className={`certificate__verdict certificate__verdict--${view.verdict.tone}`}>
            {view.verdict.text}
          </p>
          <ul className="certificate__kinds" aria-label="Compared">
            {certificate.kinds.map((kind) => {
              // '8 beams: positions, … identical': the count and kind stand out, the aspects follow.
              const colon = kind.line.indexOf(': ');
              return (
                <li key={kind.kind}>
                  {colon < 0 ? (
                    <strong>{kind.line}</strong>
                  ) : (
                    <>
                      <strong>{kind.line.slice(0, colon)}</strong>
                      {kind.line.slice(colon)}
                    </>
                  )}
                </li>
              );
            })}
            {view.loads && (
              <li>
                {view.loads.summary}
                {view.loads.changes.map((change) => (
                  <span key={change} className="certificate__change">
                    {change}
                  </span>
                ))}
              </li>
            )}
          </ul>
          {view.sections.map((section) => (
            <section key={section.title} className="certificate__section" aria-label={section.title}>
              <h4>
                {section.title} ({section.count.toLocaleString('en-US')})
              </h4>
              <ul className="certificate__groups">
                {section.groups.map((group) => (
                  <li key={group.label}>
                    <strong>
                      {group.label}: {group.count.toLocaleString('en-US')}
                    </strong>{' '}
                    <span className="certificate__examples">({group.examples})</span>
                    {group.reasons.map((reason) => (
                      <span key={reason} className="certificate__reason">
                        {reason}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
