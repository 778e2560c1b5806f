import { z } from 'zod';
import { baseFields } from './common';

/**
 * A load pattern (ETABS LOADPATTERN, 9.7.1 STATIC LOADS; SAP LoadPat). `patternType` keeps the tool's word
 * (Dead, Live, Wind…) in its original spelling.
 */
export const LoadPatternSchema = z.object({
  ...baseFields,
  type: z.literal('LoadPattern'),
  patternType: z.string(),
  selfWeightMultiplier: z.number(),
});
export type LoadPattern = z.infer<typeof LoadPatternSchema>;
