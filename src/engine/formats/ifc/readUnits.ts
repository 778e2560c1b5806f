import { SI_PREFIXES } from '../step/part21';
import type { ReportBuilder } from '../report';
import type { IfcFile, IfcLine } from './readStep';
import { enumValue, num, ref, refs } from './readStep';

/**
 * Factors from the file's units (its IfcUnitAssignment) to canonical units: lengths to mm, forces to N, moments
 * to N·m, line loads to N/m, pressures and moduli to Pa, stiffnesses to N/m and N·m/rad, density to kg/m³.
 * A quantity the file does not assign is derived from its length and force units (a file in kN and m has line
 * loads in kN/m), which is what the IFC schema's "project default units" imply; plain SI when neither is given.
 */
export interface IfcUnits {
  length: number;
  force: number;
  moment: number;
  linearForce: number;
  planarForce: number;
  pressure: number;
  modulus: number;
  massDensity: number;
  linearStiffness: number;
  rotationalStiffness: number;
  /** mm² and mm⁴ per file unit of area and of moment of inertia (section properties). */
  area: number;
  inertia: number;
  angle: number;
  /** The length and force unit names, for `model.sourceUnits`. */
  lengthName: string;
  forceName: string;
}

/** SI base and derived units in SI (m, N, Pa, kg…); GRAM is 1e-3 because kg is the SI mass unit. */
const SI_NAME: Record<string, number> = {
  METRE: 1,
  SQUARE_METRE: 1,
  CUBIC_METRE: 1,
  GRAM: 1e-3,
  SECOND: 1,
  NEWTON: 1,
  PASCAL: 1,
  RADIAN: 1,
  DEGREE_CELSIUS: 1,
  KELVIN: 1,
  JOULE: 1,
  WATT: 1,
  HERTZ: 1,
};

/** The unit types the reader converts; the rest (luminous intensity, currency…) are not looked at. */
const USED_UNITS = new Set([
  'LENGTHUNIT',
  'FORCEUNIT',
  'TORQUEUNIT',
  'LINEARFORCEUNIT',
  'PLANARFORCEUNIT',
  'PRESSUREUNIT',
  'MODULUSOFELASTICITYUNIT',
  'MASSDENSITYUNIT',
  'MASSUNIT',
  'LINEARSTIFFNESSUNIT',
  'ROTATIONALSTIFFNESSUNIT',
  'AREAUNIT',
  'MOMENTOFINERTIAUNIT',
  'PLANEANGLEUNIT',
]);

/** Guards unit graphs that refer to themselves (a damaged file): deeper than this is treated as unknown. */
const MAX_UNIT_DEPTH = 16;

/** SI value of one of `unit`, or undefined when the unit cannot be understood. */
export function unitFactor(file: IfcFile, unit: IfcLine | undefined, depth = 0): number | undefined {
  if (!unit || depth > MAX_UNIT_DEPTH) return undefined;
  const type = file.typeOf(unit);
  if (type === 'IFCSIUNIT') {
    const name = enumValue(unit['Name']) ?? '';
    const base = SI_NAME[name];
    if (base === undefined) return undefined;
    const prefix = enumValue(unit['Prefix']);
    const scale = prefix === undefined ? 1 : SI_PREFIXES[prefix];
    if (scale === undefined) return undefined;
    // A prefix scales the unit, not its square: MILLI SQUARE_METRE is (1e-3 m)², as IFC defines it.
    const power = name === 'SQUARE_METRE' ? 2 : name === 'CUBIC_METRE' ? 3 : 1;
    if (name === 'GRAM') return scale * 1e-3;
    return base * scale ** power;
  }
  if (type === 'IFCCONVERSIONBASEDUNIT' || type === 'IFCCONVERSIONBASEDUNITWITHOFFSET') {
    const measure = file.line(ref(unit['ConversionFactor']));
    if (!measure) return undefined;
    const value = num(measure['ValueComponent']);
    const inner = unitFactor(file, file.line(ref(measure['UnitComponent'])), depth + 1);
    return value === undefined || inner === undefined ? undefined : value * inner;
  }
  if (type === 'IFCDERIVEDUNIT') {
    let factor = 1;
    for (const elementId of refs(unit['Elements'])) {
      const element = file.line(elementId);
      if (!element) return undefined;
      const exponent = num(element['Exponent']);
      const inner = unitFactor(file, file.line(ref(element['Unit'])), depth + 1);
      if (exponent === undefined || inner === undefined) return undefined;
      factor *= inner ** exponent;
    }
    return factor;
  }
  return undefined;
}

function unitName(file: IfcFile, unit: IfcLine | undefined): string {
  if (!unit) return '';
  if (file.typeOf(unit) === 'IFCSIUNIT') {
    return `${enumValue(unit['Prefix']) ?? ''}${enumValue(unit['Name']) ?? ''}`;
  }
  const name = unit['Name'];
  return typeof (name as { value?: unknown } | null)?.value === 'string'
    ? String((name as { value: string }).value)
    : '';
}

/** Reads the project's unit assignment (the first IfcProject's, else any IfcUnitAssignment). */
export function readUnits(file: IfcFile, report: ReportBuilder): IfcUnits {
  const project = file.linesOf('IFCPROJECT')[0];
  const assignment =
    file.follow(project?.['UnitsInContext'], 'IFCUNITASSIGNMENT') ?? file.linesOf('IFCUNITASSIGNMENT')[0];
  const si = new Map<string, number>();
  let lengthName = '';
  let forceName = '';
  for (const unitId of refs(assignment?.['Units'])) {
    const unit = file.line(unitId);
    if (!unit) continue;
    const unitType = enumValue(unit['UnitType']);
    if (!unitType || !USED_UNITS.has(unitType)) continue;
    const factor = unitFactor(file, unit);
    if (factor === undefined || factor === 0) {
      report.warning('IfcUnitAssignment', `the ${unitType} could not be understood; SI is assumed for it`, {
        id: `#${unitId}`,
      });
      continue;
    }
    si.set(unitType, factor);
    if (unitType === 'LENGTHUNIT') lengthName = unitName(file, unit);
    if (unitType === 'FORCEUNIT') forceName = unitName(file, unit);
  }
  if (!assignment) {
    report.warning('IfcUnitAssignment', 'the file assigns no units; metres and newtons are assumed');
  }
  const metre = si.get('LENGTHUNIT') ?? 1;
  const newton = si.get('FORCEUNIT') ?? 1;
  const pick = (unitType: string, derived: number): number => si.get(unitType) ?? derived;
  return {
    length: metre * 1000,
    force: newton,
    moment: pick('TORQUEUNIT', newton * metre),
    linearForce: pick('LINEARFORCEUNIT', newton / metre),
    planarForce: pick('PLANARFORCEUNIT', newton / (metre * metre)),
    pressure: pick('PRESSUREUNIT', newton / (metre * metre)),
    modulus: pick('MODULUSOFELASTICITYUNIT', pick('PRESSUREUNIT', newton / (metre * metre))),
    massDensity: pick('MASSDENSITYUNIT', pick('MASSUNIT', 1) / metre ** 3),
    linearStiffness: pick('LINEARSTIFFNESSUNIT', newton / metre),
    rotationalStiffness: pick('ROTATIONALSTIFFNESSUNIT', newton * metre),
    area: pick('AREAUNIT', metre ** 2) * 1e6,
    inertia: pick('MOMENTOFINERTIAUNIT', metre ** 4) * 1e12,
    angle: (si.get('PLANEANGLEUNIT') ?? 1) * (180 / Math.PI),
    lengthName: lengthName || 'METRE',
    forceName: forceName || 'NEWTON',
  };
}
