import { Link } from 'react-router-dom';
import type { Version } from '../../contract/http/versions';
import { ownMessages } from '../../contract/errors';
import {
  selectCanUpdate,
  selectIsLimitedView,
  selectIsReportLoading,
  selectIsRestorable,
  selectIsRestoring,
  selectLiveUploads,
  selectModel,
  selectOpenReport,
  selectRestoreCandidate,
  selectRestoreError,
  selectVersions,
} from '../../machines/model/selectors';
import { reportTotalsText } from '../../engine/formats/reportOverview';
import { exportAddress } from '../../machines/model/exportAddress';
import { versionChangeText, versionResultChangeText } from '../../machines/models/selectors';
import { formatDate, relativeAge } from '../format/dates';
import { TranslationReport } from '../uploads/TranslationReport';
import { UploadPanel } from '../uploads/UploadPanel';
import { useModelPageEvents, useModelPageSelector } from './ModelPageContext';
import { countsText, originText, personName } from './versionText';

/** /model/{id}/history: the versions, newest first, with upload and restore for those who may update. */
export function ModelHistoryScreen() {
  const model = useModelPageSelector(selectModel);
  const versions = useModelPageSelector(selectVersions);
  const canUpdate = useModelPageSelector(selectCanUpdate);
  const limitedView = useModelPageSelector(selectIsLimitedView);
  const restoreError = useModelPageSelector(selectRestoreError);
  const { reload } = useModelPageEvents();

  if (!model) return null;
  if (limitedView) {
    return (
      <section aria-label="History">
        <p className="form-message form-message--notice">{ownMessages.limitedViewOnly}</p>
        <Link className="button" to="../reports" relative="path" data-testid="shared-reports">
          See the reports shared with you
        </Link>
      </section>
    );
  }
  return (
    <section aria-label="History" className="model-history">
      {canUpdate && (
        <UploadPanel modelId={model._id} versionCount={versions.length} onVersionCreated={reload} />
      )}
      <LiveUploads />
      <RestoreConfirmation />
      {restoreError !== null && (
        <p className="form__error" role="alert">
          {restoreError}
        </p>
      )}
      <h2>Versions</h2>
      {versions.length === 0 ? (
        <p className="page__note">No versions yet.</p>
      ) : (
        <ol className="version-list" aria-label="Versions">
          {versions.map((version, index) => (
            <VersionItem key={version.ID} version={version} previous={versions[index + 1] ?? null} />
          ))}
        </ol>
      )}
    </section>
  );
}

function VersionItem({ version, previous }: { version: Version; previous: Version | null }) {
  const modelId = useModelPageSelector((snapshot) => selectModel(snapshot)?._id ?? '');
  const units = useModelPageSelector((snapshot) => selectModel(snapshot)?.settings.units ?? 'mm');
  const changed = versionChangeText(version, previous, units);
  const resultsChanged = versionResultChangeText(version, units);
  const restorable = useModelPageSelector((snapshot) => selectIsRestorable(snapshot, version.ID));
  const report = useModelPageSelector(selectOpenReport);
  const reportLoading = useModelPageSelector(selectIsReportLoading);
  const { askToRestore, toggleReport } = useModelPageEvents();
  const open = report?.versionId === version.ID;
  const reportId = `version-report-${version.ID}`;

  return (
    <li className="card version-list__item" aria-label={`Version ${version.number}`}>
      <div className="version-list__summary">
        <h3>Version {version.number}</h3>
        <p>
          {personName(version.Author)} · <time dateTime={version.Time}>{formatDate(version.Time)}</time> (
          {relativeAge(version.Time)} ago)
        </p>
        <p>{originText(version)}</p>
        {changed !== null && (
          <p className="version-list__changes" data-testid="version-changes">
            {previous ? `Against version ${previous.number}: ` : ''}
            {changed}
          </p>
        )}
        {resultsChanged !== null && (
          <p className="version-list__changes" data-testid="version-result-changes">
            {resultsChanged}
          </p>
        )}
        <p className="page__note">
          {countsText(version.counts)} · {reportTotalsText(version.reportSummary)}
        </p>
        {version.message !== null && <p>{version.message}</p>}
      </div>
      <div className="version-list__actions">
        <Link
          className="button"
          to={`../visualize/elements?version=${encodeURIComponent(version.ID)}`}
          relative="path"
          aria-label={`View version ${version.number} in 3D`}
        >
          View in 3D
        </Link>
        {previous && (
          <Link
            className="button"
            to={`../visualize/elements?version=${encodeURIComponent(version.ID)}&compare=${encodeURIComponent(previous.ID)}`}
            relative="path"
            aria-label={`Compare version ${version.number} with version ${previous.number}`}
            data-testid="compare-previous"
          >
            Compare with previous
          </Link>
        )}
        <Link
          className="button"
          to={exportAddress(modelId, version.ID)}
          aria-label={`Export version ${version.number}`}
          data-testid="export-version"
        >
          Export
        </Link>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={reportId}
          onClick={() => toggleReport(version.ID)}
        >
          {open ? 'Hide translation report' : 'Translation report'}
        </button>
        {restorable && (
          <button type="button" onClick={() => askToRestore(version.ID)}>
            Restore this version
          </button>
        )}
      </div>
      {open && (
        <div id={reportId} className="version-list__report">
          {reportLoading && <p className="page__note">Loading the report...</p>}
          {report.error !== null && (
            <p className="form__error" role="alert">
              {report.error}
            </p>
          )}
          {report.detail?.report && <TranslationReport report={report.detail.report} />}
          {report.detail && !report.detail.report && (
            <p className="page__note">This version has no translation report.</p>
          )}
        </div>
      )}
    </li>
  );
}

/** Uploads to this model made elsewhere (another person, another tab), moving live as they are processed. */
function LiveUploads() {
  const uploads = useModelPageSelector(selectLiveUploads);
  if (uploads.length === 0) return null;
  return (
    <section className="card upload-panel" aria-label="Uploads in progress">
      <h2>New versions on their way</h2>
      <ul className="live-uploads">
        {uploads.map((job) => (
          <li key={job._id} className="upload-panel__progress">
            <p>
              {job.fileName}: {job.stage}...
            </p>
            <progress aria-label={`Processing ${job.fileName}`} max={100} value={job.progress} />
            <span className="form-hint">{job.progress}%</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RestoreConfirmation() {
  const candidate = useModelPageSelector(selectRestoreCandidate);
  const restoring = useModelPageSelector(selectIsRestoring);
  const { confirmRestore, cancelRestore } = useModelPageEvents();
  if (!candidate && !restoring) return null;
  return (
    <div className="card restore-confirmation" role="alertdialog" aria-label="Restore a version">
      {restoring ? (
        <p>Restoring...</p>
      ) : (
        <>
          <p>
            Restore version {candidate?.number}? This makes a new version equal to it; no version is deleted.
          </p>
          <div className="upload-panel__actions">
            <button type="button" className="button button--primary" onClick={confirmRestore}>
              Restore
            </button>
            <button type="button" onClick={cancelRestore}>
              Cancel
            </button>
          </div>
        </>
      )}
    </div>
  );
}
