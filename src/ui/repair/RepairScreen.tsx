import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { abilitiesOf } from '../../machines/model/abilities';
import { selectVersions } from '../../machines/model/selectors';
import { groupChanges } from '../../machines/reports/changeList';
import { createRepairImplementations, repairMachine } from '../../machines/repair/repairMachine';
import {
  selectCanRepair,
  selectCanRetry,
  selectCommitMessage,
  selectCommitted,
  selectFocus,
  selectFocusElementIds,
  selectHasPlan,
  selectHighlight,
  selectIssueGroups,
  selectIssueTotals,
  selectOperationGroups,
  selectPreviewDiff,
  selectPreviewStale,
  selectRepairError,
  selectRepairProgress,
  selectRepairScene,
  selectRepairStep,
  selectSceneError,
  selectSceneLoading,
  selectSide,
  selectToleranceFields,
  selectUnits,
  type OperationGroup,
} from '../../machines/repair/selectors';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { useAppServices } from '../app/AppServices';
import { useSessionSelector } from '../app/hooks';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { useModelPageSelector } from '../model/ModelPageContext';
import { VersionMessageField } from '../model/VersionMessageField';
import { ChangeList } from '../reports/ChangeList';
import { RepairCanvas } from './RepairCanvas';

type RepairActor = ActorRefFrom<typeof repairMachine>;

/** Repair views open in the user's repair colour scheme: dark unless they chose another (spec section 3). */
const selectRepairTheme = (snapshot: SnapshotFrom<typeof sessionMachine>) =>
  snapshot.context.user?.preferences.colorSchemes.repair ?? 'dark';

const numberFormat = new Intl.NumberFormat('en-US');
const issuesText = (count: number) => `${numberFormat.format(count)} issue${count === 1 ? '' : 's'}`;

/**
 * /model/{modelId}/visualize/repair (and /report/…): the connectivity checks of a version, and for WRITE and up
 * a repair previewed in 3-D (before/after), accepted operation by operation or by category, committed as a new
 * version (issue #8). The repair machine owns every step; this view renders its snapshot and sends its events.
 */
export function RepairScreen() {
  const { modelId = '' } = useParams();
  return (
    <ModelPageBoundary key={modelId} modelId={modelId}>
      {(model) => <RepairWithVersions model={model} />}
    </ModelPageBoundary>
  );
}

function RepairWithVersions({ model }: { model: Model }) {
  const versions = useModelPageSelector(selectVersions);
  const [searchParams] = useSearchParams();
  const abilities = abilitiesOf(model.currentUserRole);
  const historyPath = `/model/${encodeURIComponent(model._id)}/history`;
  // The version asked for in the address when the model has it, else the latest when the screen opened: a
  // version made meanwhile (this repair's own commit) does not start the check over.
  const asked = searchParams.get('version');
  const [openedOn, setOpenedOn] = useState<string | null>(
    () => (versions.find((candidate) => candidate.ID === asked) ?? versions[0])?.ID ?? null,
  );
  useEffect(() => {
    // A model without versions when opened gets its first one live.
    if (openedOn === null && versions[0]) setOpenedOn(versions[0].ID);
  }, [openedOn, versions]);
  const version = versions.find((candidate) => candidate.ID === openedOn) ?? null;
  return (
    <main className="page viewer-screen repair-screen">
      <header className="viewer-screen__header">
        <div>
          <p className="model-page__organization">
            <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
              {model.organization.name}
            </Link>{' '}
            · <Link to={historyPath}>{model.name}</Link>
          </p>
          <h1>{abilities.canUpdate ? `Check and repair ${model.name}` : `Check ${model.name}`}</h1>
        </div>
      </header>
      {!abilities.canViewVersions ? (
        <p className="form-message form-message--notice">{ownMessages.permissionTypeRequired}</p>
      ) : version === null ? (
        <p className="page__note">This model has no versions yet. Upload a file to check it.</p>
      ) : (
        // A new version means a new check: the machine starts again for it.
        <Repair key={version.ID} model={model} version={version} />
      )}
    </main>
  );
}

