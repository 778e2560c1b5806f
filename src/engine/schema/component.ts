import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** An element the canonical model has no type for (a SAP solid, a tendon…): kept with its nodes and kind. */
export const ComponentSchema = z.object({
  ...baseFields,
  type: z.literal('Component'),
  kind: z.string(),
  nodeIds: z.array(IdSchema),
  profileId: IdSchema.optional(),
  materialId: IdSchema.optional(),
});
export type Component = z.infer<typeof ComponentSchema>;
