import { useId } from 'react';
import type { ResultChangeWire, ResultsTableSummaryWire } from '../../contract/http/results';
import { describeResultChange } from '../../engine/results/diff';
import { CSI_UNIT_SYSTEMS } from '../../engine/results/catalogue';
import { formatResult, resultUnitsOf, type ResultUnits } from '../../engine/results/display';
import type { Quantity } from '../../engine/results/quantities';
import { RESULTS_DIFF_THRESHOLD, type DeformedShapeShown } from '../../machines/results/resultsMachine';
import {
  selectHasNoResults,
  selectMemberForces,
  selectResultCase,
  selectResultComponent,
  selectResultDiagrams,
  selectResultLegend,
  selectResultsCompareWith,
  selectResultsDiff,
  selectResultsError,
  selectResultsFailed,
  selectResultsLoading,
  selectResultsSummary,
  selectResultsUploading,
  selectDriftCase,
  selectDrifts,
  selectStoryDriftTable,
  selectAnimateDeformed,
  selectDeformed,
  selectDeformedCase,
  selectJointDisplacementTable,
  selectShowDeformed,
  deformedStepLabel,
  selectFileUnits,
  deformedStepNote,
  deformedStepText,
} from '../../machines/results/selectors';
import {
  selectScene,
  selectSelectedId,
  selectVersionId,
  selectVersions,
} from '../../machines/viewer/selectors';
import { SidePanel } from '../viewer/SidePanel';
import { useViewerSelector } from '../viewer/ViewerContext';
import { useResultsEvents, useResultsSelector } from './ResultsContext';

/** How the components read in a list (CSI's names). */
const COMPONENT_LABELS: Record<string, string> = {
  p: 'P (axial)',
  v2: 'V2 (shear)',
  v3: 'V3 (shear)',
  t: 'T (torsion)',
  m2: 'M2 (moment)',
  m3: 'M3 (moment)',
};
const componentLabel = (component: string) => COMPONENT_LABELS[component] ?? component.toUpperCase();

/** The changes listed in the panel; the count says how many more there are. */
const CHANGES_SHOWN = 50;

