import type { FrameProfile } from '../../schema';
import type { ReportBuilder } from '../report';
import { hasUnequalFlanges } from '../sections';
import type { StepRef, StepWriter } from './writeStep';
import { enumValue, typed } from './writeStep';

/** A written profile definition and its bounding box (mm), for cardinal points. */
export interface WrittenProfile {
  ref: StepRef;
  width: number;
  depth: number;
  /**
   * The section as the material profile set states it, when not the drawn profile: a general section is an
   * IFC4 IfcProfileDef of its name with its Pset_ProfileMechanical (area, inertias…), drawn as a square.
   */
  stated?: StepRef;
}

/** Canonical section properties → Pset_ProfileMechanical names (y is the strong axis, CSI 3; z is CSI 2). */
const MECHANICAL: [keyof NonNullable<FrameProfile['properties']>, string, string][] = [
  ['area', 'CrossSectionArea', 'IFCAREAMEASURE'],
  ['i33', 'MomentOfInertiaY', 'IFCMOMENTOFINERTIAMEASURE'],
  ['i22', 'MomentOfInertiaZ', 'IFCMOMENTOFINERTIAMEASURE'],
  ['j', 'TorsionalConstantX', 'IFCMOMENTOFINERTIAMEASURE'],
  ['as2', 'ShearAreaZ', 'IFCAREAMEASURE'],
  ['as3', 'ShearAreaY', 'IFCAREAMEASURE'],
];

/** A section by name (library) or by its properties (general): an IfcProfileDef of its name, and for a general
 * section its Pset_ProfileMechanical. */
function statedProfile(step: StepWriter, profile: FrameProfile, withProperties: boolean): StepRef {
  const ref = step.add('IFCPROFILEDEF', [enumValue('AREA'), profile.name]);
  // A catalogue section is its name: properties would make it read back as a general section.
  if (!withProperties) return ref;
  const values = MECHANICAL.flatMap(([field, name, measure]) => {
    const value = profile.properties?.[field];
    return value !== undefined && Number.isFinite(value)
      ? [step.add('IFCPROPERTYSINGLEVALUE', [name, null, typed(measure, value), null])]
      : [];
  });
  if (values.length > 0) step.add('IFCPROFILEPROPERTIES', ['Pset_ProfileMechanical', null, values, ref]);
  return ref;
}

/** Side of the square drawn for a section whose shape we do not know and whose area is not stated either. */
export const PLACEHOLDER_SIDE_MM = 100;

const positive = (...values: (number | undefined)[]): boolean =>
  values.every((value) => value !== undefined && Number.isFinite(value) && value > 0);

function closedPolyline(step: StepWriter, points: readonly [number, number][]): StepRef {
  const refs = points.map((point) => step.add('IFCCARTESIANPOINT', [[point[0], point[1]]]));
  const first = refs[0];
  return step.add('IFCPOLYLINE', [first ? [...refs, first] : refs]);
}

function rectangle(width: number, depth: number): [number, number][] {
  const x = width / 2;
  const y = depth / 2;
  return [
    [-x, -y],
    [x, -y],
    [x, y],
    [-x, y],
  ];
}

/**
 * The IFC profile definition of a frame section, centred on the member axis (profile x = width, y = depth, as
 * IFC4 parametric profiles are). Shapes IFC has a parametric profile for are written as that profile; a tube with
 * different flange and web walls, which IfcRectangleHollowProfileDef cannot say, is written exactly as an
 * outline with a void; a library or general section (no geometry in the model) is a square of its area (or
 * PLACEHOLDER_SIDE_MM) named as the section, with a warning, so the member is still drawn and named.
 */
