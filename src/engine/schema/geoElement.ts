import { z } from 'zod';
import { baseFields, Point3Schema } from './common';

/** Non-structural geometry (reference lines, survey points, outlines), mm, carried for context only. */
export const GeoElementSchema = z.object({
  ...baseFields,
  type: z.literal('GeoElement'),
  points: z.array(Point3Schema),
  closed: z.boolean(),
});
export type GeoElement = z.infer<typeof GeoElementSchema>;
