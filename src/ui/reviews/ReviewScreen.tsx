import { useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { REVIEW_BY_PROPERTY } from '../../machines/reviews/reviewMachine';
import {
  selectAppliedVersion,
  selectReview,
  selectReviewBusy,
  selectReviewDiff,
  selectReviewError,
  selectReviewMessage,
  selectReviewMessageHint,
  selectReviewSelected,
  selectReviewStep,
} from '../../machines/reviews/selectors';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { VersionMessageField } from '../model/VersionMessageField';
import { ChangeList } from './ChangeList';
import { useReviewActor, useReviewEvents } from './useReviewActor';

/**
 * /model/{modelId}/review/{reviewId}: an upload held for review (issue #7 item 5). Its diff against the latest
 * version, to apply whole or in part (what is applied becomes the version), or to discard.
 */
export function ReviewScreen() {
  const { modelId = '', reviewId = '' } = useParams();
  return (
    <ModelPageBoundary key={`${modelId}/${reviewId}`} modelId={modelId}>
      {(model) => <Review model={model} reviewId={reviewId} />}
    </ModelPageBoundary>
  );
}

function versionLinks(modelId: string, versionId: string) {
  const model = `/model/${encodeURIComponent(modelId)}`;
  return (
    <div className="upload-panel__actions">
      <Link className="button" to={`${model}/history`}>
        See it in the history
      </Link>
      <Link className="button" to={`${model}/visualize/elements?version=${encodeURIComponent(versionId)}`}>
        View it in 3D
      </Link>
    </div>
  );
}

function Review({ model, reviewId }: { model: Model; reviewId: string }) {
  const actor = useReviewActor({ modelId: model._id, reviewId });
  const intents = useReviewEvents(actor);
  const step = useSelector(actor, selectReviewStep);
  const review = useSelector(actor, selectReview);
  const diff = useSelector(actor, selectReviewDiff);
  const selected = useSelector(actor, selectReviewSelected);
  const message = useSelector(actor, selectReviewMessage);
  const messageHint = useSelector(actor, selectReviewMessageHint);
  const error = useSelector(actor, selectReviewError);
  const busy = useSelector(actor, selectReviewBusy);
  const applied = useSelector(actor, selectAppliedVersion);
  const historyPath = `/model/${encodeURIComponent(model._id)}/history`;

  const errorMessage = error !== null && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );
  const reviewing = ['reviewing', 'confirmingDiscard', 'applying', 'failed', 'discarding'].includes(step);

  return (
    <main className="page review-screen">
      <p className="model-page__organization">
        <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
          {model.organization.name}
        </Link>{' '}
        · <Link to={historyPath}>{model.name}</Link>
      </p>
      <h1>Review {review?.fileName ?? 'an upload'}</h1>
      {review && (
        <p className="page__note">
          Compared with version {review.baseVersionNumber}. No version is made until you apply the changes.
        </p>
      )}

      {step === 'loading' && <p className="page__note">Comparing the upload with the latest version...</p>}
      {step === 'unavailable' && (
        <div>
          {errorMessage}
          <div className="upload-panel__actions">
            <button type="button" onClick={() => intents.retry()}>
              Try again
            </button>
            <Link to={historyPath}>Back to the history</Link>
          </div>
        </div>
      )}

      {reviewing && diff && (
        <>
          {diff.header.length > 0 && (
            <ul className="review-screen__header" aria-label="Model changes">
              {diff.header.map((line) => (
                <li key={line.path}>{line.text}</li>
              ))}
            </ul>
          )}
          <ChangeList
            label="Changes in this upload"
            changes={diff.changes}
            selected={selected}
            disabled={busy || step !== 'reviewing'}
            changeTestId="review-change"
            byProperty={REVIEW_BY_PROPERTY}
            onSet={(keys, on) => intents.select(keys, on)}
            onAll={() => intents.selectAll()}
            onNone={() => intents.selectNone()}
          />
          <form
            className="form review-screen__apply"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              intents.apply();
            }}
          >
            <VersionMessageField
              value={message}
              hint={messageHint}
              disabled={step !== 'reviewing'}
              onChange={(value) => intents.changeMessage(value)}
            />
            {step !== 'failed' && errorMessage}
            <div className="upload-panel__actions">
              <button
                type="submit"
                className="button button--primary"
                data-testid="apply-review"
                disabled={step !== 'reviewing'}
              >
                {step === 'applying' ? 'Applying...' : 'Apply selected changes'}
              </button>
              <button type="button" disabled={step !== 'reviewing'} onClick={() => intents.discard()}>
                Discard upload
              </button>
            </div>
          </form>
        </>
      )}

      {step === 'confirmingDiscard' && (
        <div className="card restore-confirmation" role="alertdialog" aria-label="Discard the upload">
          <p>Discard this upload? Its changes are dropped and no version is made.</p>
          <div className="upload-panel__actions">
            <button type="button" className="button button--primary" onClick={() => intents.confirmDiscard()}>
              Discard
            </button>
            <button type="button" onClick={() => intents.cancelDiscard()}>
              Keep reviewing
            </button>
          </div>
        </div>
      )}

      {step === 'failed' && (
        <div className="card" role="group" aria-label="Applying failed">
          {errorMessage}
          <div className="upload-panel__actions">
            <button type="button" onClick={() => intents.back()}>
              Back to the changes
            </button>
            <button type="button" onClick={() => intents.retry()}>
              Try again
            </button>
          </div>
        </div>
      )}

      {step === 'applied' && applied && (
        <div>
          <p className="form-message form-message--notice" role="status">
            {applied.number === null ? 'The new version is ready.' : `Version ${applied.number} is ready.`}
          </p>
          {versionLinks(model._id, applied.versionId)}
        </div>
      )}

      {step === 'discarded' && (
        <div>
          <p className="form-message form-message--notice" role="status">
            {ownMessages.reviewDiscarded}
          </p>
          <Link to={historyPath}>Back to the history</Link>
        </div>
      )}

      {step === 'closed' && (
        <div>
          <p className="form-message form-message--notice" role="status">
            {ownMessages.reviewClosed}
          </p>
          {applied ? (
            versionLinks(model._id, applied.versionId)
          ) : (
            <Link to={historyPath}>Back to the history</Link>
          )}
        </div>
      )}
    </main>
  );
}
