/**
 * Section rules more than one translator needs: when an I section really has unequal flanges, and the one
 * thickness a shell section can stand for when the source describes a composite deck.
 */
import type { Attributes, Model, SectionShape, ShellProfile } from '../schema';
import { LENGTH_UNITS, parseLengthUnit, UnknownUnitError } from '../units';

/**
 * Flanges that differ by less than this (mm) are equal: SAP2000 states t2b/tfb for every I section, and a unit
 * conversion (ft → mm and back) leaves noise far below it, while rolled and built-up sections that really differ
 * do so by millimetres.
 */
export const FLANGE_TOLERANCE_MM = 0.01;

type ISection = Extract<SectionShape, { shape: 'i' }>;

/** True when the bottom flange (where stated) differs from the top one by more than {@link FLANGE_TOLERANCE_MM}. */
export function hasUnequalFlanges(section: ISection, toleranceMm = FLANGE_TOLERANCE_MM): boolean {
  const differs = (bottom: number | undefined, top: number): boolean =>
    bottom !== undefined && Math.abs(bottom - top) > toleranceMm;
  return (
    differs(section.bottomFlangeWidth, section.flangeWidth) ||
    differs(section.bottomFlangeThickness, section.flangeThickness)
  );
}

/** How an equivalent deck thickness was found, for the report. */
export interface DeckThickness {
  /** mm. */
  thickness: number;
  /** How it was derived, in an engineer's words. */
  how: string;
}

/**
 * The thickness a shell section gets for an ETABS deck property (`PROPTYPE "Deck"`), which states the deck's
 * geometry instead of a thickness: 20+ `DECKTYPE`, `DECKSLABDEPTH` (concrete above the ribs), `DECKRIBDEPTH`,
 * `DECKRIBWIDTHTOP`, `DECKRIBWIDTHBOTTOM`, `DECKRIBSPACING`; 9.x `DECKTYPE`, `SLABDEPTH`, `RIBDEPTH`, `RIBWIDTH`,
 * `RIBSPACING`. A filled deck becomes the concrete above the ribs plus the ribs' concrete spread over the rib
 * spacing (hr × mean rib width / spacing): the same concrete per square metre, so the self weight an analysis
 * program computes from it matches ETABS'. A solid slab is its slab depth; an unfilled deck has no concrete and
 * no equivalent (undefined). Values are in the model's source length unit (ETABS keeps them as file numbers).
 */
export function deckEquivalentThickness(profile: ShellProfile, model: Model): DeckThickness | undefined {
  if (profile.use !== 'deck' || profile.source.tool !== 'etabs') return undefined;
  const attributes = profile.attributes;
  let factor: number = LENGTH_UNITS.M;
  try {
    if (model.sourceUnits) factor = LENGTH_UNITS[parseLengthUnit(model.sourceUnits.length)];
  } catch (error) {
    if (!(error instanceof UnknownUnitError)) throw error;
  }
  const length = (...keys: string[]): number | undefined => {
    for (const key of keys) {
      const value = numberAttribute(attributes, key);
      if (value !== undefined) return value * factor;
    }
    return undefined;
  };
  const type = stringAttribute(attributes, 'DECKTYPE')?.toUpperCase().replace(/\s+/g, '') ?? 'FILLED';
  if (type === 'UNFILLED') return undefined;
  const slab = length('DECKSLABDEPTH', 'SLABDEPTH');
  if (slab === undefined || slab <= 0) return undefined;
  if (type === 'SOLIDSLAB' || type === 'SOLID') return { thickness: slab, how: 'the solid slab depth' };
  const ribDepth = length('DECKRIBDEPTH', 'RIBDEPTH');
  const spacing = length('DECKRIBSPACING', 'RIBSPACING');
  const top = length('DECKRIBWIDTHTOP');
  const bottom = length('DECKRIBWIDTHBOTTOM');
  const width = top !== undefined && bottom !== undefined ? (top + bottom) / 2 : length('RIBWIDTH');
  if (ribDepth === undefined || spacing === undefined || width === undefined || spacing <= 0) {
    return { thickness: slab, how: 'the concrete above the ribs (the rib geometry is incomplete)' };
  }
  return {
    thickness: slab + (ribDepth * Math.min(width, spacing)) / spacing,
    how: 'the concrete above the ribs plus the rib concrete spread over the rib spacing (equal concrete volume)',
  };
}

function numberAttribute(attributes: Attributes, key: string): number | undefined {
  const value = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function stringAttribute(attributes: Attributes, key: string): string | undefined {
  const value = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}
