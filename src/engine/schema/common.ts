import { z } from 'zod';

/**
 * Units of the canonical model, fixed for every translator so two models compare without conversion:
 * - lengths, coordinates, section dimensions, offsets: millimetres (mm); section areas mm², inertias mm⁴;
 * - forces: newtons (N);
 * - moments and torques: newton-metres (N·m), as spec section 3 states for T, M2 and M3;
 * - distributed line loads: N/m; area loads, stresses and moduli: Pa (N/m²); unit weight: N/m³;
 *   mass density: kg/m³;
 * - translational spring stiffness: N/m; rotational: N·m/rad;
 * - angles: degrees; temperatures: °C; thermal expansion: 1/°C.
 * Geometry is in mm because drawings and tolerances are; physical quantities are in SI so that results read
 * as the specification prints them.
 */
export const CANONICAL_UNITS = {
  length: 'mm',
  force: 'N',
  moment: 'N·m',
  lineLoad: 'N/m',
  pressure: 'Pa',
  unitWeight: 'N/m³',
  massDensity: 'kg/m³',
  angle: 'deg',
  temperature: 'C',
} as const;

/** The tools a model or object can come from; `gusset` marks objects created by Gusset itself. */
export const SOURCE_TOOLS = [
  'etabs',
  'sap2000',
  'csibridge',
  'safe',
  'ram',
  'revit',
  'tekla',
  'excel',
  'ifc',
  'cis2',
  'gusset',
] as const;
export const SourceToolSchema = z.enum(SOURCE_TOOLS);
export type SourceTool = z.infer<typeof SourceToolSchema>;

export const SourceSchema = z.object({
  tool: SourceToolSchema,
  version: z.string().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

/** Any JSON value: what a translator keeps of a source field it could not map. */
export type AttributeValue =
  string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/** A JSON object of our own making or JSON.parse's: a plain prototype, or none. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isAttributeValue(value: unknown): value is AttributeValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isAttributeValue);
  return isPlainRecord(value) && Object.keys(value).every((key) => isAttributeValue(value[key]));
}

/**
 * Checked in place rather than rebuilt: zod's record rebuilds an object by assignment, which turns a `__proto__`
 * key (a source field's name, or JSON inside one) into the object's prototype and drops it.
 */
export const AttributeValueSchema: z.ZodType<AttributeValue> = z.custom<AttributeValue>(
  isAttributeValue,
  'must be a JSON value (string, finite number, boolean, null, list or object)',
);

/**
 * Source fields the translator could not map, by their source key, so a round trip loses nothing it need not
 * lose. Keys come from files, so build bags with `setAttribute` (never `bag[key] = …`): a key such as
 * `__proto__` must stay data.
 */
export const AttributesSchema: z.ZodType<Record<string, AttributeValue>> = z.custom<
  Record<string, AttributeValue>
>(
  (value) => isPlainRecord(value) && Object.keys(value).every((key) => isAttributeValue(value[key])),
  'must be an object of JSON values',
);
export type Attributes = z.infer<typeof AttributesSchema>;

/** Stable id from the source tool (ETABS `B12@L3` label@story, SAP frame name); unique within its collection. */
export const IdSchema = z.string().min(1);
export type Id = z.infer<typeof IdSchema>;

/** Fields every canonical object carries. */
export const baseFields = {
  id: IdSchema,
  source: SourceSchema,
  name: z.string(),
  attributes: AttributesSchema,
};

export const Point3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() });
export type Point3 = z.infer<typeof Point3Schema>;

export const Point2Schema = z.object({ x: z.number(), y: z.number() });
export type Point2 = z.infer<typeof Point2Schema>;

/** Sets an own, enumerable property even for keys like `__proto__`, which plain assignment would not. */
export function setAttribute(bag: Attributes, key: string, value: AttributeValue): void {
  Object.defineProperty(bag, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An empty attribute bag. */
export function emptyAttributes(): Attributes {
  return {};
}
