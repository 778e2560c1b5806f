import { z } from 'zod';
import { baseFields } from './common';

/** Nodal spring stiffnesses in global axes: translational N/m, rotational N·m/rad. */
export const SpringPropertySchema = z.object({
  ...baseFields,
  type: z.literal('SpringProperty'),
  ux: z.number(),
  uy: z.number(),
  uz: z.number(),
  rx: z.number(),
  ry: z.number(),
  rz: z.number(),
});
export type SpringProperty = z.infer<typeof SpringPropertySchema>;
