import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { abilitiesOf } from '../../machines/model/abilities';
import { selectVersions } from '../../machines/model/selectors';
import { groupChanges } from '../../machines/reports/changeList';
import {
  selectCanRepair,
  selectCanRetry,
  selectCheckCounts,
  selectCommitMessage,
  selectCommitted,
  selectFocus,
  selectFocusElementIds,
  selectFocusView,
  selectHasPlan,
  selectHighlight,
  selectIsolation,
  selectIssueGroups,
  selectIssueLevelNames,
  selectIssueTotals,
  selectLevelFilter,
  selectLevelOptions,
  selectOperationGroups,
  selectPreviewDiff,
  selectPreviewStale,
  selectRepairError,
  selectRepairProgress,
  selectRepairScene,
  selectRepairStep,
  selectSceneError,
  selectSceneLoading,
  selectSeverityCounts,
  selectSide,
  selectToleranceFields,
  selectUnits,
  type OperationGroup,
} from '../../machines/repair/selectors';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { useSessionSelector } from '../session/useSession';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { useModelPageSelector } from '../model/ModelPageContext';
import { VersionMessageField } from '../model/VersionMessageField';
import { ChangeList } from '../reports/ChangeList';
import { RepairCanvas } from './RepairCanvas';
import { useRepairActor, useRepairEvents, type RepairActor } from './useRepairActor';

/** Repair views open in the user's repair colour scheme: dark unless they chose another (spec section 3). */
const selectRepairTheme = (snapshot: SnapshotFrom<typeof sessionMachine>) =>
  snapshot.context.user?.preferences.colorSchemes.repair ?? 'dark';

const numberFormat = new Intl.NumberFormat('en-US');
const issuesText = (count: number) => `${numberFormat.format(count)} issue${count === 1 ? '' : 's'}`;
const SEVERITY_LABELS = { error: 'Error', warning: 'Warning', info: 'Info' } as const;
const plural = (count: number, word: string) =>
  `${numberFormat.format(count)} ${word}${count === 1 ? '' : 's'}`;

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
  const theme = useSessionSelector(selectRepairTheme);
  const actor = useRepairActor({ modelId: model._id, versionId: version.ID, role: model.currentUserRole });
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
      <div className="viewer-screen__body repair-screen__body">
        <aside className="viewer-panel repair-screen__issues" aria-label="Checks">
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
        <aside className="viewer-panel repair-screen__repair" aria-label="Repair">
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
  const repair = useRepairEvents(actor);
  const fields = useSelector(actor, selectToleranceFields);
  const units = useSelector(actor, selectUnits);
  const baseId = useId();
  const form = (
    <form
      className="form"
      aria-label="Tolerances"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        repair.check();
      }}
    >
      {step === 'idle' && <h2>Tolerances</h2>}
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
              onChange={(event) => repair.changeTolerance(field.name, event.target.value)}
            />
          </label>
        );
      })}
      <button type="submit" className={step === 'idle' ? 'button button--primary' : 'button'}>
        {step === 'idle' ? 'Check connectivity' : 'Check again'}
      </button>
    </form>
  );
  // Once checked, the issues are what the panel is for: the tolerances fold away above them.
  return step === 'idle' ? (
    form
  ) : (
    <details className="repair-tolerances">
      <summary>Tolerances</summary>
      {form}
    </details>
  );
}