function Repair({ model, version }: { model: Model; version: Version }) {
  const { http, realtime } = useAppServices();
  const theme = useSessionSelector(selectRepairTheme);
  const logic = useMemo(
    () => repairMachine.provide(createRepairImplementations({ http, realtime })),
    [http, realtime],
  );
  const actor = useActorRef(logic, {
    input: { modelId: model._id, versionId: version.ID, role: model.currentUserRole },
  });
  const step = useSelector(actor, selectRepairStep);
  const error = useSelector(actor, selectRepairError);
  const canRepair = useSelector(actor, selectCanRepair);
  const errorMessage = error !== null && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );

  return (
    <>
      <p className="page__note">
        {canRepair
          ? `Version ${version.number} is checked; a committed repair becomes a new version after it.`
          : `Version ${version.number} is checked. Repairing needs write access to the model.`}
      </p>
      <div className="viewer-screen__body">
        <aside className="viewer-panel" aria-label="Checks">
          {(step === 'idle' || step === 'reviewing') && <TolerancesForm actor={actor} step={step} />}
          {step === 'checking' && (
            <div className="upload-panel__progress">
              <p role="status">Checking connectivity...</p>
              <progress aria-label="Checking connectivity" />
            </div>
          )}
          <IssueList actor={actor} />
        </aside>
        <Stage actor={actor} theme={theme} />
        <aside className="viewer-panel" aria-label="Repair">
          <RepairPanel
            actor={actor}
            step={step}
            modelId={model._id}
            repairedVersionId={version.ID}
            error={errorMessage}
          />
        </aside>
      </div>
    </>
  );
}

function TolerancesForm({ actor, step }: { actor: RepairActor; step: 'idle' | 'reviewing' }) {
  const fields = useSelector(actor, selectToleranceFields);
  const units = useSelector(actor, selectUnits);
  const baseId = useId();
  return (
    <form
      className="form"
      aria-label="Tolerances"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'repair.check' });
      }}
    >
      <h2>Tolerances</h2>
      {step === 'idle' && <p className="form-hint">Empty fields use the model&apos;s own tolerances.</p>}
      {fields.map((field) => {
        const unit = field.angle ? '°' : (units ?? 'model units');
        return (
          <label key={field.name} className="form__field" htmlFor={`${baseId}-${field.name}`}>
            <span>{`${field.label} (${unit})`}</span>
            <input
              id={`${baseId}-${field.name}`}
              inputMode="decimal"
              value={field.value}
              onChange={(event) =>
                actor.send({ type: 'repair.tolerance.changed', name: field.name, value: event.target.value })
              }
            />
          </label>
        );
      })}
      <button type="submit" className={step === 'idle' ? 'button button--primary' : 'button'}>
        {step === 'idle' ? 'Check connectivity' : 'Check again'}
      </button>
    </form>
  );
}

