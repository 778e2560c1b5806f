import { z } from 'zod';
import { baseFields } from './common';

/** A storey: absolute elevation in mm; `height` is the distance down to the level below (0 for the base). */
export const LevelSchema = z.object({
  ...baseFields,
  type: z.literal('Level'),
  elevation: z.number(),
  height: z.number(),
  isMaster: z.boolean().optional(),
  similarTo: z.string().optional(),
});
export type Level = z.infer<typeof LevelSchema>;
