import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/** A tension-only cable between two nodes. */
export const CableSchema = z.object({
  ...baseFields,
  type: z.literal('Cable'),
  startNodeId: IdSchema,
  endNodeId: IdSchema,
  profileId: IdSchema.optional(),
  materialId: IdSchema.optional(),
});
export type Cable = z.infer<typeof CableSchema>;
