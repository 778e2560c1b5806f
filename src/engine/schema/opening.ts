import { z } from 'zod';
import { baseFields } from './common';
import { areaFields } from './frame';

/** A hole in a floor or wall (ETABS area assigned OPENING). */
export const OpeningSchema = z.object({
  ...baseFields,
  type: z.literal('Opening'),
  ...areaFields,
});
export type Opening = z.infer<typeof OpeningSchema>;
