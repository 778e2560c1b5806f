import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/**
 * A starting vector of a Ritz modal case: ground acceleration in a global direction (ETABS ACCEL "UX", SAP
 * "Accel UX"), all link nonlinearities (ETABS LINK "ALL", SAP "All Links") or a load pattern.
 */
export const RitzVectorSchema = z.object({
  kind: z.enum(['accel', 'link', 'pattern']),
  /** UX, UY, UZ, RX, RY, RZ for `accel`; the pattern id for `pattern`; empty for `link`. */
  name: z.string(),
  maxCycles: z.number().optional(),
  /** Target dynamic participation ratio, percent (SAP TargetPar). */
  targetParticipation: z.number().optional(),
});
export type RitzVector = z.infer<typeof RitzVectorSchema>;

/** Modal case parameters (ETABS "Modal - Eigen"/"Modal - Ritz", SAP LinModal with ModeType). */
export const ModalCaseSchema = z.object({
  method: z.enum(['eigen', 'ritz']),
  maxModes: z.number().optional(),
  minModes: z.number().optional(),
  /** Eigen frequency shift and cutoff, cycles/s (ETABS EIGENSHIFTFREQ/EIGENCUTOFF, SAP EigenShift/EigenCutoff). */
  shift: z.number().optional(),
  cutoff: z.number().optional(),
  tolerance: z.number().optional(),
  autoShift: z.boolean().optional(),
  startingVectors: z.array(RitzVectorSchema).optional(),
});
export type ModalCase = z.infer<typeof ModalCaseSchema>;

export const SPECTRUM_DIRECTIONS = ['U1', 'U2', 'U3'] as const;

/**
 * Response spectrum case parameters. `scale` turns the function's values into an acceleration in m/s² (a
 * spectrum in g is scaled by 9.80665): the tools state it in their length unit per s², 386.09 in/s² or
 * 9806.65 mm/s² for 1 g, and readers convert it.
 */
export const ResponseSpectrumCaseSchema = z.object({
  modalCaseId: IdSchema.optional(),
  loads: z.array(
    z.object({
      direction: z.enum(SPECTRUM_DIRECTIONS),
      functionId: IdSchema,
      scale: z.number(),
      /** Excitation angle, degrees (SAP Angle, ETABS ANG). */
      angle: z.number().optional(),
      coordinateSystem: z.string().optional(),
    }),
  ),
  /** Constant modal damping ratio (ETABS CONSTDAMP, SAP ConstDamp). */
  damping: z.number().optional(),
  /** CQC, SRSS, ABS, GMC… as the tools spell them. */
  modalCombination: z.string().optional(),
  /** SRSS, ABS, CQC3… */
  directionalCombination: z.string().optional(),
  /** Accidental eccentricity ratio (ETABS ECCENRATIOTYPICAL, SAP EccenRatio). */
  eccentricity: z.number().optional(),
});
export type ResponseSpectrumCase = z.infer<typeof ResponseSpectrumCaseSchema>;

/**
 * An analysis case: its tool type (Linear Static, Modal - Eigen…) and the patterns it applies, scaled; modal and
 * response spectrum cases carry their parameters (optional fields: older stored models hash as before).
 */
export const LoadCaseSchema = z.object({
  ...baseFields,
  type: z.literal('LoadCase'),
  caseType: z.string(),
  loads: z.array(z.object({ patternId: IdSchema, scale: z.number() })),
  modal: ModalCaseSchema.optional(),
  responseSpectrum: ResponseSpectrumCaseSchema.optional(),
});
export type LoadCase = z.infer<typeof LoadCaseSchema>;
