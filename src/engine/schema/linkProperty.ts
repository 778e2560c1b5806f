import { z } from 'zod';
import { baseFields } from './common';

/**
 * A link/support property: linear stiffness per local DOF (U1–U3 N/m, R1–R3 N·m/rad) for the DOFs it
 * declares active; nonlinear parameters stay in `attributes`.
 */
export const LinkPropertySchema = z.object({
  ...baseFields,
  type: z.literal('LinkProperty'),
  linkType: z.string(),
  stiffness: z.object({
    u1: z.number().optional(),
    u2: z.number().optional(),
    u3: z.number().optional(),
    r1: z.number().optional(),
    r2: z.number().optional(),
    r3: z.number().optional(),
  }),
});
export type LinkProperty = z.infer<typeof LinkPropertySchema>;
