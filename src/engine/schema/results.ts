import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Member internal forces at one output station for one case or combination (spec section 3): P, V2, V3 in N;
 * T, M2, M3 in N·m; `station` is the distance from the i-end in mm. Sign convention as CSI (positive P = tension).
 * Stored column-wise for large models would be cheaper; rows keep the first version simple.
 */
export const MemberForceSchema = z.object({
  elementId: IdSchema,
  caseId: IdSchema,
  station: z.number(),
  /** Envelope step (Max/Min) or modal step number, when the source has one. */
  step: z.string().optional(),
  p: z.number(),
  v2: z.number(),
  v3: z.number(),
  t: z.number(),
  m2: z.number(),
  m3: z.number(),
});
export type MemberForce = z.infer<typeof MemberForceSchema>;

export const ResultsSchema = z.object({
  memberForces: z.array(MemberForceSchema),
});
export type Results = z.infer<typeof ResultsSchema>;