export function writeProfile(
  step: StepWriter,
  profile: FrameProfile,
  report: ReportBuilder,
  position: StepRef,
): WrittenProfile {
  const name = profile.name;
  const area = enumValue('AREA');
  const section = profile.section;
  switch (section.shape) {
    case 'rectangle':
      if (positive(section.width, section.depth)) {
        return {
          ref: step.add('IFCRECTANGLEPROFILEDEF', [area, name, position, section.width, section.depth]),
          width: section.width,
          depth: section.depth,
        };
      }
      break;
    case 'circle':
      if (positive(section.diameter)) {
        return {
          ref: step.add('IFCCIRCLEPROFILEDEF', [area, name, position, section.diameter / 2]),
          width: section.diameter,
          depth: section.diameter,
        };
      }
      break;
    case 'pipe':
      if (positive(section.diameter, section.wallThickness) && 2 * section.wallThickness < section.diameter) {
        return {
          ref: step.add('IFCCIRCLEHOLLOWPROFILEDEF', [
            area,
            name,
            position,
            section.diameter / 2,
            section.wallThickness,
          ]),
          width: section.diameter,
          depth: section.diameter,
        };
      }
      break;
    case 'tube': {
      const { width, depth, flangeThickness, webThickness } = section;
      if (
        positive(width, depth, flangeThickness, webThickness) &&
        2 * webThickness < width &&
        2 * flangeThickness < depth
      ) {
        const ref =
          flangeThickness === webThickness
            ? step.add('IFCRECTANGLEHOLLOWPROFILEDEF', [
                area,
                name,
                position,
                width,
                depth,
                webThickness,
                null,
                null,
              ])
            : step.add('IFCARBITRARYPROFILEDEFWITHVOIDS', [
                area,
                name,
                closedPolyline(step, rectangle(width, depth)),
                [closedPolyline(step, rectangle(width - 2 * webThickness, depth - 2 * flangeThickness))],
              ]);
        return { ref, width, depth };
      }
      break;
    }
    case 'i': {
      const { depth, flangeWidth, flangeThickness, webThickness } = section;
      const bottomWidth = section.bottomFlangeWidth ?? flangeWidth;
      const bottomThickness = section.bottomFlangeThickness ?? flangeThickness;
      if (
        positive(depth, flangeWidth, flangeThickness, webThickness, bottomWidth, bottomThickness) &&
        webThickness < Math.min(flangeWidth, bottomWidth) &&
        flangeThickness + bottomThickness < depth
      ) {
        const symmetric = !hasUnequalFlanges(section);
        const ref = symmetric
          ? step.add('IFCISHAPEPROFILEDEF', [
              area,
              name,
              position,
              flangeWidth,
              depth,
              webThickness,
              flangeThickness,
              null,
              null,
              null,
            ])
          : step.add('IFCASYMMETRICISHAPEPROFILEDEF', [
              area,
              name,
              position,
              bottomWidth,
              depth,
              webThickness,
              bottomThickness,
              null,
              flangeWidth,
              flangeThickness,
              null,
              null,
              null,
              null,
              null,
            ]);
        return { ref, width: Math.max(flangeWidth, bottomWidth), depth };
      }
      break;
    }
    case 'library':
    case 'general':
      break;
  }
  const stated = profile.properties?.area;
  const side =
    stated !== undefined && Number.isFinite(stated) && stated > 0 ? Math.sqrt(stated) : PLACEHOLDER_SIDE_MM;
  const what =
    section.shape === 'library'
      ? `library section ${section.designation}`
      : section.shape === 'general'
        ? 'general section'
        : `${section.shape} section with impossible dimensions`;
  report.warning(
    'Profile',
    `The ${what} has no shape IFC can draw, so members using it are drawn as a ${side.toFixed(0)} mm square ` +
      `(${stated !== undefined ? 'of the same area' : 'a placeholder'}) named "${name}"; ` +
      'its material profile set states it as an IfcProfileDef of its name with its Pset_ProfileMechanical; ' +
      'give the section its dimensions to get its true shape.',
    { id: profile.id },
  );
  return {
    ref: step.add('IFCRECTANGLEPROFILEDEF', [area, name, position, side, side]),
    width: side,
    depth: side,
    ...(section.shape === 'general' || section.shape === 'library'
      ? { stated: statedProfile(step, profile, section.shape === 'general') }
      : {}),
  };
}
