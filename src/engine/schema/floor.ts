import { z } from 'zod';
import { baseFields } from './common';
import { areaFields } from './frame';

/** A slab or deck panel. */
export const FloorSchema = z.object({
  ...baseFields,
  type: z.literal('Floor'),
  ...areaFields,
});
export type Floor = z.infer<typeof FloorSchema>;
