import type { ElementType } from '../../engine/schema';
import { SCENE_ELEMENT_TYPES } from '../../engine/scene';
import type { HexColor, Theme } from '../types';

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
