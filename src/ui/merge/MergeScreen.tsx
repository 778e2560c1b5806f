import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ownMessages } from '../../contract/errors';
import type { MergeConflictWire } from '../../contract/http/merge';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { MERGE_BY_PROPERTY, type Resolution } from '../../machines/merge/mergeMachine';
import {
  selectBaseVersionId,
  selectCanRetryMerge,
  selectMergeError,
  selectMergeMessage,
  selectMergeProgress,
  selectMergeSelected,
  selectMergeStep,
  selectOutcome,
  selectPreview,
  selectResolutions,
  selectTargetModelId,
  selectTargets,
  selectTargetsError,
  selectTargetVersionId,
  selectTargetVersions,
} from '../../machines/merge/selectors';
import { abilitiesOf } from '../../machines/model/abilities';
import { selectVersions } from '../../machines/model/selectors';
import { formatDate } from '../format/dates';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { useModelPageSelector } from '../model/ModelPageContext';
import { VersionMessageField } from '../model/VersionMessageField';
import { ChangeList } from '../reviews/ChangeList';
import { useMergeActor, useMergeEvents, type MergeActor } from './useMergeActor';

/**
 * /model/{modelId}/visualize/merge (and /report/…): take the changes of another version — of this model or of
 * another model one can read — into this model's latest version, element by element or by category, deciding
 * each conflict; the result is a new version (issue #7 item 6).
 */
export function MergeScreen() {
  const { modelId = '' } = useParams();
  return (
    <ModelPageBoundary key={modelId} modelId={modelId}>
      {(model) => <MergeWithVersions model={model} />}
    </ModelPageBoundary>
  );
}

function MergeWithVersions({ model }: { model: Model }) {
  const versions = useModelPageSelector(selectVersions);
  const historyPath = `/model/${encodeURIComponent(model._id)}/history`;
  return (
    <main className="page merge-screen">
      <p className="model-page__organization">
        <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
          {model.organization.name}
        </Link>{' '}
        · <Link to={historyPath}>{model.name}</Link>
      </p>
      <h1>Merge into {model.name}</h1>
      {abilitiesOf(model.currentUserRole).canUpdate ? (
        <Merge model={model} versions={versions} />
      ) : (
        <p className="form-message form-message--notice">{ownMessages.permissionTypeRequired}</p>
      )}
    </main>
  );
}

function Merge({ model, versions }: { model: Model; versions: Version[] }) {
  const actor = useMergeActor({
    modelId: model._id,
    modelName: model.name,
    organizationName: model.organization.name,
    versions,
  });
  const merge = useMergeEvents(actor);
  const step = useSelector(actor, selectMergeStep);
  const error = useSelector(actor, selectMergeError);
  const errorMessage = error !== null && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );
  const historyPath = `/model/${encodeURIComponent(model._id)}/history`;
  const latest = versions[0];

  return (
    <>
      {latest && (
        <p className="page__note">The result becomes a new version after version {latest.number}.</p>
      )}
      {step === 'loading' && <p className="page__note">Loading the versions you can merge from...</p>}
      {step === 'choosing' && (
        <Choosing actor={actor} model={model} error={errorMessage} historyPath={historyPath} />
      )}
      {step === 'previewing' && (
        <div className="upload-panel__progress">
          <p>Working out the changes...</p>
          <progress aria-label="Working out the changes" />
          <button type="button" onClick={() => merge.cancel()}>
            Cancel
          </button>
        </div>
      )}
      {step === 'selecting' && <Selecting actor={actor} error={errorMessage} />}
      {step === 'merging' && <Progress actor={actor} />}
      {step === 'done' && <Done actor={actor} modelId={model._id} />}
      {step === 'failed' && <Failed actor={actor} error={errorMessage} />}
    </>
  );
}

const versionLabel = (version: { number: number; Time: string }) =>
  `Version ${version.number} · ${formatDate(version.Time)}`;

