import { z } from 'zod';
import { baseFields } from './common';
import { frameFields } from './frame';

/** An inclined frame member. */
export const BraceSchema = z.object({
  ...baseFields,
  type: z.literal('Brace'),
  ...frameFields,
});
export type Brace = z.infer<typeof BraceSchema>;
