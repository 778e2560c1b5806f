import { z } from 'zod';
import { baseFields } from './common';

export const MATERIAL_KINDS = [
  'steel',
  'concrete',
  'rebar',
  'tendon',
  'aluminum',
  'coldformed',
  'masonry',
  'other',
] as const;
export const MaterialKindSchema = z.enum(MATERIAL_KINDS);
export type MaterialKind = z.infer<typeof MaterialKindSchema>;

/** A material. Moduli and strengths in Pa, unit weight N/m³, mass density kg/m³, thermal coefficient 1/°C. */
export const MaterialSchema = z.object({
  ...baseFields,
  type: z.literal('Material'),
  kind: MaterialKindSchema,
  grade: z.string().optional(),
  elasticModulus: z.number().optional(),
  poissonRatio: z.number().optional(),
  shearModulus: z.number().optional(),
  thermalCoefficient: z.number().optional(),
  unitWeight: z.number().optional(),
  massDensity: z.number().optional(),
  fy: z.number().optional(),
  fu: z.number().optional(),
  fc: z.number().optional(),
});
export type Material = z.infer<typeof MaterialSchema>;
