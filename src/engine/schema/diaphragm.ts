import { z } from 'zod';
import { baseFields } from './common';

/** A floor diaphragm constraint; nodes and areas join it through their `diaphragmId`. */
export const DiaphragmSchema = z.object({
  ...baseFields,
  type: z.literal('Diaphragm'),
  rigidity: z.enum(['rigid', 'semi-rigid']),
});
export type Diaphragm = z.infer<typeof DiaphragmSchema>;
