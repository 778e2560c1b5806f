import { z } from 'zod';

/** A support condition: `true` fixes the degree of freedom in global axes. Embedded in Node. */
export const RestraintSchema = z.object({
  type: z.literal('Restraint'),
  ux: z.boolean(),
  uy: z.boolean(),
  uz: z.boolean(),
  rx: z.boolean(),
  ry: z.boolean(),
  rz: z.boolean(),
});
export type Restraint = z.infer<typeof RestraintSchema>;

export const DOF_NAMES = ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'] as const;
export type DofName = (typeof DOF_NAMES)[number];

export function isRestrained(restraint: Restraint | undefined): boolean {
  return restraint !== undefined && DOF_NAMES.some((dof) => restraint[dof]);
}
