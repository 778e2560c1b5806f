import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, NavLink, useMatch, useParams, useSearchParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Report } from '../../contract/http/reports';
import type { Model, ModelRole } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { selectModel, selectVersions as selectModelVersions } from '../../machines/model/selectors';
import { modelSectionsFor } from '../../machines/model/abilities';
import {
  selectDeleteCandidate,
  selectDeleteError,
  selectDownloadError,
  selectDraft,
  selectFormError,
  selectIsDeleting,
  selectIsDownloading,
  selectIsLimitedView,
  selectIsSaving,
  selectListError,
  selectListStatus,
  selectMayEdit,
  selectNewReport,
  selectOpenChangeList,
  selectOpenResults,
  selectOpenDiff,
  selectOpenReport,
  selectOpenReportId,
  selectOpenTypeCounts,
  selectReports,
  selectVersions,
} from '../../machines/reports/selectors';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { useSessionSelector } from '../session/useSession';
import { formatDate } from '../format/dates';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { useModelPageSelector } from '../model/ModelPageContext';
import { personName } from '../model/versionText';
import { ChangeList } from './ChangeList';
import { ReportResultChanges } from './ReportResultChanges';
import { useReportsActor, useReportsEvents, type ReportsActor } from './useReportsActor';

/** Short role names beside each person in the form (the people screen explains them in full). */
const shortRoles: Record<ModelRole, string> = {
  ADMIN: 'Admin',
  WRITE: 'Modeler',
  READ: 'Viewer',
  LIMITEDVIEW: 'Limited',
};

const selectUserId = (snapshot: SnapshotFrom<typeof sessionMachine>) => snapshot.context.user?._id ?? null;

/**
 * /model/{id}/reports and /report/{id}/reports: the model's comparison reports. ?report={id} opens one with its
 * changes, its workbook and a print view. LIMITEDVIEW users land here and see only the reports shared with them.
 */
export function ReportsScreen() {
  const { modelId = '' } = useParams();
  return (
    <ModelPageBoundary key={modelId} modelId={modelId}>
      {(model) => <ReportsWithVersions model={model} />}
    </ModelPageBoundary>
  );
}

function ReportsWithVersions({ model }: { model: Model }) {
  const versions = useModelPageSelector(selectModelVersions);
  return <ReportsPage model={model} versions={versions} />;
}

function ReportsPage({ model, versions }: { model: Model; versions: Version[] }) {
  const userId = useSessionSelector(selectUserId);
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once when the screen opens; later changes arrive as events.
  const actor = useReportsActor({
    modelId: model._id,
    role: model.currentUserRole,
    userId,
    versions,
    openReportId: searchParams.get('report'),
  });

  // The address names the open report, so a link or a reload opens it again.
  const openReportId = useSelector(actor, selectOpenReportId);
  const addressReport = searchParams.get('report');
  useEffect(() => {
    if (openReportId !== addressReport) {
      setSearchParams(openReportId === null ? {} : { report: openReportId }, { replace: true });
    }
  }, [openReportId, addressReport, setSearchParams]);

  const limitedView = useSelector(actor, selectIsLimitedView);
  // The /report twin keeps its links under /report (spec section 2: one sub-structure for both).
  const subject = useMatch('/report/*') ? 'report' : 'model';
  const modelPath = `/${subject}/${encodeURIComponent(model._id)}`;

  return (
    <main className="page reports-screen">
      <header className="model-page__header reports-screen__header">
        <p className="model-page__organization">
          <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
            {model.organization.name}
          </Link>
        </p>
        <h1>{model.name}: reports</h1>
        {limitedView ? (
          <p className="form-message form-message--notice">{ownMessages.limitedViewOnly}</p>
        ) : (
          <nav aria-label="Model" className="section-layout__tabs">
            {modelSectionsFor(model.currentUserRole).map((section) => (
              <NavLink key={section.to} to={`${modelPath}/${section.to}`}>
                {section.label}
              </NavLink>
            ))}
          </nav>
        )}
      </header>
      {openReportId === null ? (
        <ReportList actor={actor} model={model} />
      ) : (
        <ReportDetail actor={actor} modelPath={modelPath} />
      )}
    </main>
  );
}

