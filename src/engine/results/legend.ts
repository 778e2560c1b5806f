/**
 * Members coloured by a result: a colour per value from a ramp the legend shows. A component whose values take
 * both signs (moments along a continuous beam) gets a diverging ramp centred on zero, blue negative and red
 * positive, so a sign is never read as a size; a component of one sign (axial force in a gravity column) gets a
 * sequential ramp from its smallest to its largest magnitude.
 */

export type Hex = `#${string}`;

/** Blue → pale → red: ColorBrewer's RdBu (9 classes), reversed so positive is red. */
const DIVERGING: readonly Hex[] = [
  '#2166ac',
  '#4393c3',
  '#92c5de',
  '#d1e5f0',
  '#f7f7f7',
  '#fddbc7',
  '#f4a582',
  '#d6604d',
  '#b2182b',
];
/** Pale yellow → dark red: ColorBrewer's YlOrRd (7 classes). */
const SEQUENTIAL: readonly Hex[] = [
  '#ffffb2',
  '#fed976',
  '#feb24c',
  '#fd8d3c',
  '#fc4e2a',
  '#e31a1c',
  '#b10026',
];

export interface LegendStop {
  /** The value at the start of the colour's band (canonical units). */
  readonly from: number;
  readonly to: number;
  readonly colour: Hex;
}

export interface ValueLegend {
  readonly kind: 'diverging' | 'sequential';
  readonly min: number;
  readonly max: number;
  readonly stops: readonly LegendStop[];
}

/** No band: the object has no finite value and takes no colour. */
export const NO_BAND = 255;

/**
 * Objects coloured by band: `bands[k]` indexes `palette` for `ids[k]` (NO_BAND: none). Bands rather than a colour
 * string per object, so recolouring 100k members is a table lookup each, not a string parsed each.
 */
export interface ValueColouring {
  readonly ids: readonly string[];
  readonly bands: Uint8Array;
  readonly palette: readonly Hex[];
}

export interface ValueColours {
  readonly colouring: ValueColouring;
  /** null when no value is finite. */
  readonly legend: ValueLegend | null;
}

/** The legend for these values: its range and bands. */
export function valueLegend(values: ArrayLike<number | null>): ValueLegend | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (min > max) return null;
  // Every value alike (one member, or a uniform result): one band, drawn as strong as the value is.
  if (min === max) {
    const colour = min === 0 ? (SEQUENTIAL[0] as Hex) : (SEQUENTIAL[SEQUENTIAL.length - 1] as Hex);
    return { kind: 'sequential', min, max, stops: [{ from: min, to: max, colour }] };
  }
  if (min < 0 && max > 0) {
    const reach = Math.max(-min, max);
    const band = (2 * reach) / DIVERGING.length;
    return {
      kind: 'diverging',
      min: -reach,
      max: reach,
      stops: DIVERGING.map((colour, index) => ({
        from: -reach + index * band,
        to: -reach + (index + 1) * band,
        colour,
      })),
    };
  }
  const span = max - min;
  const band = span / SEQUENTIAL.length;
  // A single-signed negative component (compression) darkens with its magnitude, as a positive one does.
  const ramp = max <= 0 ? [...SEQUENTIAL].reverse() : SEQUENTIAL;
  return {
    kind: 'sequential',
    min,
    max,
    stops: ramp.map((colour, index) => ({ from: min + index * band, to: min + (index + 1) * band, colour })),
  };
}

/** The band of one value in a legend (the ends are inclusive). */
export function bandOf(legend: ValueLegend, value: number): number {
  if (legend.max === legend.min) return 0;
  const position = (value - legend.min) / (legend.max - legend.min);
  return Math.min(legend.stops.length - 1, Math.max(0, Math.floor(position * legend.stops.length)));
}

/** The colour of one value in a legend's bands. */
export function colourOf(legend: ValueLegend, value: number): Hex {
  return (legend.stops[bandOf(legend, value)] as LegendStop).colour;
}

/** Each object's band for its value, the bands' colours, and the legend. */
export function valueColours(ids: readonly string[], values: ArrayLike<number | null>): ValueColours {
  const legend = valueLegend(values);
  const bands = new Uint8Array(ids.length).fill(NO_BAND);
  if (legend) {
    for (let index = 0; index < ids.length; index++) {
      const value = values[index];
      if (typeof value === 'number' && Number.isFinite(value)) bands[index] = bandOf(legend, value);
    }
  }
  return { colouring: { ids, bands, palette: legend?.stops.map((stop) => stop.colour) ?? [] }, legend };
}

/** One colour for each of these objects (a highlight). */
export function highlightColouring(ids: readonly string[], colour: Hex): ValueColouring {
  return { ids, bands: new Uint8Array(ids.length), palette: [colour] };
}
