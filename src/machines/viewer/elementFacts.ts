import type { DisplayUnit } from '../../engine/schema';
import { END_RELEASE_NAMES, type EndReleaseName } from '../../engine/schema/releases';
import { mmToDisplay } from '../../engine/units';
import type { CanonicalObject } from './types';

/**
 * What an engineer reads off an element besides its names (issue #23): the section's dimensions, a slab's or
 * wall's thickness, the material's kind and strength, the end releases. Sections read in mm on a metric model
 * and in inches on an imperial one, whatever the display unit of lengths; strengths in MPa or ksi.
 */
export interface FactRow {
  label: string;
  value: string;
}

const PA_PER_KSI = 6_894_757.29;

function imperial(units: DisplayUnit): boolean {
  return units === 'ft' || units === 'in';
}

/** A section dimension (canonical mm) in the section unit of the model's unit system. */
function dimension(valueMm: unknown, units: DisplayUnit): string | null {
  if (typeof valueMm !== 'number' || !Number.isFinite(valueMm)) return null;
  const unit = imperial(units) ? 'in' : 'mm';
  const value = mmToDisplay(valueMm, unit);
  const digits = unit === 'in' ? 3 : 1;
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
  return `${text} ${unit}`;
}

function dimensions(parts: ReadonlyArray<[string, unknown]>, units: DisplayUnit): string | null {
  const texts = parts.flatMap(([name, value]) => {
    const text = dimension(value, units);
    return text === null ? [] : [`${name} ${text}`];
  });
  return texts.length === parts.length ? texts.join(', ') : null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/** Each parametric shape's name and its dimensions as read: label, then the canonical field (mm). */
const SECTION_DIMENSIONS: Record<string, { name: string; fields: ReadonlyArray<[string, string]> }> = {
  rectangle: {
    name: 'Rectangle',
    fields: [
      ['depth', 'depth'],
      ['width', 'width'],
    ],
  },
  circle: { name: 'Circle', fields: [['diameter', 'diameter']] },
  i: {
    name: 'I',
    fields: [
      ['depth', 'depth'],
      ['flange', 'flangeWidth'],
      ['tf', 'flangeThickness'],
      ['tw', 'webThickness'],
    ],
  },
  pipe: {
    name: 'Pipe',
    fields: [
      ['diameter', 'diameter'],
      ['wall', 'wallThickness'],
    ],
  },
  tube: {
    name: 'Tube',
    fields: [
      ['depth', 'depth'],
      ['width', 'width'],
      ['tf', 'flangeThickness'],
      ['tw', 'webThickness'],
    ],
  },
};

/** The section of a frame profile, or the thickness of a shell property. */
export function profileFacts(profile: CanonicalObject | null, units: DisplayUnit): FactRow[] {
  if (!profile) return [];
  if (profile.kind === 'shell') {
    const thickness = dimension(profile.thickness, units);
    return thickness === null ? [] : [{ label: 'Thickness', value: thickness }];
  }
  const section = record(profile.section);
  if (!section) return [];
  let value: string | null = null;
  const shape = typeof section.shape === 'string' ? section.shape : '';
  const parametric = SECTION_DIMENSIONS[shape];
  if (parametric) {
    value = dimensions(
      parametric.fields.map(([label, field], index) => [
        index === 0 ? `${parametric.name}: ${label}` : label,
        section[field],
      ]),
      units,
    );
  } else if (shape === 'library' && typeof section.designation === 'string') {
    value =
      typeof section.library === 'string' && section.library !== ''
        ? `${section.designation} (${section.library})`
        : section.designation;
  } else if (shape === 'general') {
    value = 'General (properties only)';
  }
  return value === null ? [] : [{ label: 'Section', value }];
}

/** The material's kind, grade and strengths, in MPa on a metric model and ksi on an imperial one. */
export function materialFacts(material: CanonicalObject | null, units: DisplayUnit): FactRow[] {
  if (!material) return [];
  const parts: string[] = [];
  if (typeof material.kind === 'string') parts.push(material.kind);
  if (typeof material.grade === 'string' && material.grade !== '') parts.push(material.grade);
  const strength = (label: string, pa: unknown) => {
    if (typeof pa !== 'number' || !Number.isFinite(pa) || pa <= 0) return;
    const value = imperial(units) ? pa / PA_PER_KSI : pa / 1e6;
    const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
    parts.push(`${label} ${text} ${imperial(units) ? 'ksi' : 'MPa'}`);
  };
  strength('fy', material.fy);
  strength("f'c", material.fc);
  return parts.length === 0 ? [] : [{ label: 'Material kind', value: parts.join(', ') }];
}

const RELEASE_LABELS: Record<EndReleaseName, string> = {
  p: 'P',
  v2: 'V2',
  v3: 'V3',
  t: 'T',
  m2: 'M2',
  m3: 'M3',
};

function endText(end: unknown): string | null {
  const flags = record(end);
  if (!flags) return null;
  const released = END_RELEASE_NAMES.filter((name) => flags[name] === true).map(
    (name) => RELEASE_LABELS[name],
  );
  return released.length === 0 ? 'fixed' : released.join(' ');
}

/**
 * A frame member's end releases ('I end: M2 M3 · J end: fixed'); 'None (both ends fixed)' for a member with
 * none; nothing for an element that is not a frame member.
 */
export function releaseFacts(element: CanonicalObject): FactRow[] {
  if (!['Beam', 'Column', 'Brace'].includes(element.type ?? '')) return [];
  const releases = record(element.releases);
  const i = releases ? endText(releases.i) : 'fixed';
  const j = releases ? endText(releases.j) : 'fixed';
  if (i === null || j === null) return [];
  const value = i === 'fixed' && j === 'fixed' ? 'None (both ends fixed)' : `I end: ${i} · J end: ${j}`;
  return [{ label: 'Releases', value }];
}
