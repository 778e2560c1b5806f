import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/**
 * A combination of cases, other combinations, or (ETABS 9.7.1, which has no cases) patterns.
 * `combinationType` keeps the tool's word (Linear Add, Envelope, ADD…).
 */
export const LoadCombinationSchema = z.object({
  ...baseFields,
  type: z.literal('LoadCombination'),
  combinationType: z.string(),
  items: z.array(
    z.object({ kind: z.enum(['case', 'combination', 'pattern']), id: IdSchema, scale: z.number() }),
  ),
});
export type LoadCombination = z.infer<typeof LoadCombinationSchema>;
