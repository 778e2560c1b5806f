import { z } from 'zod';
import { baseFields } from './common';
import { areaFields } from './frame';

/** A planar element that is neither floor nor wall (ETABS null/other areas, SAP shells). */
export const AreaSchema = z.object({
  ...baseFields,
  type: z.literal('Area'),
  ...areaFields,
});
export type Area = z.infer<typeof AreaSchema>;