function Choosing({
  actor,
  model,
  error,
  historyPath,
}: {
  actor: MergeActor;
  model: Model;
  error: ReactNode;
  historyPath: string;
}) {
  const merge = useMergeEvents(actor);
  const targets = useSelector(actor, selectTargets);
  const targetsError = useSelector(actor, selectTargetsError);
  const targetModelId = useSelector(actor, selectTargetModelId);
  const targetVersionId = useSelector(actor, selectTargetVersionId);
  const baseVersionId = useSelector(actor, selectBaseVersionId);
  const targetVersions = useSelector(actor, selectTargetVersions);
  const ids = { model: useId(), version: useId(), base: useId() };
  const sameModel = targetModelId === model._id;
  // Merging the latest version into itself takes nothing.
  const offered = sameModel ? targetVersions.slice(1) : targetVersions;

  return (
    <form
      className="form merge-screen__choose"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        merge.preview();
      }}
    >
      {targetsError !== null && (
        <p className="form-message form-message--notice">
          Only this model can be merged from now: {targetsError}
        </p>
      )}
      <label className="form__field" htmlFor={ids.model}>
        <span>Merge from model</span>
        <select
          id={ids.model}
          value={targetModelId}
          onChange={(event) => merge.chooseTargetModel(event.target.value)}
        >
          {targets.map((target) => (
            <option key={target.modelId} value={target.modelId}>
              {target.modelId === model._id
                ? `${target.name} (this model)`
                : `${target.name} · ${target.organizationName}`}
            </option>
          ))}
        </select>
      </label>
      <label className="form__field" htmlFor={ids.version}>
        <span>Version to merge</span>
        <select
          id={ids.version}
          data-testid="merge-target-version"
          value={targetVersionId ?? ''}
          onChange={(event) => merge.chooseTargetVersion(event.target.value || null)}
        >
          <option value="">Choose a version</option>
          {offered.map((version) => (
            <option key={version.ID} value={version.ID}>
              {versionLabel(version)}
            </option>
          ))}
        </select>
      </label>
      <label className="form__field" htmlFor={ids.base}>
        <span>Compared with (base)</span>
        <select
          id={ids.base}
          value={baseVersionId ?? ''}
          onChange={(event) => merge.chooseBaseVersion(event.target.value || null)}
        >
          <option value="">
            {sameModel ? 'The version before it (its own changes)' : 'None (everything that differs)'}
          </option>
          {targetVersions
            .filter((version) => version.ID !== targetVersionId)
            .map((version) => (
              <option key={version.ID} value={version.ID}>
                {versionLabel(version)}
              </option>
            ))}
        </select>
      </label>
      {error}
      <div className="upload-panel__actions">
        <button type="submit" className="button button--primary" data-testid="merge-preview">
          Preview changes
        </button>
        <Link to={historyPath}>Cancel</Link>
      </div>
    </form>
  );
}

function Selecting({ actor, error }: { actor: MergeActor; error: ReactNode }) {
  const merge = useMergeEvents(actor);
  const preview = useSelector(actor, selectPreview);
  const selected = useSelector(actor, selectMergeSelected);
  const resolutions = useSelector(actor, selectResolutions);
  const message = useSelector(actor, selectMergeMessage);
  if (!preview) return null;
  const objectsByType = preview.changes.changes.some((change) => change.collection !== 'elements');
  return (
    <>
      {preview.conflicts.length > 0 && (
        <section className="merge-screen__conflicts" aria-label="Conflicts">
          <h2>Conflicts ({preview.conflicts.length})</h2>
          <p className="page__note">
            Changed on both sides: take theirs, or keep the current version&apos;s. Undecided ones keep the
            current.
          </p>
          <ul>
            {preview.conflicts.map((conflict) => (
              <ConflictRow
                key={conflict.key}
                conflict={conflict}
                resolution={resolutions[conflict.key] ?? null}
                onResolve={(resolution) => merge.resolveConflict(conflict.key, resolution)}
              />
            ))}
          </ul>
        </section>
      )}
      <ChangeList
        label="Changes to merge"
        changes={preview.changes.changes}
        selected={selected}
        changeTestId="merge-change"
        byProperty={MERGE_BY_PROPERTY}
        onSet={(keys, on) => merge.select(keys, on)}
        onAll={() => merge.selectAll()}
        onNone={() => merge.selectNone()}
      />
      {objectsByType && (
        <p className="page__note">
          Elements are merged one by one; nodes, loads and other objects by type. An element brings the nodes,
          profile and material it needs.
        </p>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          merge.merge();
        }}
      >
        <VersionMessageField value={message} onChange={(value) => merge.changeMessage(value)} />
        {error}
        <div className="upload-panel__actions">
          <button type="submit" className="button button--primary" data-testid="merge-start">
            Merge selected changes
          </button>
          <button type="button" onClick={() => merge.back()}>
            Back
          </button>
        </div>
      </form>
    </>
  );
}