function ReportList({ actor, model }: { actor: ReportsActor; model: Model }) {
  const intents = useReportsEvents(actor);
  const status = useSelector(actor, selectListStatus);
  const reports = useSelector(actor, selectReports);
  const error = useSelector(actor, selectListError);
  const newReport = useSelector(actor, selectNewReport);
  const draft = useSelector(actor, selectDraft);
  const deleteError = useSelector(actor, selectDeleteError);

  return (
    <section aria-label="Reports" className="reports">
      <div className="reports__actions">
        <h2>Reports</h2>
        {newReport !== 'hidden' && (
          <button
            type="button"
            className="button button--primary"
            data-testid="new-report"
            disabled={newReport === 'disabled'}
            onClick={() => intents.create()}
          >
            New report
          </button>
        )}
      </div>
      {draft?.reportId === null && <ReportForm actor={actor} model={model} />}
      <DeleteConfirmation actor={actor} />
      {deleteError !== null && (
        <p className="form__error" role="alert">
          {deleteError}
        </p>
      )}
      {status === 'loading' && <p className="page__note">Loading the reports...</p>}
      {status === 'failed' && (
        <div role="alert">
          <p className="form__error">{error}</p>
          <button type="button" onClick={() => intents.retryList()}>
            Try again
          </button>
        </div>
      )}
      {status === 'shown' && reports.length === 0 && <p className="page__note">No reports yet.</p>}
      {reports.length > 0 && (
        <ol className="report-list" aria-label="Reports">
          {reports.map((report) => (
            <ReportRow key={report._id} actor={actor} model={model} report={report} />
          ))}
        </ol>
      )}
    </section>
  );
}

const versionsText = (report: Report) =>
  `Version ${report.currentVersionNumber} (${formatDate(report.currentVersionDate)}) compared with version ${
    report.comparisonVersionNumber
  } (${formatDate(report.comparisonVersionDate)})`;

function ReportRow({ actor, model, report }: { actor: ReportsActor; model: Model; report: Report }) {
  const intents = useReportsEvents(actor);
  const mayEdit = useSelector(actor, (snapshot) => selectMayEdit(snapshot, report));
  const draft = useSelector(actor, selectDraft);
  const assigned = report.permissions.map((permission) => personName(permission.user));
  return (
    <li className="card report-list__item" data-testid="report-row" data-report-id={report._id}>
      <div>
        <h3>
          <button type="button" className="link-button" onClick={() => intents.open(report._id)}>
            {report.title}
          </button>
        </h3>
        <p>{versionsText(report)}</p>
        <p className="page__note">
          Created by {personName(report.createdBy)} on{' '}
          <time dateTime={report.dateCreated}>{formatDate(report.dateCreated)}</time>
        </p>
        <p className="page__note">
          {assigned.length === 0 ? 'Not assigned' : `Assigned to ${assigned.join(', ')}`}
        </p>
      </div>
      {mayEdit && (
        <div className="report-list__actions">
          <button type="button" aria-label={`Edit ${report.title}`} onClick={() => intents.edit(report._id)}>
            Edit
          </button>
          <button
            type="button"
            aria-label={`Delete ${report.title}`}
            onClick={() => intents.remove(report._id)}
          >
            Delete
          </button>
        </div>
      )}
      {draft?.reportId === report._id && <ReportForm actor={actor} model={model} />}
    </li>
  );
}

function versionOption(version: Version) {
  return (
    <option key={version.ID} value={version.ID}>
      {`Version ${version.number} · ${formatDate(version.Time)}`}
    </option>
  );
}

