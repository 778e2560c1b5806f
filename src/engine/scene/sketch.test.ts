import { describe, expect, it } from 'vitest';
import type { SceneData } from './sceneData';
import { sceneTypeIndex } from './sceneData';
import { modelSketchSvg } from './sketch';

type Drawn = Pick<SceneData, 'nodes' | 'elements'>;
type Part = { type: Parameters<typeof sceneTypeIndex>[0]; nodes: number[] };

/** A scene of the given nodes (mm) and elements, the rest of its fields as toSceneData leaves them empty. */
function scene(points: [number, number, number][], parts: Part[]): Drawn {
  const nodeOffsets = [0];
  const nodeIndices: number[] = [];
  for (const part of parts) {
    nodeIndices.push(...part.nodes);
    nodeOffsets.push(nodeIndices.length);
  }
  return {
    nodes: { ids: points.map((_, i) => `N${i}`), xyz: points.flat(), restraints: points.map(() => 0) },
    elements: {
      ids: parts.map((_, i) => `E${i}`),
      names: parts.map((_, i) => `E${i}`),
      types: parts.map((part) => sceneTypeIndex(part.type)),
      profiles: parts.map(() => -1),
      materials: parts.map(() => -1),
      levels: parts.map(() => -1),
      angles: parts.map(() => 0),
      cardinalPoints: parts.map(() => 10),
      releases: parts.map(() => 0),
      nodeOffsets,
      nodeIndices,
    },
  };
}

const SIZE = { width: 480, height: 320 };

/** Every coordinate pair of the drawing's paths. */
function coordinates(svg: string): [number, number][] {
  const out: [number, number][] = [];
  for (const match of svg.matchAll(/ d="([^"]+)"/g)) {
    for (const pair of (match[1] ?? '').matchAll(/(-?[\d.]+) (-?[\d.]+)/g))
      out.push([Number(pair[1]), Number(pair[2])]);
  }
  return out;
}

/** A 6 m × 4 m bay, 3 m tall: four columns, a beam and the floor on them. */
const bay = scene(
  [
    [0, 0, 0],
    [6000, 0, 0],
    [6000, 4000, 0],
    [0, 4000, 0],
    [0, 0, 3000],
    [6000, 0, 3000],
    [6000, 4000, 3000],
    [0, 4000, 3000],
  ],
  [
    { type: 'Column', nodes: [0, 4] },
    { type: 'Column', nodes: [1, 5] },
    { type: 'Column', nodes: [2, 6] },
    { type: 'Column', nodes: [3, 7] },
    { type: 'Beam', nodes: [4, 5] },
    { type: 'Floor', nodes: [4, 5, 6, 7] },
  ],
);

describe('modelSketchSvg', () => {
  it('draws nothing for a model without elements', () => {
    expect(modelSketchSvg(scene([[0, 0, 0]], []), SIZE)).toBeNull();
  });

  it('fits the model inside the tile with a margin, at the size asked', () => {
    const svg = modelSketchSvg(bay, SIZE) as string;
    expect(svg).toContain('width="480" height="320"');
    const points = coordinates(svg);
    expect(points.length).toBeGreaterThan(0);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(SIZE.width * 0.08 - 0.1);
    expect(Math.max(...xs)).toBeLessThanOrEqual(SIZE.width * 0.92 + 0.1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(SIZE.height);
    // The larger extent touches its margins: the drawing is as large as the tile lets it be.
    const spanX = Math.max(...xs) - Math.min(...xs);
    const spanY = Math.max(...ys) - Math.min(...ys);
    expect(Math.max(spanX / (SIZE.width * 0.84), spanY / (SIZE.height * 0.84))).toBeCloseTo(1, 2);
  });

  it('draws columns and beams in their own colours over the floor, and a column stands up', () => {
    const svg = modelSketchSvg(bay, SIZE) as string;
    const floor = svg.indexOf('fill="#dfe6ee"');
    const columns = svg.indexOf('stroke="#b4531f"');
    const beams = svg.indexOf('stroke="#2f62a8"');
    expect(floor).toBeGreaterThan(0);
    expect(columns).toBeGreaterThan(floor);
    expect(beams).toBeGreaterThan(floor);
    // Column 0 (x 0, y 0) is one vertical stroke: its foot below its head on the screen.
    const column = /<path d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)[^"]*" fill="none" stroke="#b4531f"/.exec(
      svg,
    );
    expect(column).not.toBeNull();
    const [, x1, y1, x2, y2] = (column as RegExpExecArray).map(Number);
    expect(x1).toBeCloseTo(x2 as number, 5);
    expect(y1).toBeGreaterThan(y2 as number);
  });

  it('draws nearer faces after farther ones', () => {
    const two = scene(
      [
        [0, 0, 0],
        [1000, 0, 0],
        [1000, 1000, 0],
        [0, 0, 5000],
        [1000, 0, 5000],
        [1000, 1000, 5000],
      ],
      [
        { type: 'Floor', nodes: [3, 4, 5] },
        { type: 'Floor', nodes: [0, 1, 2] },
      ],
    );
    const svg = modelSketchSvg(two, SIZE) as string;
    const faces = [...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)L[^"]*Z"/g)].map((match) => Number(match[2]));
    // The lower floor (larger screen y) first, the upper one over it.
    expect(faces).toHaveLength(2);
    expect(faces[0]).toBeGreaterThan(faces[1] as number);
  });

  it('draws a single member in one place without dividing by zero', () => {
    const one = scene(
      [
        [0, 0, 0],
        [0, 0, 3000],
      ],
      [{ type: 'Column', nodes: [0, 1] }],
    );
    const svg = modelSketchSvg(one, SIZE) as string;
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(coordinates(svg)).toHaveLength(2);
  });
});