const conflictKinds: Record<MergeConflictWire['kind'], string> = {
  'modify/modify': 'changed on both sides',
  'delete/modify': 'removed in the merged version, changed in the current one',
  'modify/delete': 'changed in the merged version, removed in the current one',
  'duplicate add': 'added on both sides',
};

function ConflictRow({
  conflict,
  resolution,
  onResolve,
}: {
  conflict: MergeConflictWire;
  resolution: Resolution | null;
  onResolve: (resolution: Resolution) => void;
}) {
  return (
    <li className="card merge-screen__conflict" aria-label={`Conflict: ${conflict.label}`}>
      <p>
        <strong>{conflict.label}</strong> ({conflict.type}): {conflictKinds[conflict.kind]}
      </p>
      <div className="merge-screen__sides">
        <div>
          <h3>Theirs</h3>
          <ul>
            {conflict.source.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Current</h3>
          <ul>
            {conflict.target.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="upload-panel__actions">
        <button type="button" aria-pressed={resolution === 'source'} onClick={() => onResolve('source')}>
          Take theirs
        </button>
        <button type="button" aria-pressed={resolution !== 'source'} onClick={() => onResolve('target')}>
          Keep current
        </button>
      </div>
    </li>
  );
}

function Progress({ actor }: { actor: MergeActor }) {
  const progress = useSelector(actor, selectMergeProgress);
  return (
    <div className="upload-panel__progress">
      <p>{progress?.stage ?? 'Merging'}...</p>
      <progress aria-label="Merging" data-testid="merge-progress" max={100} value={progress?.percent ?? 0} />
      <span className="form-hint">{progress?.percent ?? 0}%</span>
    </div>
  );
}

function Done({ actor, modelId }: { actor: MergeActor; modelId: string }) {
  const merge = useMergeEvents(actor);
  const outcome = useSelector(actor, selectOutcome);
  const model = `/model/${encodeURIComponent(modelId)}`;
  return (
    <div data-testid="merge-done">
      <p className="form-message form-message--notice" role="status">
        {outcome?.versionNumber != null
          ? `The merge is done: version ${outcome.versionNumber} is ready.`
          : 'The merge is done: the new version is ready.'}
      </p>
      <div className="upload-panel__actions">
        <Link className="button" to={`${model}/history`}>
          See it in the history
        </Link>
        {outcome?.versionId != null && (
          <Link
            className="button"
            to={`${model}/visualize/elements?version=${encodeURIComponent(outcome.versionId)}`}
          >
            View it in 3D
          </Link>
        )}
        <button type="button" onClick={() => merge.mergeAgain()}>
          Merge something else
        </button>
      </div>
    </div>
  );
}

function Failed({ actor, error }: { actor: MergeActor; error: ReactNode }) {
  const merge = useMergeEvents(actor);
  const canRetry = useSelector(actor, selectCanRetryMerge);
  return (
    <div>
      {error}
      <div className="upload-panel__actions">
        {canRetry ? (
          <button type="button" className="button button--primary" onClick={() => merge.retry()}>
            Follow the merge again
          </button>
        ) : (
          <button type="button" onClick={() => merge.back()}>
            Back
          </button>
        )}
      </div>
    </div>
  );
}