/** Analysis results of the version shown (issue #25): upload, case and component, legend, comparison. */
export function ResultsPanel({ canUpload }: { canUpload: boolean }) {
  const loading = useResultsSelector(selectResultsLoading, false);
  const none = useResultsSelector(selectHasNoResults, false);
  const failed = useResultsSelector(selectResultsFailed, false);
  const uploading = useResultsSelector(selectResultsUploading, false);
  const summary = useResultsSelector(selectResultsSummary, null);
  const error = useResultsSelector(selectResultsError, null);
  const events = useResultsEvents();
  return (
    <SidePanel panel="results" className="viewer-panel results-panel">
      {loading && (
        <p className="page__note" role="status">
          Loading the results...
        </p>
      )}
      {failed && (
        <div role="alert">
          <p className="form__error">{error}</p>
          <button type="button" onClick={events.retry}>
            Retry
          </button>
        </div>
      )}
      {none && !uploading && <p className="page__note">This version has no analysis results yet.</p>}
      {uploading && (
        <p className="page__note" role="status">
          Reading the results and matching them to the model...
        </p>
      )}
      {error && !failed && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {summary && !uploading && <ResultsShown />}
      {canUpload && !loading && !uploading && (none || summary) && (
        <ResultsUpload replaces={summary !== null} onFile={events.upload} />
      )}
    </SidePanel>
  );
}

function ResultsUpload({ replaces, onFile }: { replaces: boolean; onFile: (file: File) => void }) {
  const id = useId();
  const unitsId = useId();
  const fileUnits = useResultsSelector(selectFileUnits, null);
  const events = useResultsEvents();
  return (
    <div className="results-panel__upload">
      <div className="results-panel__choice">
        <label htmlFor={unitsId}>File units</label>
        <select
          id={unitsId}
          value={fileUnits ?? ''}
          onChange={(event) => events.chooseFileUnits(event.currentTarget.value || null)}
        >
          <option value="">As the file says</option>
          {CSI_UNIT_SYSTEMS.map((units) => (
            <option key={units} value={units}>
              {units}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={id}>{replaces ? 'Replace the results' : 'Upload results'}</label>
      <input
        id={id}
        type="file"
        accept=".txt,.s2k,.$2k,.e2k,.$et,.xlsx,.csv,.tsv"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
          event.currentTarget.value = '';
        }}
      />
      <p className="page__note">
        The tables SAP2000 or ETABS export (File &gt; Export, text, Excel or CSV): member forces, reactions,
        displacements, drifts. File units are for a file that does not say its own, such as a table saved
        through the API.
      </p>
    </div>
  );
}

function ResultsShown() {
  const summary = useResultsSelector(selectResultsSummary, null);
  const forces = useResultsSelector(selectMemberForces, undefined);
  const caseName = useResultsSelector(selectResultCase, null);
  const component = useResultsSelector(selectResultComponent, null);
  const scene = useViewerSelector(selectScene);
  const units = resultUnitsOf(scene?.units);
  const events = useResultsEvents();
  const caseId = useId();
  const componentId = useId();
  if (!summary) return null;
  const quantity = forces?.components.find((entry) => entry.component === component)?.quantity;
  return (
    <>
      <p className="results-panel__file">
        {summary.fileName}
        {summary.program ? ` · ${summary.program}` : ''}
      </p>
      <ul className="results-panel__tables">
        {summary.tables.map((table) => (
          <li key={table.kind}>{tableLine(table)}</li>
        ))}
      </ul>
      {summary.items.length > 0 && (
        <details className="results-panel__report">
          <summary>
            {summary.items.length} note{summary.items.length === 1 ? '' : 's'} on what was not read or matched
          </summary>
          <ul>
            {summary.items.map((item, index) => (
              <li key={index}>
                {item.subject}: {item.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {forces && caseName !== null && component !== null && (
        <div className="results-panel__choice">
          <label htmlFor={caseId}>Case</label>
          <select
            id={caseId}
            value={caseName}
            onChange={(event) => events.chooseCase(event.currentTarget.value)}
          >
            <CaseOptions cases={forces.cases} />
          </select>
          <label htmlFor={componentId}>Component</label>
          <select
            id={componentId}
            value={component}
            onChange={(event) => events.chooseComponent(event.currentTarget.value)}
          >
            {forces.components.map((entry) => (
              <option key={entry.component} value={entry.component}>
                {componentLabel(entry.component)}
              </option>
            ))}
          </select>
        </div>
      )}
      {quantity && <Legend quantity={quantity} units={units} />}
      {quantity && <SelectMemberNote />}
      <DeformedShape units={units} />
      <StoryDrifts />
      {forces && component !== null && quantity && (
        <ResultsComparison component={component} quantity={quantity} units={units} />
      )}
    </>
  );
}

/** What a table's rows name, singular and plural. */
const SUBJECTS = {
  member: ['member', 'members'],
  joint: ['joint', 'joints'],
  story: ['story', 'stories'],
} as const;

function tableLine(table: ResultsTableSummaryWire): string {
  const [one, many] =
    SUBJECTS[table.kind === 'frameForces' ? 'member' : table.kind.startsWith('joint') ? 'joint' : 'story'];
  const subject = (count: number) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    `${table.title}: ${table.rows.toLocaleString('en-US')} ${table.rows === 1 ? 'row' : 'rows'}`,
  ];
  if (table.matched > 0 || table.unmatched > 0) parts.push(`${subject(table.matched)} matched`);
  if (table.unmatched > 0) parts.push(`${table.unmatched} not in this version`);
  if (table.membersWithoutResults > 0) {
    const count = table.membersWithoutResults;
    parts.push(`${count} ${count === 1 ? 'member' : 'members'} of this version without forces`);
  }
  return parts.join(', ');
}

function Legend({ quantity, units }: { quantity: Quantity; units: ResultUnits }) {
  const legend = useResultsSelector(selectResultLegend, null);
  const compareWith = useResultsSelector(selectResultsCompareWith, null);
  if (!legend || compareWith !== null) return null;
  return (
    <figure className="results-legend" aria-label="Legend">
      <ol>
        {[...legend.stops].reverse().map((stop) => (
          <li key={stop.colour}>
            <span className="results-legend__swatch" style={{ background: stop.colour }} />
            {stop.from === stop.to
              ? formatResult(stop.from, quantity, units, 3)
              : `${formatResult(stop.from, quantity, units, 3)} to ${formatResult(stop.to, quantity, units, 3)}`}
          </li>
        ))}
      </ol>
      <figcaption className="page__note">Members without a value in this case are grey.</figcaption>
    </figure>
  );
}

function ResultsComparison({
  component,
  quantity,
  units,
}: {
  component: string;
  quantity: Quantity;
  units: ResultUnits;
}) {
  const versions = useViewerSelector(selectVersions);
  const versionId = useViewerSelector(selectVersionId);
  const compareWith = useResultsSelector(selectResultsCompareWith, null);
  const diff = useResultsSelector(selectResultsDiff, null);
  const events = useResultsEvents();
  const id = useId();
  const others = versions.filter((version) => version.ID !== versionId);
  if (others.length === 0) return null;
  return (
    <div className="results-panel__compare">
      <label htmlFor={id}>Compare results with</label>
      <select
        id={id}
        value={compareWith ?? ''}
        onChange={(event) => events.compareWith(event.currentTarget.value || null)}
      >
        <option value="">No comparison</option>
        {others.map((version) => (
          <option key={version.ID} value={version.ID}>
            Version {version.number}
          </option>
        ))}
      </select>
      {diff && compareWith !== null && (
        <ChangedMembers diff={diff.changes} component={component} quantity={quantity} units={units} />
      )}
    </div>
  );
}

function ChangedMembers({
  diff,
  component,
  quantity,
  units,
}: {
  diff: readonly ResultChangeWire[];
  component: string;
  quantity: Quantity;
  units: ResultUnits;
}) {
  const name = component.toUpperCase();
  if (diff.length === 0) {
    return (
      <p className="page__note" role="status">
        No member&apos;s {name} changed by more than {RESULTS_DIFF_THRESHOLD} %.
      </p>
    );
  }
  const members = new Set(diff.map((change) => change.member)).size;
  return (
    <>
      <p role="status">
        {members} member{members === 1 ? '' : 's'} changed {name} by more than {RESULTS_DIFF_THRESHOLD} %
        (highlighted)
      </p>
      <ul className="results-panel__changes" aria-label={`Members whose ${name} changed`}>
        {diff.slice(0, CHANGES_SHOWN).map((change) => (
          <li key={`${change.member} ${change.case}`}>
            {describeResultChange(change, component, (value) => formatResult(value, quantity, units))}
          </li>
        ))}
      </ul>
      {diff.length > CHANGES_SHOWN && (
        <p className="page__note">and {diff.length - CHANGES_SHOWN} more member and case pairs</p>
      )}
    </>
  );
}

/** Where a member's values are read, while diagrams are drawn and nothing is selected. */
function SelectMemberNote() {
  const diagrams = useResultsSelector(selectResultDiagrams, null);
  const selectedId = useViewerSelector(selectSelectedId);
  if (!diagrams || selectedId !== null) return null;
  return (
    <p className="page__note">
      Point at a member, or select it, to read its {diagrams.component.toUpperCase()} at its ends and
      extremes.
    </p>
  );
}

type OutputCase = ResultsTableSummaryWire['cases'][number];

/** A table's output cases as options, each with its type: `1.2D+1.6L (Combination)`. */
function CaseOptions({ cases }: { cases: readonly OutputCase[] }) {
  return cases.map((entry) => (
    <option key={entry.name} value={entry.name}>
      {entry.type ? `${entry.name} (${entry.type})` : entry.name}
    </option>
  ));
}

/** The Case of a section of its own (deformed shape, story drifts), named with its heading so it is told apart. */
function SectionCaseSelect({
  headingId,
  value,
  cases,
  onChoose,
}: {
  headingId: string;
  value: string;
  cases: readonly OutputCase[];
  onChoose: (name: string) => void;
}) {
  const id = useId();
  return (
    <div className="results-panel__choice">
      <label id={`${id}-label`} htmlFor={id}>
        Case
      </label>
      <select
        id={id}
        aria-labelledby={`${headingId} ${id}-label`}
        value={value}
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        <CaseOptions cases={cases} />
      </select>
    </div>
  );
}

/** Which step of the deformed case is drawn: a mode of a modal case (with its period), an envelope's Max or Min. */
function DeformedStepSelect({
  headingId,
  deformed,
  onChoose,
}: {
  headingId: string;
  deformed: DeformedShapeShown;
  onChoose: (name: string) => void;
}) {
  const id = useId();
  return (
    <div className="results-panel__choice">
      <label id={`${id}-label`} htmlFor={id}>
        {deformedStepLabel(deformed.steps)}
      </label>
      <select
        id={id}
        aria-labelledby={`${headingId} ${id}-label`}
        value={deformed.step ?? ''}
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        {deformed.steps.map((step) => (
          <option key={step.name} value={step.name}>
            {deformedStepText(step)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The deformed shape from the joint displacements: its own case, shown on request, swinging or still. */
function DeformedShape({ units }: { units: ResultUnits }) {
  const table = useResultsSelector(selectJointDisplacementTable, undefined);
  const deformedCase = useResultsSelector(selectDeformedCase, null);
  const show = useResultsSelector(selectShowDeformed, false);
  const animate = useResultsSelector(selectAnimateDeformed, true);
  const deformed = useResultsSelector(selectDeformed, null);
  const events = useResultsEvents();
  const showId = useId();
  const animateId = useId();
  const headingId = useId();
  if (!table || deformedCase === null) return null;
  const shownStep = deformed?.step
    ? (deformed.steps.find((step) => step.name === deformed.step) ?? { name: deformed.step })
    : undefined;
  return (
    <section className="results-deformed" aria-labelledby={headingId}>
      <h3 id={headingId}>Deformed shape</h3>
      <div className="results-deformed__toggles">
        <input
          id={showId}
          type="checkbox"
          checked={show}
          onChange={(event) => events.showDeformed(event.currentTarget.checked)}
        />
        <label htmlFor={showId}>Show the deformed shape</label>
        <input
          id={animateId}
          type="checkbox"
          checked={animate}
          disabled={!show}
          onChange={(event) => events.animateDeformed(event.currentTarget.checked)}
        />
        <label htmlFor={animateId}>Animate</label>
      </div>
      <SectionCaseSelect
        headingId={headingId}
        value={deformedCase}
        cases={table.cases}
        onChoose={events.chooseDeformedCase}
      />
      {deformed && deformed.steps.length > 1 && (
        <DeformedStepSelect headingId={headingId} deformed={deformed} onChoose={events.chooseDeformedStep} />
      )}
      {deformed && (
        <p className="page__note" role="status">
          {shownStep ? `${deformedStepNote(shownStep, deformed.case)} ` : ''}
          Largest displacement {formatResult(deformed.largest, 'length', units, 3)}, drawn enlarged to a
          twentieth of the model. Between joints each member bends with its end rotations (not at a released
          end); sag from loads along a member is not in joint results.
        </p>
      )}
    </section>
  );
}

/** Drift ratio as engineers quote it: 0.42 %. */
const driftText = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)} %`);

/** ETABS story drifts under a case: per story, top to bottom, its largest drift in X and in Y as bars. */
function StoryDrifts() {
  const table = useResultsSelector(selectStoryDriftTable, undefined);
  const driftCase = useResultsSelector(selectDriftCase, null);
  const drifts = useResultsSelector(selectDrifts, null);
  const scene = useViewerSelector(selectScene);
  const events = useResultsEvents();
  const headingId = useId();
  if (!table || driftCase === null) return null;
  const levels = scene?.levels ?? [];
  const elevationOf = (levelId: string) =>
    levels.find((level) => level.id === levelId)?.elevation ?? Number.NEGATIVE_INFINITY;
  const nameOf = (levelId: string) => levels.find((level) => level.id === levelId)?.name ?? levelId;
  const stories = [...(drifts?.stories ?? [])].sort((a, b) => elevationOf(b.id) - elevationOf(a.id));
  const largest = Math.max(
    1e-12,
    ...stories.flatMap((story) => [Math.abs(story.x ?? 0), Math.abs(story.y ?? 0)]),
  );
  const width = (value: number | null) => `${((Math.abs(value ?? 0) / largest) * 100).toFixed(1)}%`;
  return (
    <section className="results-drifts" aria-labelledby={headingId}>
      <h3 id={headingId}>Story drifts</h3>
      <SectionCaseSelect
        headingId={headingId}
        value={driftCase}
        cases={table.cases}
        onChoose={events.chooseDriftCase}
      />
      <ol className="results-drifts__stories">
        {stories.map((story) => (
          <li key={story.id}>
            <span className="results-drifts__story">{nameOf(story.id)}</span>
            <span className="results-drifts__bars" aria-hidden="true">
              <span
                className="results-drifts__bar results-drifts__bar--x"
                style={{ width: width(story.x) }}
              />
              <span
                className="results-drifts__bar results-drifts__bar--y"
                style={{ width: width(story.y) }}
              />
            </span>
            <span className="results-drifts__values">
              X {driftText(story.x)} · Y {driftText(story.y)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
