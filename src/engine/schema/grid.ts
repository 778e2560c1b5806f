import { z } from 'zod';
import { baseFields, Point2Schema } from './common';

/**
 * One grid line in plan, mm. `axis` lines are straight lines of constant X or Y at `coordinate`;
 * `general` lines run from `start` to `end` (ETABS GENGRID).
 */
export const GridSchema = z.object({
  ...baseFields,
  type: z.literal('Grid'),
  system: z.string(),
  label: z.string(),
  geometry: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('axis'), direction: z.enum(['X', 'Y']), coordinate: z.number() }),
    z.object({ kind: z.literal('general'), start: Point2Schema, end: Point2Schema }),
  ]),
});
export type Grid = z.infer<typeof GridSchema>;
