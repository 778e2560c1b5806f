/**
 * Stored results as the canonical model holds them (`model.results`, schema/results.ts: member forces, joint
 * reactions and joint displacements), so they travel with a translation where the target holds them (the Gusset
 * workbook, JSON) and the writers that cannot hold them say so. One object per row: an export is where a million
 * rows become objects, by request. The other tables (base reactions, modal, story drifts and forces) stay with the
 * version in Gusset: `resultsOf` names them in a report item.
 */
import type { ReportItem } from '../formats/report';
import type { JointDisplacementResult, JointReactionResult, MemberForce, Results } from '../schema';
import { RESULT_TABLES, type ResultKind } from './catalogue';
import { textAt, resultTable, type ResultSet, type ResultTable } from './store';
import { TARGET_FIELD } from './targets';

const FORCE_COMPONENTS = ['p', 'v2', 'v3', 't', 'm2', 'm3'] as const;
const REACTION_COMPONENTS = ['fx', 'fy', 'fz', 'mx', 'my', 'mz'] as const;
const DISPLACEMENT_COMPONENTS = ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'] as const;
/** The kinds the canonical model carries. */
const CARRIED: readonly ResultKind[] = ['frameForces', 'jointReactions', 'jointDisplacements'];

/** A row's step as the canonical model words it: `Max`, `Mode 3`, `3`; undefined for a case of one step. */
function stepAt(table: ResultTable, row: number): string | undefined {
  const stepType = textAt(table.text.stepType, row);
  const number = table.numbers.stepNum?.[row];
  const stepNumber = number === undefined || Number.isNaN(number) ? undefined : number;
  if (stepType === undefined) return stepNumber === undefined ? undefined : String(stepNumber);
  return stepNumber === undefined ? stepType : `${stepType} ${stepNumber}`;
}

/**
 * The rows of one table whose label matched a model object, as objects: the object's id, case, step and the six
 * components (0 where the file has none, which a report item says). Rows that matched nothing are left out (the
 * upload's report named them).
 */
function rowsOf<C extends string, R>(
  table: ResultTable | undefined,
  components: readonly C[],
  make: (id: string, caseId: string, row: number, step: string | undefined, values: Record<C, number>) => R,
): { rows: R[]; items: ReportItem[] } {
  const target = table?.text[TARGET_FIELD];
  if (!table || !target) return { rows: [], items: [] };
  const missing = components.filter((component) => table.numbers[component] === undefined);
  const rows: R[] = [];
  for (let row = 0; row < table.rowCount; row++) {
    const id = textAt(target, row);
    const caseId = textAt(table.text.case, row);
    if (id === undefined || caseId === undefined) continue;
    const values = {} as Record<C, number>;
    for (const component of components) {
      const value = table.numbers[component]?.[row];
      values[component] = value === undefined || Number.isNaN(value) ? 0 : value;
    }
    rows.push(make(id, caseId, row, stepAt(table, row), values));
  }
  const items: ReportItem[] =
    missing.length === 0 || rows.length === 0
      ? []
      : [
          {
            severity: 'approximated',
            subject: table.sources.join(', '),
            reason: `the results file has no ${missing.map((component) => component.toUpperCase()).join(', ')}: written as 0`,
            concept: 'results',
          },
        ];
  return { rows, items };
}

/**
 * The member forces of a stored set whose rows matched a member: element id, case, station (mm), step (`Max`,
 * `Min`, `Mode 3`) and the six components (N, N·m). A component the file did not have is written as 0 and a
 * report item says so; rows that matched no member are left out (the upload's report named them).
 */
export function memberForcesOf(set: ResultSet): { memberForces: MemberForce[]; items: ReportItem[] } {
  const table = resultTable(set, 'frameForces');
  const station = table?.numbers.station;
  const { rows, items } = rowsOf(table, FORCE_COMPONENTS, (elementId, caseId, row, step, values) => ({
    elementId,
    caseId,
    station: station?.[row] ?? 0,
    ...(step === undefined ? {} : { step }),
    ...values,
  }));
  return { memberForces: rows, items };
}

/**
 * A stored set as the canonical model's results: member forces, and the reactions and displacements of the
 * joints that matched a node (N, N·m, mm, rad, global). The tables the model does not carry are named in a
 * report item, so an export says what stays behind.
 */
export function resultsOf(set: ResultSet): {
  results: Results;
  items: ReportItem[];
  /** What translations leave behind, in words (`story drifts`), for the export's certificate. */
  leftBehind: string[];
} {
  const forces = memberForcesOf(set);
  const reactions = rowsOf(
    resultTable(set, 'jointReactions'),
    REACTION_COMPONENTS,
    (nodeId, caseId, _row, step, values): JointReactionResult => ({
      nodeId,
      caseId,
      ...(step === undefined ? {} : { step }),
      ...values,
    }),
  );
  const displacements = rowsOf(
    resultTable(set, 'jointDisplacements'),
    DISPLACEMENT_COMPONENTS,
    (nodeId, caseId, _row, step, values): JointDisplacementResult => ({
      nodeId,
      caseId,
      ...(step === undefined ? {} : { step }),
      ...values,
    }),
  );
  const left = set.tables.filter((table) => !CARRIED.includes(table.kind) && table.rowCount > 0);
  const items: ReportItem[] = [...forces.items, ...reactions.items, ...displacements.items];
  const titles = left.map(
    (table) => RESULT_TABLES.find((spec) => spec.kind === table.kind)?.title ?? table.kind,
  );
  if (left.length > 0) {
    items.push({
      severity: 'dropped',
      subject: left.flatMap((table) => table.sources).join(', '),
      reason: `${titles.join(', ')} stay with the version in Gusset: translations carry member forces, joint reactions and joint displacements`,
      concept: 'results',
    });
  }
  return {
    results: {
      memberForces: forces.memberForces,
      ...(reactions.rows.length > 0 ? { jointReactions: reactions.rows } : {}),
      ...(displacements.rows.length > 0 ? { jointDisplacements: displacements.rows } : {}),
    },
    items,
    leftBehind: titles,
  };
}
