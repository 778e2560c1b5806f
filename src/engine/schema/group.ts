import { z } from 'zod';
import { baseFields, IdSchema } from './common';

export const GROUP_MEMBER_KINDS = ['node', 'element', 'load'] as const;

/** A named selection. Members point into the model's collections by id. */
export const GroupSchema = z.object({
  ...baseFields,
  type: z.literal('Group'),
  members: z.array(z.object({ kind: z.enum(GROUP_MEMBER_KINDS), id: IdSchema })),
});
export type Group = z.infer<typeof GroupSchema>;
