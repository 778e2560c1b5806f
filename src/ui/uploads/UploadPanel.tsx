import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  selectAsksModelName,
  selectCanRetry,
  selectCanStart,
  selectChosenFile,
  selectConfirmingPaidUpload,
  selectModelName,
  selectNewVersion,
  selectNewVersionModelId,
  selectProgress,
  selectReviewChosen,
  selectReviewOffered,
  selectReviewPath,
  selectUploadBillingGating,
  selectUploadError,
  selectUploadStep,
} from '../../machines/uploads/selectors';
import { selectCreationBlocked } from '../../machines/billing/gatingSelectors';
import type { FinishedVersion, UploadDestination } from '../../machines/uploads/uploadMachine';
import { uploadAccept } from '../../machines/uploads/validation';
import { BillingGatingNotice } from '../billing/BillingGatingNotice';
import { PaidModelConfirm } from '../billing/PaidModelConfirm';
import { TranslationReport } from './TranslationReport';
import { useUploadActor, useUploadEvents } from './useUploadActor';

export type UploadPanelProps = UploadDestination & {
  /** A model's versions so far: with one to compare with, the upload can be reviewed first (issue #7). */
  versionCount?: number;
  /** Called once the new version exists (the history reloads; a models list shows the new model). */
  onVersionCreated?: (version: FinishedVersion) => void;
};

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/**
 * Upload a model file: as a new version (`modelId`) or as a new model of an organization (`organizationId`).
 * Shows the upload, the translation's progress, then its report. A new model counts against the organization's
 * free models: the billing gating statechart (a child of the upload's machine) blocks the upload at the limit until
 * a payment method is on file, and once it is, the upload asks to confirm the charge before the file is sent.
 */
