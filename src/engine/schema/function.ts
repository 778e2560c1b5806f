import { z } from 'zod';
import { baseFields } from './common';

/**
 * A function an analysis case refers to (`Model.functions`): a response spectrum (period s → value, usually in
 * g; the case's scale factor turns it into an acceleration) or a time history (time s → value).
 * `definition: 'user'` functions carry their `points`; a code-defined spectrum (`definition` names the code as the
 * source spells it, e.g. SAP "TSC-2018", ETABS SPECTYPE) keeps its parameters in `attributes`, as only the tool
 * that defined it can evaluate them.
 */
export const AnalysisFunctionSchema = z.object({
  ...baseFields,
  type: z.literal('Function'),
  functionType: z.enum(['responseSpectrum', 'timeHistory']),
  definition: z.string(),
  /** Damping ratio the spectrum was built for (ETABS DAMPRATIO, SAP FuncDamp). */
  damping: z.number().optional(),
  points: z.array(z.object({ x: z.number(), y: z.number() })).optional(),
});
export type AnalysisFunction = z.infer<typeof AnalysisFunctionSchema>;
