import { z } from 'zod';

/**
 * Stiffness, mass and weight modifiers of a frame (ETABS AMOD…WMOD, SAP AMod…WMod): factors on the section's
 * properties. Only factors other than 1 are stated; a missing factor is 1, and a model states no `modifiers`
 * at all when every factor is 1, so files that spell out the defaults read the same as files that do not.
 *
 * Modifiers live where the tools keep them: on the section (`Profile.modifiers`, ETABS FRAMESECTION/SHELLPROP,
 * SAP FRAME/AREA SECTION PROPERTIES) and on the member (`modifiers` on frames and areas, ETABS LINEASSIGN/
 * AREAASSIGN, SAP FRAME PROPERTY MODIFIERS/AREA STIFFNESS MODIFIERS). Both ETABS and SAP2000 multiply the two,
 * so keeping both levels round-trips each exactly where folding them into one effective factor could not be
 * split again. `effectiveModifiers` gives the product.
 */
export const FrameModifiersSchema = z.object({
  area: z.number().optional(),
  as2: z.number().optional(),
  as3: z.number().optional(),
  torsion: z.number().optional(),
  i22: z.number().optional(),
  i33: z.number().optional(),
  mass: z.number().optional(),
  weight: z.number().optional(),
});
export type FrameModifiers = z.infer<typeof FrameModifiersSchema>;

/** Shell modifiers: membrane f11 f22 f12, bending m11 m22 m12, shear v13 v23, mass, weight (SAP f11Mod…). */
export const AreaModifiersSchema = z.object({
  f11: z.number().optional(),
  f22: z.number().optional(),
  f12: z.number().optional(),
  m11: z.number().optional(),
  m22: z.number().optional(),
  m12: z.number().optional(),
  v13: z.number().optional(),
  v23: z.number().optional(),
  mass: z.number().optional(),
  weight: z.number().optional(),
});
export type AreaModifiers = z.infer<typeof AreaModifiersSchema>;

export const FRAME_MODIFIER_KEYS = [
  'area',
  'as2',
  'as3',
  'torsion',
  'i22',
  'i33',
  'mass',
  'weight',
] as const satisfies readonly (keyof FrameModifiers)[];

export const AREA_MODIFIER_KEYS = [
  'f11',
  'f22',
  'f12',
  'm11',
  'm22',
  'm12',
  'v13',
  'v23',
  'mass',
  'weight',
] as const satisfies readonly (keyof AreaModifiers)[];

/**
 * The canonical form of a set of factors: only those other than 1, in key order, or undefined when none is.
 * Readers build modifiers with this so that "AMod=1 … WMod=1" and no modifiers at all are the same model.
 */
export function modifiersFrom<K extends string>(
  keys: readonly K[],
  value: (key: K) => number | undefined,
): Partial<Record<K, number>> | undefined {
  const out: Partial<Record<K, number>> = {};
  let any = false;
  for (const key of keys) {
    const factor = value(key);
    if (factor === undefined || factor === 1) continue;
    out[key] = factor;
    any = true;
  }
  return any ? out : undefined;
}

/** Section × member factors, what the analysis uses. */
export function effectiveModifiers<K extends string>(
  keys: readonly K[],
  section: Partial<Record<K, number>> | undefined,
  member: Partial<Record<K, number>> | undefined,
): Partial<Record<K, number>> | undefined {
  return modifiersFrom(keys, (key) => (section?.[key] ?? 1) * (member?.[key] ?? 1));
}
