import { normalizeNumber } from '../../canonical';
import type { Material } from '../../schema';

/** Standard gravity, m/s²: how ETABS relates weight per volume (N/m³) and mass per volume (kg/m³). */
export const STANDARD_GRAVITY = 9.80665;

/** G of an isotropic material, as ETABS derives it from E and U. */
export function isotropicShearModulus(elasticModulus: number, poissonRatio: number): number {
  return elasticModulus / (2 * (1 + poissonRatio));
}

/**
 * How the shear modulus of a material relates to the E and U a reader will get back (`elasticModulus`,
 * `poissonRatio` as written and parsed again):
 * - `derived`: G is E/(2(1+U)) to the precision a model hash sees, so an isotropic material need not state it;
 * - `noise`: G is E/(2(1+U)) but for float noise at the hash's last digit, so it is stated to survive exactly;
 * - `independent`: G is something else (or E or U is missing), so it must be stated.
 */
export function shearModulusRelation(
  shearModulus: number,
  elasticModulus: number | undefined,
  poissonRatio: number | undefined,
): 'derived' | 'noise' | 'independent' {
  if (elasticModulus === undefined || poissonRatio === undefined) return 'independent';
  const derived = isotropicShearModulus(elasticModulus, poissonRatio);
  if (normalizeNumber(derived) === normalizeNumber(shearModulus)) return 'derived';
  return Math.abs(derived - shearModulus) <= 1e-9 * Math.abs(shearModulus) ? 'noise' : 'independent';
}

/** Whether weight and mass per volume are related by standard gravity (within 0.1 %), as ETABS relates them. */
export function weightMatchesMass(material: Material): boolean {
  const { unitWeight, massDensity } = material;
  if (unitWeight === undefined || massDensity === undefined) return true;
  const expected = massDensity * STANDARD_GRAVITY;
  return Math.abs(unitWeight - expected) <= 1e-3 * Math.max(Math.abs(unitWeight), Math.abs(expected));
}