/** A new report, or changes to one: title, the two versions, and who it is shared with. */
function ReportForm({ actor, model }: { actor: ReportsActor; model: Model }) {
  const intents = useReportsEvents(actor);
  const draft = useSelector(actor, selectDraft);
  const versions = useSelector(actor, selectVersions);
  const saving = useSelector(actor, selectIsSaving);
  const error = useSelector(actor, selectFormError);
  if (!draft) return null;
  const change = (patch: Partial<{ title: string; currentVersionID: string; comparisonVersionID: string }>) =>
    intents.changeDraft(patch);
  return (
    <form
      className="card report-form"
      aria-label={draft.reportId === null ? 'New report' : 'Edit report'}
      onSubmit={(event) => {
        event.preventDefault();
        intents.save();
      }}
    >
      <label className="form-field">
        Title
        <input
          value={draft.title}
          onChange={(event) => change({ title: event.target.value })}
          maxLength={200}
        />
      </label>
      <label className="form-field">
        Version
        <select
          value={draft.currentVersionID}
          onChange={(event) => change({ currentVersionID: event.target.value })}
        >
          {versions.map(versionOption)}
        </select>
      </label>
      <label className="form-field">
        Compared with
        <select
          value={draft.comparisonVersionID}
          onChange={(event) => change({ comparisonVersionID: event.target.value })}
        >
          {versions.map(versionOption)}
        </select>
      </label>
      <fieldset className="form-field report-form__people">
        <legend>Assigned to</legend>
        {model.permissions.map((permission) => (
          <label key={permission.user._id} className="form-check">
            <input
              type="checkbox"
              checked={draft.assignedUserIds.includes(permission.user._id)}
              onChange={() => intents.toggleAssignee(permission.user._id)}
            />
            {`${personName(permission.user)} (${shortRoles[permission.type]})`}
          </label>
        ))}
      </fieldset>
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="upload-panel__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : draft.reportId === null ? 'Create report' : 'Save report'}
        </button>
        <button type="button" onClick={() => intents.cancelDraft()} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteConfirmation({ actor }: { actor: ReportsActor }) {
  const intents = useReportsEvents(actor);
  const candidate = useSelector(actor, selectDeleteCandidate);
  const deleting = useSelector(actor, selectIsDeleting);
  if (!candidate) return null;
  return (
    <div className="card restore-confirmation" role="alertdialog" aria-label="Delete a report">
      {deleting ? (
        <p>Deleting...</p>
      ) : (
        <>
          <p>Delete the report “{candidate.title}”? The people it is shared with lose it too.</p>
          <div className="upload-panel__actions">
            <button type="button" className="button button--danger" onClick={() => intents.confirmRemoval()}>
              Delete
            </button>
            <button type="button" onClick={() => intents.cancelRemoval()}>
              Cancel
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** The 3-D view of a report's two versions in diff mode. */
function viewerPathOf(modelPath: string, report: Report): string {
  return `${modelPath}/visualize/elements?version=${encodeURIComponent(report.currentVersionID)}&compare=${encodeURIComponent(report.comparisonVersionID)}`;
}

/** One report: its summary per type, its changes, 3-D for READ and up, the workbook, and print. */
function ReportDetail({ actor, modelPath }: { actor: ReportsActor; modelPath: string }) {
  const intents = useReportsEvents(actor);
  const report = useSelector(actor, selectOpenReport);
  const diff = useSelector(actor, selectOpenDiff);
  const groups = useSelector(actor, selectOpenChangeList);
  const counts = useSelector(actor, selectOpenTypeCounts);
  const limitedView = useSelector(actor, selectIsLimitedView);
  const downloading = useSelector(actor, selectIsDownloading);
  const downloadError = useSelector(actor, selectDownloadError);
  const status = useSelector(actor, selectListStatus);
  const results = useSelector(actor, selectOpenResults);
  const displayUnit = useModelPageSelector((snapshot) => selectModel(snapshot)?.settings.units);

  return (
    <section aria-label="Report" className="report-detail" data-testid="report-detail">
      <div className="report-detail__actions">
        <button type="button" onClick={() => intents.close()}>
          Back to the reports
        </button>
        {report && !limitedView && (
          <Link className="button" data-testid="report-open-3d" to={viewerPathOf(modelPath, report)}>
            Open in 3D
          </Link>
        )}
        <button
          type="button"
          data-testid="report-download"
          disabled={downloading}
          onClick={() => intents.download()}
        >
          {downloading ? 'Downloading...' : 'Download Excel'}
        </button>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      {downloadError !== null && (
        <p className="form__error" role="alert">
          {downloadError}
        </p>
      )}
      {report ? (
        <>
          <h2>{report.title}</h2>
          <p>{versionsText(report)}</p>
          <p className="page__note">
            Created by {personName(report.createdBy)} on {formatDate(report.dateCreated)}
          </p>
        </>
      ) : (
        status !== 'shown' && <p className="page__note">Loading the report...</p>
      )}
      {(diff === null || diff.status === 'loading' || diff.status === 'waiting') && (
        <p className="page__note" role="status">
          {diff?.status === 'waiting' ? 'Comparing the versions...' : 'Loading the changes...'}
        </p>
      )}
      {diff?.status === 'failed' && (
        <div role="alert">
          <p className="form__error">{diff.error}</p>
          <button type="button" onClick={() => intents.retryDiff()}>
            Retry
          </button>
        </div>
      )}
      {counts && (
        <table className="report-summary" aria-label="Changes per type">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Added</th>
              <th scope="col">Removed</th>
              <th scope="col">Modified</th>
            </tr>
          </thead>
          <tbody>
            {counts.map((row) => (
              <tr key={row.type}>
                <th scope="row">{row.type}</th>
                <td>{row.added}</td>
                <td>{row.removed}</td>
                <td>{row.modified}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {groups && (
        <ChangeList
          groups={groups}
          // READ and up open a line in 3-D, taken to its element; LIMITEDVIEW reads the lines only.
          hrefOf={
            report && !limitedView
              ? (key) => `${viewerPathOf(modelPath, report)}&change=${encodeURIComponent(key)}`
              : undefined
          }
        />
      )}
      {results && <ReportResultChanges results={results} displayUnit={displayUnit} />}
    </section>
  );
}
