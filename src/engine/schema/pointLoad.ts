import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** Forces (N) and moments (N·m) on a node, in global axes unless `coordinateSystem` says otherwise. */
export const PointLoadSchema = z.object({
  ...baseFields,
  type: z.literal('PointLoad'),
  nodeId: IdSchema,
  patternId: IdSchema,
  coordinateSystem: z.string(),
  fx: z.number(),
  fy: z.number(),
  fz: z.number(),
  mx: z.number(),
  my: z.number(),
  mz: z.number(),
});
export type PointLoad = z.infer<typeof PointLoadSchema>;
