import { z } from 'zod';
import { baseFields, IdSchema } from './common';
import { LoadDirectionSchema } from './linearLoad';

/** A uniform pressure (Pa) on an area element. */
export const AreaLoadSchema = z.object({
  ...baseFields,
  type: z.literal('AreaLoad'),
  elementId: IdSchema,
  patternId: IdSchema,
  direction: LoadDirectionSchema.optional(),
  value: z.number(),
});
export type AreaLoad = z.infer<typeof AreaLoadSchema>;
