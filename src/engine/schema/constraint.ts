import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/**
 * Joint constraints other than diaphragms (those are `Diaphragm` + `Node.diaphragmId`): SAP2000's BODY, EQUAL,
 * LOCAL, WELD, BEAM, PLATE, ROD and LINE constraints. The tool's own settings (constrained DOFs, axes, a weld's
 * tolerance) stay in `attributes` as read; `nodeIds` are the joints assigned to it, in source order.
 */
export const JOINT_CONSTRAINT_KINDS = [
  'body',
  'equal',
  'local',
  'weld',
  'beam',
  'plate',
  'rod',
  'line',
] as const;
export type JointConstraintKind = (typeof JOINT_CONSTRAINT_KINDS)[number];

export const JointConstraintSchema = z.object({
  ...baseFields,
  type: z.literal('Constraint'),
  kind: z.enum(JOINT_CONSTRAINT_KINDS),
  nodeIds: z.array(IdSchema),
  /** A weld's reach, mm: it ties only joints this close to each other. */
  tolerance: z.number().optional(),
});
export type JointConstraint = z.infer<typeof JointConstraintSchema>;
