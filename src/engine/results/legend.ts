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

export interface ValueColours {
  /** Per object id, its colour; objects without a value are not in the map. */
  readonly colours: ReadonlyMap<string, Hex>;
  /** null when no value is finite. */
  readonly legend: ValueLegend | null;
}

/** The legend for these values: its range and bands. */
export function valueLegend(values: ArrayLike<number>): ValueLegend | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    if (!Number.isFinite(value)) continue;
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

/** The colour of one value in a legend's bands (the ends are inclusive). */
export function colourOf(legend: ValueLegend, value: number): Hex {
  const { stops } = legend;
  // One value alone (a single member, or every member alike) is as strong as it gets, unless it is zero.
  if (legend.max === legend.min)
    return value === 0 ? (SEQUENTIAL[0] as Hex) : (SEQUENTIAL[SEQUENTIAL.length - 1] as Hex);
  const position = (value - legend.min) / (legend.max - legend.min);
  const index = Math.min(stops.length - 1, Math.max(0, Math.floor(position * stops.length)));
  return (stops[index] as LegendStop).colour;
}

/** Each object's colour for its value, and the legend. */
export function valueColours(ids: readonly string[], values: ArrayLike<number>): ValueColours {
  const legend = valueLegend(values);
  const colours = new Map<string, Hex>();
  if (legend) {
    ids.forEach((id, index) => {
      const value = values[index] as number;
      if (Number.isFinite(value)) colours.set(id, colourOf(legend, value));
    });
  }
  return { colours, legend };
}
