import type { SceneData } from './sceneData';
import { SCENE_ELEMENT_TYPES } from './sceneData';

/**
 * A model's sketch: an isometric line drawing of its members and areas as SVG, what a model tile shows until
 * someone sets a view of their own as its thumbnail. Members are lines coloured by what they are (columns,
 * beams, braces), floors and walls light faces behind them. Pure: the server rasterises it.
 */

export interface SketchSize {
  width: number;
  height: number;
}

/** Drawn back to front within each layer; members over faces so the frame reads through the slabs. */
const FACE_STYLE: Readonly<Record<string, { fill: string; stroke: string }>> = {
  Floor: { fill: '#dfe6ee', stroke: '#a9b6c5' },
  Area: { fill: '#dfe6ee', stroke: '#a9b6c5' },
  Foundation: { fill: '#d6d3cc', stroke: '#9c978c' },
  Wall: { fill: '#cdd5df', stroke: '#97a4b4' },
};
const LINE_COLOUR: Readonly<Record<string, string>> = {
  Column: '#b4531f',
  Beam: '#2f62a8',
  Brace: '#2f7d4a',
  Cable: '#6b4fa3',
  Link: '#6b7280',
};
const BACKGROUND = '#f4f6f9';
/** Of the drawing's width and height, left blank around the model. */
const MARGIN = 0.08;
const COS30 = Math.cos(Math.PI / 6);
const MAX_DRAWN = 12_000;

/** Screen x and y (y down) of a point seen from above, 45° off both plan axes (the eye toward +x +y +z). */
function project(x: number, y: number, z: number): [number, number] {
  return [(x - y) * COS30, (x + y) * 0.5 - z];
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The sketch of a model's scene at `size` (pixels), or null when it has no element to draw. Elements in one
 * place (a single column) still get a drawing: the scale is fitted to the larger of the two extents.
 */
export function modelSketchSvg(
  scene: Pick<SceneData, 'nodes' | 'elements'>,
  size: SketchSize,
): string | null {
  const { nodes, elements } = scene;
  const count = elements.ids.length;
  const screen = new Float64Array((nodes.xyz.length / 3) * 2);
  for (let index = 0; index * 3 < nodes.xyz.length; index++) {
    const [sx, sy] = project(
      nodes.xyz[index * 3] as number,
      nodes.xyz[index * 3 + 1] as number,
      nodes.xyz[index * 3 + 2] as number,
    );
    screen[index * 2] = sx;
    screen[index * 2 + 1] = sy;
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const drawn: number[] = [];
  for (let element = 0; element < count; element++) {
    const from = elements.nodeOffsets[element] as number;
    const to = elements.nodeOffsets[element + 1] as number;
    if (to - from < 2) continue;
    const type = SCENE_ELEMENT_TYPES[elements.types[element] as number] ?? 'Component';
    if (type === 'Opening' || type === 'GeoElement') continue;
    drawn.push(element);
    for (let k = from; k < to; k++) {
      const node = elements.nodeIndices[k] as number;
      const sx = screen[node * 2] as number;
      const sy = screen[node * 2 + 1] as number;
      if (sx < minX) minX = sx;
      if (sx > maxX) maxX = sx;
      if (sy < minY) minY = sy;
      if (sy > maxY) maxY = sy;
    }
  }
  if (drawn.length === 0 || !Number.isFinite(minX)) return null;
  // A tile cannot show more than this many members apart; past it an even sample keeps the drawing's cost (and
  // the SVG reader's limits) bounded: 100k elements would take seconds to rasterise for the same blur.
  const sampled =
    drawn.length <= MAX_DRAWN
      ? drawn
      : drawn.filter((_, index) => index % Math.ceil(drawn.length / MAX_DRAWN) === 0);

  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((size.width * (1 - 2 * MARGIN)) / spanX, (size.height * (1 - 2 * MARGIN)) / spanY);
  const offsetX = (size.width - spanX * scale) / 2 - minX * scale;
  const offsetY = (size.height - spanY * scale) / 2 - minY * scale;
  const at = (node: number) =>
    `${round((screen[node * 2] as number) * scale + offsetX)} ${round((screen[node * 2 + 1] as number) * scale + offsetY)}`;
  // Depth along the view: larger x + y + z is nearer the eye, drawn later.
  const depth = (element: number) => {
    const from = elements.nodeOffsets[element] as number;
    const to = elements.nodeOffsets[element + 1] as number;
    let sum = 0;
    for (let k = from; k < to; k++) {
      const node = elements.nodeIndices[k] as number;
      sum +=
        (nodes.xyz[node * 3] as number) +
        (nodes.xyz[node * 3 + 1] as number) +
        (nodes.xyz[node * 3 + 2] as number);
    }
    return sum / (to - from);
  };

  const faces: string[] = [];
  const lines = new Map<string, string[]>();
  const byDepth = sampled
    .map((element) => ({ element, depth: depth(element) }))
    .sort((a, b) => a.depth - b.depth);
  // Thinner, fainter lines as the drawing fills up, so a tower stays a frame rather than a blot.
  const width = drawn.length > 2_000 ? 0.6 : drawn.length > 200 ? 0.9 : 1.4;
  const opacity = Math.min(1, Math.max(0.35, 2_500 / sampled.length));
  for (const { element } of byDepth) {
    const type = SCENE_ELEMENT_TYPES[elements.types[element] as number] ?? 'Component';
    const from = elements.nodeOffsets[element] as number;
    const to = elements.nodeOffsets[element + 1] as number;
    const points: string[] = [];
    for (let k = from; k < to; k++) points.push(at(elements.nodeIndices[k] as number));
    const face = to - from > 2 ? (FACE_STYLE[type] ?? FACE_STYLE['Area']) : undefined;
    if (face) {
      faces.push(
        `<path d="M${points.join('L')}Z" fill="${face.fill}" stroke="${face.stroke}" stroke-width="${width / 2}"/>`,
      );
      continue;
    }
    const colour = LINE_COLOUR[type] ?? '#4b5563';
    let list = lines.get(colour);
    if (!list) lines.set(colour, (list = []));
    list.push(`M${points.join('L')}`);
  }
  const paths = [...lines].map(
    ([colour, segments]) =>
      `<path d="${segments.join('')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity.toFixed(2)}" stroke-linecap="round"/>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">`,
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/>`,
    `<g fill-opacity="0.85">${faces.join('')}</g>`,
    ...paths,
    '</svg>',
  ].join('');
}
