import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Member internal forces at one output station for one case or combination (spec section 3): P, V2, V3 in N;
 * T, M2, M3 in N·m; `station` is the distance from the i-end in mm. Sign convention as CSI (positive P = tension).
 * Stored column-wise for large models would be cheaper; rows keep the first version simple.
 */
export const MemberForceSchema = z.object({
  elementId: IdSchema,
  caseId: IdSchema,
  station: z.number(),
  /** Envelope step (Max/Min) or modal step number, when the source has one. */
  step: z.string().optional(),
  p: z.number(),
  v2: z.number(),
  v3: z.number(),
  t: z.number(),
  m2: z.number(),
  m3: z.number(),
});
export type MemberForce = z.infer<typeof MemberForceSchema>;

/**
 * A support's reaction at one joint for one case or combination: FX, FY, FZ in N and MX, MY, MZ in N·m, global
 * axes, as CSI reports them (the force the support exerts on the structure).
 */
export const JointReactionResultSchema = z.object({
  nodeId: IdSchema,
  caseId: IdSchema,
  step: z.string().optional(),
  fx: z.number(),
  fy: z.number(),
  fz: z.number(),
  mx: z.number(),
  my: z.number(),
  mz: z.number(),
});
export type JointReactionResult = z.infer<typeof JointReactionResultSchema>;

/** A joint's displacement for one case or combination: UX, UY, UZ in mm and RX, RY, RZ in rad, global axes. */
export const JointDisplacementResultSchema = z.object({
  nodeId: IdSchema,
  caseId: IdSchema,
  step: z.string().optional(),
  ux: z.number(),
  uy: z.number(),
  uz: z.number(),
  rx: z.number(),
  ry: z.number(),
  rz: z.number(),
});
export type JointDisplacementResult = z.infer<typeof JointDisplacementResultSchema>;

/** A version's analysis results as translations carry them; the joint tables are absent when the file had none. */
export const ResultsSchema = z.object({
  memberForces: z.array(MemberForceSchema),
  jointReactions: z.array(JointReactionResultSchema).optional(),
  jointDisplacements: z.array(JointDisplacementResultSchema).optional(),
});
export type Results = z.infer<typeof ResultsSchema>;
