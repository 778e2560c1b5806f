import { z } from 'zod';
import { baseFields, IdSchema } from './common';
import { RestraintSchema } from './restraint';

/**
 * A point of the analytical model, in mm. Tools with stories (ETABS) give nodes an id `label@story` and a
 * `levelId`; tools with absolute joints (SAP2000) use the joint name.
 */
export const NodeSchema = z.object({
  ...baseFields,
  type: z.literal('Node'),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  levelId: IdSchema.optional(),
  restraint: RestraintSchema.optional(),
  springPropertyId: IdSchema.optional(),
  diaphragmId: IdSchema.optional(),
});
export type Node = z.infer<typeof NodeSchema>;
