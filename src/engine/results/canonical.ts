/**
 * Stored results as the canonical model holds them (`model.results.memberForces`, schema/results.ts), so they
 * travel with a translation where the target holds them (the Gusset workbook, JSON) and the writers that cannot
 * hold them say so. One object per member-force row: an export is where a million rows become objects, by request.
 */
import type { ReportItem } from '../formats/report';
import type { MemberForce } from '../schema';
import { textAt, resultTable, type ResultSet } from './store';
import { TARGET_FIELD } from './targets';

const COMPONENTS = ['p', 'v2', 'v3', 't', 'm2', 'm3'] as const;

/**
 * The member forces of a stored set whose rows matched a member: element id, case, station (mm), step (`Max`,
 * `Min`, `Mode 3`) and the six components (N, N·m). A component the file did not have is written as 0 and a
 * report item says so; rows that matched no member are left out (the upload's report named them).
 */
export function memberForcesOf(set: ResultSet): { memberForces: MemberForce[]; items: ReportItem[] } {
  const table = resultTable(set, 'frameForces');
  const target = table?.text[TARGET_FIELD];
  if (!table || !target) return { memberForces: [], items: [] };
  const station = table.numbers.station;
  const stepNum = table.numbers.stepNum;
  const missing = COMPONENTS.filter((component) => table.numbers[component] === undefined);
  const memberForces: MemberForce[] = [];
  for (let row = 0; row < table.rowCount; row++) {
    const elementId = textAt(target, row);
    const caseId = textAt(table.text.case, row);
    if (elementId === undefined || caseId === undefined) continue;
    const stepType = textAt(table.text.stepType, row);
    const number = stepNum?.[row];
    const stepNumber = number === undefined || Number.isNaN(number) ? undefined : number;
    const step =
      stepType === undefined
        ? stepNumber === undefined
          ? undefined
          : String(stepNumber)
        : stepNumber === undefined
          ? stepType
          : `${stepType} ${stepNumber}`;
    const force: MemberForce = {
      elementId,
      caseId,
      station: station?.[row] ?? 0,
      ...(step === undefined ? {} : { step }),
      p: 0,
      v2: 0,
      v3: 0,
      t: 0,
      m2: 0,
      m3: 0,
    };
    for (const component of COMPONENTS) {
      const value = table.numbers[component]?.[row];
      if (value !== undefined && !Number.isNaN(value)) force[component] = value;
    }
    memberForces.push(force);
  }
  const items: ReportItem[] =
    missing.length === 0 || memberForces.length === 0
      ? []
      : [
          {
            severity: 'approximated',
            subject: table.sources.join(', '),
            reason: `the results file has no ${missing.map((component) => component.toUpperCase()).join(', ')}: written as 0`,
            concept: 'results',
          },
        ];
  return { memberForces, items };
}
