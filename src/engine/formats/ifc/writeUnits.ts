import type { StepRef, StepWriter } from './writeStep';
import { DERIVED, enumValue, int } from './writeStep';

/**
 * The project's units: the canonical model's own (lengths mm; forces N; moments N·m; line loads N/m; pressures,
 * moduli and area loads Pa; springs N/m and N·m/rad; density kg/m³), so every number is written as the model holds
 * it, without conversion. Lengths are millimetres because geometry is; the physical quantities are SI on the metre,
 * which IFC expresses as derived units over a (not assigned) metre.
 */
export function writeUnits(step: StepWriter): StepRef {
  const si = (type: string, prefix: string | null, name: string): StepRef =>
    step.add('IFCSIUNIT', [
      DERIVED,
      enumValue(type),
      prefix === null ? null : enumValue(prefix),
      enumValue(name),
    ]);
  const millimetre = si('LENGTHUNIT', 'MILLI', 'METRE');
  const metre = si('LENGTHUNIT', null, 'METRE');
  const newton = si('FORCEUNIT', null, 'NEWTON');
  const radian = si('PLANEANGLEUNIT', null, 'RADIAN');
  const kilogram = si('MASSUNIT', 'KILO', 'GRAM');
  const pascal = si('PRESSUREUNIT', null, 'PASCAL');
  const celsius = si('THERMODYNAMICTEMPERATUREUNIT', null, 'DEGREE_CELSIUS');
  const derived = (type: string, elements: [StepRef, number][]): StepRef =>
    step.add('IFCDERIVEDUNIT', [
      elements.map(([unit, exponent]) => step.add('IFCDERIVEDUNITELEMENT', [unit, int(exponent)])),
      enumValue(type),
      null,
    ]);
  return step.add('IFCUNITASSIGNMENT', [
    [
      millimetre,
      newton,
      radian,
      kilogram,
      pascal,
      celsius,
      // Section properties (Pset_ProfileMechanical) in mm² and mm⁴, as the canonical model states them.
      si('AREAUNIT', 'MILLI', 'SQUARE_METRE'),
      derived('MOMENTOFINERTIAUNIT', [[millimetre, 4]]),
      derived('TORQUEUNIT', [
        [newton, 1],
        [metre, 1],
      ]),
      derived('LINEARFORCEUNIT', [
        [newton, 1],
        [metre, -1],
      ]),
      derived('LINEARMOMENTUNIT', [[newton, 1]]),
      derived('PLANARFORCEUNIT', [
        [newton, 1],
        [metre, -2],
      ]),
      derived('LINEARSTIFFNESSUNIT', [
        [newton, 1],
        [metre, -1],
      ]),
      derived('ROTATIONALSTIFFNESSUNIT', [
        [newton, 1],
        [metre, 1],
        [radian, -1],
      ]),
      derived('MODULUSOFELASTICITYUNIT', [
        [newton, 1],
        [metre, -2],
      ]),
      derived('SHEARMODULUSUNIT', [
        [newton, 1],
        [metre, -2],
      ]),
      derived('MASSDENSITYUNIT', [
        [kilogram, 1],
        [metre, -3],
      ]),
    ],
  ]);
}
