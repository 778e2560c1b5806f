import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** A two-joint link, or a one-joint (grounded) link when `endNodeId` is absent. */
export const LinkSchema = z.object({
  ...baseFields,
  type: z.literal('Link'),
  startNodeId: IdSchema,
  endNodeId: IdSchema.optional(),
  linkPropertyId: IdSchema.optional(),
  levelId: IdSchema.optional(),
});
export type Link = z.infer<typeof LinkSchema>;