/** Keys that move through the issue list while it has focus (shown in its hint). */
const NEXT_KEYS = new Set(['j', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['k', 'ArrowUp']);

function IssueList({ actor }: { actor: RepairActor }) {
  const repair = useRepairEvents(actor);
  const groups = useSelector(actor, selectIssueGroups);
  const totals = useSelector(actor, selectIssueTotals);
  const focus = useSelector(actor, selectFocus);
  const side = useSelector(actor, selectSide);
  const levels = useSelector(actor, selectLevelOptions);
  const levelFilter = useSelector(actor, selectLevelFilter);
  const levelNames = useSelector(actor, selectIssueLevelNames);
  const severities = useSelector(actor, selectSeverityCounts);
  const listRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const focusedIssue = focus?.kind === 'issue' ? focus.id : null;
  useEffect(() => {
    // The focused row stays in sight, and keeps the keyboard when the list had it (j/k moved it).
    const list = listRef.current;
    if (!list || focusedIssue === null) return;
    const row = [...list.querySelectorAll<HTMLElement>('[data-issue-id]')].find(
      (candidate) => candidate.dataset.issueId === focusedIssue,
    );
    if (!row) return;
    if (list.contains(document.activeElement) && document.activeElement !== row) row.focus();
    row.scrollIntoView?.({ block: 'nearest' });
  }, [focusedIssue]);
  if (totals.before === null) return null;
  const shownTotal = side === 'after' ? totals.after : totals.before;
  const listed = groups.reduce((sum, group) => sum + group.issues.length, 0);
  return (
    <section aria-label="Issues" className="repair-issues">
      <div className="repair-issues__header">
        <h2>{side === 'after' ? 'Issues after the repair' : 'Issues'}</h2>
        <p className="page__note" data-testid="repair-issue-total">
          {shownTotal === 0 ? 'No issues found.' : issuesText(shownTotal ?? 0)}
        </p>
        {listed > 0 && (
          <p className="repair-issues__severities" data-testid="repair-severity-counts">
            <span className="repair-severity repair-severity--error">
              {plural(severities.error, 'error')}
            </span>
            <span className="repair-severity repair-severity--warning">
              {plural(severities.warning, 'warning')}
            </span>
            <span className="repair-severity repair-severity--info">{plural(severities.info, 'info')}</span>
          </p>
        )}
        {levels.length > 0 && (
          <label className="repair-issues__level">
            <span>Level</span>
            <select
              value={levelFilter ?? ''}
              onChange={(event) => repair.filterLevel(event.target.value === '' ? null : event.target.value)}
            >
              <option value="">All levels</option>
              {levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {`${level.name} (${numberFormat.format(level.count)})`}
                </option>
              ))}
            </select>
          </label>
        )}
        {listed > 0 && (
          <p className="form-hint" id={hintId}>
            Keys: <kbd>j</kbd> or <kbd>↓</kbd> next issue, <kbd>k</kbd> or <kbd>↑</kbd> previous, while the
            list has focus.
          </p>
        )}
      </div>
      <div
        ref={listRef}
        className="repair-issues__list"
        aria-describedby={listed > 0 ? hintId : undefined}
        onKeyDown={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey) return;
          if (NEXT_KEYS.has(event.key)) repair.nextIssue();
          else if (PREVIOUS_KEYS.has(event.key)) repair.previousIssue();
          else return;
          event.preventDefault();
        }}
      >
        {groups.map((group) => (
          <section
            key={group.check}
            className="repair-issues__group"
            aria-label={`${group.title} (${group.count})`}
          >
            <h3 className="repair-issues__group-title">
              {group.title} <span className="viewer-checklist__count">({group.count})</span>
              {group.count !== group.total && (
                <span className="viewer-checklist__count">{` of ${numberFormat.format(group.total)}`}</span>
              )}
            </h3>
            <ul className="repair-issues__rows">
              {group.issues.map((issue) => (
                <li key={issue.id}>
                  <button
                    type="button"
                    className="repair-issue"
                    aria-pressed={focusedIssue === issue.id}
                    data-testid="repair-issue"
                    data-issue-id={issue.id}
                    data-severity={issue.severity}
                    onClick={() => repair.selectIssue(issue.id)}
                  >
                    <span className={`repair-severity repair-severity--${issue.severity}`}>
                      {SEVERITY_LABELS[issue.severity]}
                    </span>
                    <span className="repair-issue__text">{issue.text}</span>
                    {levelNames.has(issue.id) && (
                      <span className="repair-issue__level">{levelNames.get(issue.id)}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

function Stage({ actor, theme }: { actor: RepairActor; theme: 'dark' | 'light' | 'white' }) {
  const repair = useRepairEvents(actor);
  const scene = useSelector(actor, selectRepairScene);
  const highlight = useSelector(actor, selectHighlight);
  const focusIds = useSelector(actor, selectFocusElementIds);
  const focusView = useSelector(actor, selectFocusView);
  const focus = useSelector(actor, selectFocus);
  const isolation = useSelector(actor, selectIsolation);
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
        focusView={focusView}
        onFailed={onFailed}
      />
      {focus !== null && (
        <div className="repair-stage__tools" role="group" aria-label="Focus">
          <button type="button" aria-pressed={isolation === 'all'} onClick={() => repair.toggleIsolation()}>
            Show the whole model
          </button>
          <button type="button" onClick={() => repair.clearFocus()}>
            Clear focus
          </button>
        </div>
      )}
      {loading && (
        <p className="viewer-stage__overlay" role="status">
          {side === 'after' ? 'Drawing the repaired model...' : 'Loading the model...'}
        </p>
      )}
      {(sceneError ?? viewerError) !== null && (
        <div className="viewer-stage__overlay viewer-stage__overlay--error" role="alert">
          <p>{sceneError ?? viewerError}</p>
          {sceneError !== null && (
            <button type="button" onClick={() => repair.retryScene()}>
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
  const repair = useRepairEvents(actor);
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
              <button type="button" className="button button--primary" onClick={() => repair.start()}>
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
          <button type="button" onClick={() => repair.check()}>
            Check again
          </button>
        </>
      );
  }
}

function Progress({ actor, step }: { actor: RepairActor; step: 'repairing' | 'committing' }) {
  const repair = useRepairEvents(actor);
  const progress = useSelector(actor, selectRepairProgress);
  const label = step === 'repairing' ? 'Repairing' : 'Committing';
  return (
    <div className="upload-panel__progress">
      <p>{progress?.stage ?? label}...</p>
      <progress aria-label={label} data-testid="repair-progress" max={100} value={progress?.percent ?? 0} />
      <span className="form-hint">{progress?.percent ?? 0}%</span>
      {step === 'repairing' && (
        <button type="button" onClick={() => repair.cancel()}>
          Cancel
        </button>
      )}
    </div>
  );
}

function Preview({ actor, error }: { actor: RepairActor; error: ReactNode }) {
  const repair = useRepairEvents(actor);
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
          onClick={() => side !== 'before' && repair.toggleSide()}
        >
          Before
        </button>
        <button
          type="button"
          aria-pressed={side === 'after'}
          disabled={!hasPlan}
          onClick={() => side !== 'after' && repair.toggleSide()}
        >
          After
        </button>
      </div>
      <p className="page__note" data-testid="repair-totals" aria-busy={stale}>
        {`Before: ${issuesText(totals.before ?? 0)} · After: ${issuesText(totals.after ?? 0)}`}
        {stale && ' (updating...)'}
      </p>
      <CheckCountsTable actor={actor} />
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
          repair.commit();
        }}
      >
        <VersionMessageField value={message} onChange={(value) => repair.changeMessage(value)} />
        {error}
        <div className="upload-panel__actions">
          <button type="submit" className="button button--primary">
            Commit repair
          </button>
          <button type="button" onClick={() => repair.cancel()}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

function CheckCountsTable({ actor }: { actor: RepairActor }) {
  const rows = useSelector(actor, selectCheckCounts);
  if (rows.length === 0) return null;
  return (
    <table className="viewer-table repair-counts" data-testid="repair-check-counts">
      <caption>Issues per check</caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col" className="repair-counts__number">
            Before
          </th>
          <th scope="col" className="repair-counts__number">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.check}>
            <th scope="row">{row.title}</th>
            <td className="repair-counts__number">{numberFormat.format(row.before)}</td>
            <td className="repair-counts__number">
              {row.after === null ? '–' : numberFormat.format(row.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A category's rows start folded when there are more than this many (its checkbox still takes them all). */
const FOLDED_ROWS = 8;

function OperationCategory({ actor, group }: { actor: RepairActor; group: OperationGroup }) {
  const repair = useRepairEvents(actor);
  const focus = useSelector(actor, selectFocus);
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // 'Mixed' has no attribute in HTML: the DOM property draws it.
    if (boxRef.current) boxRef.current.indeterminate = group.state === 'some';
  }, [group.state]);
  const label = `${group.title} (${group.operation}, ${group.rows.length})`;
  const acceptedRows = group.rows.filter((row) => row.accepted).length;
  return (
    <fieldset className="viewer-checklist">
      <legend>
        <label className="form-check">
          <input
            ref={boxRef}
            type="checkbox"
            aria-label={label}
            checked={group.state === 'all'}
            onChange={(event) => repair.acceptCategory(group.operation, event.target.checked)}
          />
          <span aria-hidden="true">{label}</span>
        </label>
      </legend>
      <p className="form-hint repair-category__summary">
        {`${numberFormat.format(acceptedRows)} of ${numberFormat.format(group.rows.length)} accepted`}
        {group.state !== 'all' && (
          <button
            type="button"
            className="repair-category__action"
            onClick={() => repair.acceptCategory(group.operation, true)}
          >
            Accept all
          </button>
        )}
        {group.state !== 'none' && (
          <button
            type="button"
            className="repair-category__action"
            onClick={() => repair.acceptCategory(group.operation, false)}
          >
            Reject all
          </button>
        )}
      </p>
      <details className="repair-category__rows" open={group.rows.length <= FOLDED_ROWS}>
        <summary>
          {group.rows.length <= FOLDED_ROWS ? 'Operations' : `Show ${group.rows.length} operations`}
        </summary>
        <ul className="viewer-checklist__items">
          {group.rows.map(({ operation, accepted, skipped }) => (
            <li key={operation.id}>
              <label className="form-check">
                <input
                  type="checkbox"
                  data-testid="repair-operation"
                  data-operation-id={operation.id}
                  checked={accepted}
                  onChange={(event) => repair.acceptOperation(operation.id, event.target.checked)}
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
                onClick={() => repair.focusOperation(operation.id)}
              >
                Show
              </button>
            </li>
          ))}
        </ul>
      </details>
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
  const repair = useRepairEvents(actor);
  const canRetry = useSelector(actor, selectCanRetry);
  return (
    <div>
      {error}
      <div className="upload-panel__actions">
        {canRetry && (
          <button type="button" className="button button--primary" onClick={() => repair.retry()}>
            Try again
          </button>
        )}
        <button type="button" onClick={() => repair.cancel()}>
          Cancel
        </button>
      </div>
    </div>
  );
}
