import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** An analysis case: its tool type (Linear Static, Modal - Eigen…) and the patterns it applies, scaled. */
export const LoadCaseSchema = z.object({
  ...baseFields,
  type: z.literal('LoadCase'),
  caseType: z.string(),
  loads: z.array(z.object({ patternId: IdSchema, scale: z.number() })),
});
export type LoadCase = z.infer<typeof LoadCaseSchema>;