function IssueList({ actor }: { actor: RepairActor }) {
  const groups = useSelector(actor, selectIssueGroups);
  const totals = useSelector(actor, selectIssueTotals);
  const focus = useSelector(actor, selectFocus);
  const side = useSelector(actor, selectSide);
  if (totals.before === null) return null;
  const shownTotal = side === 'after' ? totals.after : totals.before;
  return (
    <section aria-label="Issues">
      <h2>{side === 'after' ? 'Issues after the repair' : 'Issues'}</h2>
      <p className="page__note" data-testid="repair-issue-total">
        {shownTotal === 0 ? 'No issues found.' : issuesText(shownTotal ?? 0)}
      </p>
      {groups.map((group) => (
        <section key={group.check} aria-label={`${group.title} (${group.count})`}>
          <h3>
            {group.title} ({group.count})
          </h3>
          <ul>
            {group.issues.map((issue) => (
              <li key={issue.id}>
                <button
                  type="button"
                  className="change-list__label"
                  aria-pressed={focus?.kind === 'issue' && focus.id === issue.id}
                  data-testid="repair-issue"
                  data-severity={issue.severity}
                  onClick={() => actor.send({ type: 'repair.issue.selected', issueId: issue.id })}
                >
                  {issue.text}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Stage({ actor, theme }: { actor: RepairActor; theme: 'dark' | 'light' | 'white' }) {
  const scene = useSelector(actor, selectRepairScene);
  const highlight = useSelector(actor, selectHighlight);
  const focusIds = useSelector(actor, selectFocusElementIds);
  const loading = useSelector(actor, selectSceneLoading);
  const sceneError = useSelector(actor, selectSceneError);
  const side = useSelector(actor, selectSide);
  // A canvas that cannot draw (no WebGL) is the view's own trouble: the lists still work without it.
  const [viewerError, setViewerError] = useState<string | null>(null);
  const onFailed = useRef((message: string) => setViewerError(message)).current;
  return (
    <section
      className="viewer-stage"
      aria-label="3D view"
      aria-busy={loading}
      data-side={side}
      data-theme={theme}
    >
      <RepairCanvas
        scene={scene}
        theme={theme}
        highlight={highlight}
        focusIds={focusIds}
        onFailed={onFailed}
      />
      {loading && (
        <p className="viewer-stage__overlay" role="status">
          {side === 'after' ? 'Drawing the repaired model...' : 'Loading the model...'}
        </p>
      )}
      {(sceneError ?? viewerError) !== null && (
        <div className="viewer-stage__overlay viewer-stage__overlay--error" role="alert">
          <p>{sceneError ?? viewerError}</p>
          {sceneError !== null && (
            <button type="button" onClick={() => actor.send({ type: 'repair.scene.retry' })}>
              Try again
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function RepairPanel({
  actor,
  step,
  modelId,
  repairedVersionId,
  error,
}: {
  actor: RepairActor;
  step: ReturnType<typeof selectRepairStep>;
  modelId: string;
  repairedVersionId: string;
  error: ReactNode;
}) {
  const canRepair = useSelector(actor, selectCanRepair);
  switch (step) {
    case 'idle':
      return (
        <>
          <p className="page__note">Check the version for coincident nodes, gaps, missing splits and more.</p>
          {error}
        </>
      );
    case 'checking':
      return null;
    case 'reviewing':
      return (
        <>
          {error}
          {canRepair ? (
            <div className="upload-panel__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => actor.send({ type: 'repair.start' })}
              >
                Repair
              </button>
            </div>
          ) : (
            <p className="form-message form-message--notice">
              You can check this model; repairing it needs write access.
            </p>
          )}
        </>
      );
    case 'repairing':
    case 'committing':
      return <Progress actor={actor} step={step} />;
    case 'previewing':
      return <Preview actor={actor} error={error} />;
    case 'committed':
      return <Committed actor={actor} modelId={modelId} repairedVersionId={repairedVersionId} />;
    case 'failed':
      return <Failed actor={actor} error={error} />;
    case 'cancelled':
      return (
        <>
          <p className="form-message form-message--notice" role="status">
            {ownMessages.repairDiscarded}
          </p>
          <button type="button" onClick={() => actor.send({ type: 'repair.check' })}>
            Check again
          </button>
        </>
      );
  }
}

function Progress({ actor, step }: { actor: RepairActor; step: 'repairing' | 'committing' }) {
  const progress = useSelector(actor, selectRepairProgress);
  const label = step === 'repairing' ? 'Repairing' : 'Committing';
  return (
    <div className="upload-panel__progress">
      <p>{progress?.stage ?? label}...</p>
      <progress aria-label={label} data-testid="repair-progress" max={100} value={progress?.percent ?? 0} />
      <span className="form-hint">{progress?.percent ?? 0}%</span>
      {step === 'repairing' && (
        <button type="button" onClick={() => actor.send({ type: 'repair.cancel' })}>
          Cancel
        </button>
      )}
    </div>
  );
}

function Preview({ actor, error }: { actor: RepairActor; error: ReactNode }) {
  const side = useSelector(actor, selectSide);
  const totals = useSelector(actor, selectIssueTotals);
  const groups = useSelector(actor, selectOperationGroups);
  const diff = useSelector(actor, selectPreviewDiff);
  const stale = useSelector(actor, selectPreviewStale);
  const message = useSelector(actor, selectCommitMessage);
  const hasPlan = useSelector(actor, selectHasPlan);
  const changeGroups = useMemo(() => (diff ? groupChanges(diff.changes, null) : []), [diff]);
  return (
    <>
      <div className="viewer-toolbar__group" role="group" aria-label="Before and after">
        <button
          type="button"
          aria-pressed={side === 'before'}
          onClick={() => side !== 'before' && actor.send({ type: 'repair.side.toggled' })}
        >
          Before
        </button>
        <button
          type="button"
          aria-pressed={side === 'after'}
          disabled={!hasPlan}
          onClick={() => side !== 'after' && actor.send({ type: 'repair.side.toggled' })}
        >
          After
        </button>
      </div>
      <p className="page__note" data-testid="repair-totals" aria-busy={stale}>
        {`Before: ${issuesText(totals.before ?? 0)} · After: ${issuesText(totals.after ?? 0)}`}
        {stale && ' (updating...)'}
      </p>
      <section aria-label="Operations">
        <h2>Operations</h2>
        {groups.length === 0 && <p className="page__note">Nothing to repair.</p>}
        {groups.map((group) => (
          <OperationCategory key={group.operation} actor={actor} group={group} />
        ))}
      </section>
      <section aria-label="Changes in the preview" className="change-panel">
        <h2>Changes in the preview</h2>
        <ChangeList groups={changeGroups} />
      </section>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'repair.commit' });
        }}
      >
        <VersionMessageField
          value={message}
          onChange={(value) => actor.send({ type: 'repair.message.changed', value })}
        />
        {error}
        <div className="upload-panel__actions">
          <button type="submit" className="button button--primary">
            Commit repair
          </button>
          <button type="button" onClick={() => actor.send({ type: 'repair.cancel' })}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

function OperationCategory({ actor, group }: { actor: RepairActor; group: OperationGroup }) {
  const focus = useSelector(actor, selectFocus);
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // 'Mixed' has no attribute in HTML: the DOM property draws it.
    if (boxRef.current) boxRef.current.indeterminate = group.state === 'some';
  }, [group.state]);
  const label = `${group.title} (${group.operation}, ${group.rows.length})`;
  return (
    <fieldset className="viewer-checklist">
      <legend>
        <label className="form-check">
          <input
            ref={boxRef}
            type="checkbox"
            aria-label={label}
            checked={group.state === 'all'}
            onChange={(event) =>
              actor.send({
                type: 'repair.category.toggled',
                operation: group.operation,
                accepted: event.target.checked,
              })
            }
          />
          <span aria-hidden="true">{label}</span>
        </label>
      </legend>
      <ul className="viewer-checklist__items">
        {group.rows.map(({ operation, accepted, skipped }) => (
          <li key={operation.id}>
            <label className="form-check">
              <input
                type="checkbox"
                data-testid="repair-operation"
                data-operation-id={operation.id}
                checked={accepted}
                onChange={(event) =>
                  actor.send({
                    type: 'repair.operation.toggled',
                    operationId: operation.id,
                    accepted: event.target.checked,
                  })
                }
              />
              <span>
                {operation.text}
                {operation.requiresConfirmation &&
                  !/confirm/i.test(operation.text) &&
                  ' (needs confirmation)'}
                {skipped && ' (skipped: what it depends on is not applied)'}
              </span>
            </label>{' '}
            <button
              type="button"
              aria-label={`Show ${operation.text}`}
              aria-pressed={focus?.kind === 'operation' && focus.id === operation.id}
              onClick={() => actor.send({ type: 'repair.operation.focused', operationId: operation.id })}
            >
              Show
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function Committed({
  actor,
  modelId,
  repairedVersionId,
}: {
  actor: RepairActor;
  modelId: string;
  repairedVersionId: string;
}) {
  const committed = useSelector(actor, selectCommitted);
  const model = `/model/${encodeURIComponent(modelId)}`;
  return (
    <div data-testid="repair-committed">
      <p className="form-message form-message--notice" role="status">
        {committed?.versionNumber != null
          ? ownMessages.repairCommitted.replace('{number}', String(committed.versionNumber))
          : 'Repair committed as a new version.'}
      </p>
      <div className="upload-panel__actions">
        <Link className="button" to={`${model}/history`}>
          See it in the history
        </Link>
        {committed?.versionId != null && (
          <Link
            className="button"
            to={`${model}/visualize/elements?version=${encodeURIComponent(committed.versionId)}&compare=${encodeURIComponent(repairedVersionId)}`}
          >
            See the changes in 3D
          </Link>
        )}
      </div>
    </div>
  );
}

function Failed({ actor, error }: { actor: RepairActor; error: ReactNode }) {
  const canRetry = useSelector(actor, selectCanRetry);
  return (
    <div>
      {error}
      <div className="upload-panel__actions">
        {canRetry && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'repair.retry' })}
          >
            Try again
          </button>
        )}
        <button type="button" onClick={() => actor.send({ type: 'repair.cancel' })}>
          Cancel
        </button>
      </div>
    </div>
  );
}
