import { z } from 'zod';
import { baseFields } from './common';
import { areaFields } from './frame';

/** A wall panel (ETABS PANEL). */
export const WallSchema = z.object({
  ...baseFields,
  type: z.literal('Wall'),
  ...areaFields,
});
export type Wall = z.infer<typeof WallSchema>;