export function UploadPanel(props: UploadPanelProps) {
  const destination: UploadDestination =
    'modelId' in props ? { modelId: props.modelId } : { organizationId: props.organizationId };
  const { actor, stripeConfirmer } = useUploadActor({
    destination,
    versionCount: props.versionCount,
    onVersionCreated: props.onVersionCreated,
  });
  const upload = useUploadEvents(actor);
  const step = useSelector(actor, selectUploadStep);
  const error = useSelector(actor, selectUploadError);
  const file = useSelector(actor, selectChosenFile);
  const asksModelName = useSelector(actor, selectAsksModelName);
  const modelName = useSelector(actor, selectModelName);
  const canStart = useSelector(actor, selectCanStart);
  const canRetry = useSelector(actor, selectCanRetry);
  const progress = useSelector(actor, selectProgress);
  const version = useSelector(actor, selectNewVersion);
  const newModelId = useSelector(actor, selectNewVersionModelId);
  const gating = useSelector(actor, selectUploadBillingGating);
  const confirmingPaid = useSelector(actor, selectConfirmingPaidUpload);
  const reviewOffered = useSelector(actor, selectReviewOffered);
  const reviewChosen = useSelector(actor, selectReviewChosen);
  const reviewPath = useSelector(actor, selectReviewPath);
  const blocked = useSelector(gating ?? undefined, (snapshot) =>
    snapshot ? selectCreationBlocked(snapshot) : false,
  );
  const fileInputId = useId();
  const nameInputId = useId();
  const title = asksModelName ? 'New model from a file' : 'Upload new version';

  const openModelLink = asksModelName && newModelId !== null && (
    <Link className="button" to={`/model/${encodeURIComponent(newModelId)}/history`}>
      Open the model
    </Link>
  );
  const errorMessage = error !== null && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );

  return (
    <section className="card upload-panel" aria-label={title}>
      <h2>{title}</h2>
      {step === 'done' && (
        <div className="upload-panel__actions">
          <p className="form-message form-message--notice" role="status">
            {version ? `Version ${version.number} is ready.` : 'The new version is ready.'}
          </p>
          {openModelLink}
        </div>
      )}

      {(step === 'choosing' || step === 'done') && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            upload.start();
          }}
        >
          <label className="form__field" htmlFor={fileInputId}>
            <span>Model file</span>
            <input
              id={fileInputId}
              type="file"
              name="file"
              accept={uploadAccept}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) upload.chooseFile(chosen, chosen.name);
              }}
            />
          </label>
          <p className="form-hint">
            ETABS (.e2k, .$et), SAP2000 (.s2k, .$2k), IFC from Revit or Tekla (.ifc), CIS/2 (.stp), Excel
            (.xlsx) or Gusset JSON (.json).
          </p>
          {file && (
            <p className="upload-panel__file">
              {file.name} ({sizeText(file.sizeBytes)})
            </p>
          )}
          {asksModelName && file && (
            <label className="form__field" htmlFor={nameInputId}>
              <span>Model name</span>
              <input
                id={nameInputId}
                name="modelName"
                value={modelName}
                onChange={(event) => upload.changeName(event.target.value)}
              />
            </label>
          )}
          {reviewOffered && (
            <label className="form-check">
              <input
                type="checkbox"
                name="review"
                data-testid="review-upload-checkbox"
                checked={reviewChosen}
                onChange={(event) => upload.chooseReview(event.target.checked)}
              />
              <span>Review changes before they become a version</span>
            </label>
          )}
          {errorMessage}
          <button type="submit" className="button button--primary" disabled={!canStart || blocked}>
            Upload
          </button>
        </form>
      )}
      {confirmingPaid && gating && (
        <PaidModelConfirm
          gating={gating}
          onConfirm={() => upload.confirmPaid()}
          onCancel={() => upload.cancelPaid()}
        />
      )}
      {/* Outside the form: the payment method form it may show is a form of its own. */}
      {gating && (step === 'choosing' || step === 'done') && (
        <BillingGatingNotice
          gating={gating}
          stripeConfirmer={stripeConfirmer}
          label="Billing for this upload"
        />
      )}

      {step === 'uploading' && (
        <div className="upload-panel__progress">
          <p>Uploading {file?.name}...</p>
          {/* No value: the browser cannot report how much of the file has been sent (see api/versions.ts). */}
          <progress aria-label="Uploading" />
        </div>
      )}

      {step === 'processing' && (
        <div className="upload-panel__progress">
          <p>{progress?.stage ?? 'Translating'}...</p>
          <progress aria-label="Translating" max={100} value={progress?.percent ?? 0} />
          <span className="form-hint">{progress?.percent ?? 0}%</span>
        </div>
      )}

      {step === 'report' && (
        <div>
          <p className="form-message form-message--notice" role="status">
            {version ? `Version ${version.number} is ready.` : 'The new version is ready.'}
          </p>
          {errorMessage}
          {version?.report && <TranslationReport report={version.report} />}
          <div className="upload-panel__actions">
            <button type="button" onClick={() => upload.closeReport()}>
              Close report
            </button>
            {openModelLink}
          </div>
        </div>
      )}

      {step === 'reviewReady' && (
        <div>
          <p className="form-message form-message--notice" role="status">
            {file?.name ?? 'The file'} has been read. No version is made until you apply its changes.
          </p>
          <div className="upload-panel__actions">
            {reviewPath !== null && (
              <Link className="button button--primary" to={reviewPath} data-testid="review-changes-link">
                Review changes
              </Link>
            )}
            <button type="button" onClick={() => upload.reset()}>
              Upload another file
            </button>
          </div>
        </div>
      )}

      {step === 'failed' && (
        <div>
          {errorMessage}
          <div className="upload-panel__actions">
            {canRetry && (
              <button
                type="button"
                className="button button--primary"
                disabled={blocked}
                onClick={() => upload.retry()}
              >
                Retry
              </button>
            )}
            <button type="button" onClick={() => upload.reset()}>
              Choose another file
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
