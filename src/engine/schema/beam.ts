import { z } from 'zod';
import { baseFields } from './common';
import { frameFields } from './frame';

/** A mainly horizontal frame member. */
export const BeamSchema = z.object({
  ...baseFields,
  type: z.literal('Beam'),
  ...frameFields,
});
export type Beam = z.infer<typeof BeamSchema>;
