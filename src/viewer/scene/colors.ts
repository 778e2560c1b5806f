import type { ElementType } from '../../engine/schema';
import { SCENE_ELEMENT_TYPES } from '../../engine/scene';
import type { HexColor, Theme, ValueColouring } from '../types';

/** Writes an sRGB '#rrggbb' as red, green, blue in 0…1 into `out` at `at`. */
export function writeHex(hex: HexColor, out: Float32Array | number[], at: number): void {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  out[at] = ((value >> 16) & 255) / 255;
  out[at + 1] = ((value >> 8) & 255) / 255;
  out[at + 2] = (value & 255) / 255;
}

export function hexToRgb(hex: HexColor): [number, number, number] {
  const rgb: [number, number, number] = [0, 0, 0];
  writeHex(hex, rgb, 0);
  return rgb;
}

/** Red, green, blue in 0…1 as '#rrggbb' (rounded to the nearest byte). */
export function rgbToHex(red: number, green: number, blue: number): HexColor {
  const byte = (value: number) =>
    Math.round(Math.min(1, Math.max(0, value)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(red)}${byte(green)}${byte(blue)}`;
}

const CATEGORY_OF_TYPE: Partial<Record<ElementType, keyof Theme['elements']>> = {
  Column: 'column',
  Beam: 'beam',
  Brace: 'brace',
  Cable: 'cable',
  Floor: 'floor',
  Wall: 'wall',
  Area: 'area',
  Foundation: 'foundation',
};

/** The theme colour of each element type, indexed like SCENE_ELEMENT_TYPES. */
export function typeColors(theme: Theme): HexColor[] {
  return SCENE_ELEMENT_TYPES.map((type) => theme.elements[CATEGORY_OF_TYPE[type] ?? 'other']);
}

/** The element of each id (−1 for an id the scene does not have). */
export function resolveIds(ids: readonly string[], elementOf: ReadonlyMap<string, number>): Int32Array {
  const elements = new Int32Array(ids.length);
  for (let k = 0; k < ids.length; k++) elements[k] = elementOf.get(ids[k] as string) ?? -1;
  return elements;
}

/**
 * Red, green, blue per element (NaN for an element the colouring does not list) from a colouring by band whose
 * ids are resolved to `elements` (resolveIds): one palette lookup per listed element, so recolouring 100k
 * members by another case or component stays within a frame.
 */
export function colouringRgb(
  colouring: ValueColouring,
  elements: Int32Array,
  elementCount: number,
): Float32Array {
  const palette = new Float32Array(colouring.palette.length * 3);
  colouring.palette.forEach((colour, band) => writeHex(colour, palette, band * 3));
  const rgb = new Float32Array(elementCount * 3).fill(Number.NaN);
  const { bands } = colouring;
  for (let k = 0; k < elements.length; k++) {
    const band = bands[k] as number;
    const element = elements[k] as number;
    if (element < 0 || band * 3 >= palette.length) continue;
    rgb[element * 3] = palette[band * 3] as number;
    rgb[element * 3 + 1] = palette[band * 3 + 1] as number;
    rgb[element * 3 + 2] = palette[band * 3 + 2] as number;
  }
  return rgb;
}
