import type { Model } from '../schema';
import type { ReportBuilder } from './report';

/**
 * Why a format without them loses modifiers, modal and spectrum parameters and functions, in one sentence each:
 * the report's reason and the capability note (docs/supported-elements.md, docs/translator-pairs.md) both use it.
 */
export const ANALYSIS_LOSS_REASONS = {
  modifier: (target: string) => `${target} has no place for stiffness modifiers`,
  case: (target: string) =>
    `${target} keeps no modal or response spectrum parameters (modes, spectra, scale factors)`,
  function: (target: string) => `spectrum and history functions are not written to ${target}`,
  constraint: (target: string) => `${target} has no body, equal or weld joint constraints`,
  results: (target: string) =>
    `analysis results (member forces, joint reactions and displacements) are not written to ${target}`,
} as const;

/**
 * Reports, once per kind, the analysis data a writer has no counterpart for: section and member modifiers, modal
 * and response spectrum case parameters, functions (issue #20) and analysis results (issue #25). `target` names
 * the format in the reason.
 */
export function reportAnalysisLoss(report: ReportBuilder, model: Model, target: string): void {
  const modified = [
    ...model.profiles.filter((profile) => profile.modifiers !== undefined).map((profile) => profile.id),
    ...model.elements
      .filter((element) => 'modifiers' in element && element.modifiers !== undefined)
      .map((element) => element.id),
  ];
  if (modified.length > 0) {
    report.dropped(
      'Modifiers',
      `${modified.length} sections and members carry stiffness modifiers: ${ANALYSIS_LOSS_REASONS.modifier(target)}`,
      { ids: modified, concept: 'modifier' },
    );
  }
  const cases = model.loadCases
    .filter((loadCase) => loadCase.modal !== undefined || loadCase.responseSpectrum !== undefined)
    .map((loadCase) => loadCase.id);
  if (cases.length > 0) {
    report.dropped(
      'LoadCase',
      `${cases.length} modal and response spectrum cases: ${ANALYSIS_LOSS_REASONS.case(target)}`,
      { ids: cases, concept: 'case' },
    );
  }
  reportConstraintLoss(report, model, target);
  const functions = (model.functions ?? []).map((fn) => fn.id);
  if (functions.length > 0) {
    report.dropped('Function', `${functions.length} functions: ${ANALYSIS_LOSS_REASONS.function(target)}`, {
      ids: functions,
      concept: 'function',
    });
  }
  if (model.results !== undefined) {
    report.dropped('Results', ANALYSIS_LOSS_REASONS.results(target), { concept: 'results' });
  }
}

/**
 * Reports joint constraints (SAP2000 body, equal, weld…) as dropped, once per kind with their ids: a format with
 * only diaphragms cannot tie joints, so the parts they joined come apart (concept 'diaphragm', the closest).
 */
export function reportConstraintLoss(report: ReportBuilder, model: Model, target: string): void {
  const byKind = new Map<string, string[]>();
  for (const constraint of model.constraints ?? []) {
    const ids = byKind.get(constraint.kind);
    if (ids) ids.push(constraint.id);
    else byKind.set(constraint.kind, [constraint.id]);
  }
  for (const [kind, ids] of byKind)
    report.dropped(
      'Constraint',
      `${ids.length} ${kind} constraints: ${ANALYSIS_LOSS_REASONS.constraint(target)}`,
      {
        ids,
        concept: 'diaphragm',
      },
    );
}
