import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** A footing, pile cap or mat: one node (isolated) or a polygon of nodes. */
export const FoundationSchema = z.object({
  ...baseFields,
  type: z.literal('Foundation'),
  nodeIds: z.array(IdSchema).min(1),
  profileId: IdSchema.optional(),
  materialId: IdSchema.optional(),
  levelId: IdSchema.optional(),
});
export type Foundation = z.infer<typeof FoundationSchema>;
