import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import type { Element, Level, Model, Node, Source } from '../../schema';
import { emptyModel, ModelSchema, noEndReleases } from '../../schema';
import { readE2k } from './read';
import { writeE2k } from './write';
import { propertyRuns } from '../../testing/propertyRuns';

const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 8 });
const SOURCE: Source = { tool: 'etabs', version: '20.2.0' };

/** Values an engineer types: whole millimetres and newtons, or a few decimals. */
const amount = fc.integer({ min: -50_000, max: 50_000 });
const positive = fc.integer({ min: 100, max: 9_000 });
const flag = fc.boolean();

/**
 * Random models in the shape an ETABS file can hold: stories with heights, plan points used on stories (ids
 * `label@story`), beams on a story, columns dropping 1–2 stories, restraints, releases, patterns, point loads.
 */
const modelArbitrary = fc
  .record({
    heights: fc.array(positive, { minLength: 1, maxLength: 4 }),
    points: fc.array(fc.record({ x: amount, y: amount, dz: fc.integer({ min: -500, max: 500 }) }), {
      minLength: 2,
      maxLength: 6,
    }),
    beams: fc.array(
      fc.record({
        story: fc.nat(),
        i: fc.nat(),
        j: fc.nat(),
        angle: fc.integer({ min: 0, max: 359 }),
        release: flag,
      }),
      { maxLength: 6 },
    ),
    columns: fc.array(fc.record({ story: fc.nat(), point: fc.nat(), drop: fc.integer({ min: 1, max: 2 }) }), {
      maxLength: 4,
    }),
    restraints: fc.array(fc.record({ point: fc.nat(), ux: flag, uz: flag, rz: flag }), { maxLength: 3 }),
    loads: fc.array(fc.record({ point: fc.nat(), fz: amount, my: amount }), { maxLength: 3 }),
    selfWeight: fc.integer({ min: 0, max: 1 }),
  })
  .map((spec): Model => {
    const model = emptyModel(SOURCE, 'mm');
    model.sourceUnits = { force: 'N', length: 'MM', temperature: 'C' };
    const storyCount = spec.heights.length + 1;
    const elevations: number[] = new Array<number>(storyCount).fill(0);
    for (let index = storyCount - 2; index >= 0; index--) {
      elevations[index] = (elevations[index + 1] as number) + (spec.heights[index] as number);
    }
    model.levels = elevations.map((elevation, index): Level => ({
      id: index === storyCount - 1 ? 'Base' : `S${storyCount - 1 - index}`,
      source: SOURCE,
      name: index === storyCount - 1 ? 'Base' : `S${storyCount - 1 - index}`,
      type: 'Level',
      elevation,
      height: index === storyCount - 1 ? 0 : (spec.heights[index] as number),
      attributes: {},
    }));
    const nodes = new Map<string, Node>();
    const node = (pointIndex: number, storyIndex: number): Node => {
      const point = spec.points[pointIndex % spec.points.length] as { x: number; y: number; dz: number };
      const level = model.levels[storyIndex] as Level;
      const label = `P${pointIndex % spec.points.length}`;
      const id = `${label}@${level.id}`;
      let existing = nodes.get(id);
      if (!existing) {
        existing = {
          id,
          source: SOURCE,
          name: label,
          type: 'Node',
          x: point.x,
          y: point.y,
          z: level.elevation - point.dz,
          levelId: level.id,
          attributes: {},
        };
        nodes.set(id, existing);
      }
      return existing;
    };
    const elements: Element[] = [];
    spec.beams.forEach((beam, index) => {
      const storyIndex = beam.story % (storyCount - 1);
      const start = node(beam.i, storyIndex);
      const end = node(beam.j === beam.i ? beam.j + 1 : beam.j, storyIndex);
      const level = model.levels[storyIndex] as Level;
      elements.push({
        id: `B${index}@${level.id}`,
        source: SOURCE,
        name: `B${index}`,
        type: 'Beam',
        startNodeId: start.id,
        endNodeId: end.id,
        levelId: level.id,
        orientationAngle: beam.angle,
        ...(beam.release
          ? {
              releases: {
                type: 'Releases',
                i: { ...noEndReleases(), m3: true },
                j: { ...noEndReleases(), m2: true, m3: true },
              },
            }
          : {}),
        attributes: {},
      });
    });
    spec.columns.forEach((column, index) => {
      const storyIndex = column.story % (storyCount - 1);
      const bottom = Math.min(storyIndex + column.drop, storyCount - 1);
      const level = model.levels[storyIndex] as Level;
      elements.push({
        id: `C${index}@${level.id}`,
        source: SOURCE,
        name: `C${index}`,
        type: 'Column',
        startNodeId: node(column.point, bottom).id,
        endNodeId: node(column.point, storyIndex).id,
        levelId: level.id,
        attributes: {},
      });
    });
    for (const restraint of spec.restraints) {
      const base = node(restraint.point, storyCount - 1);
      base.restraint = {
        type: 'Restraint',
        ux: restraint.ux,
        uy: false,
        uz: restraint.uz,
        rx: false,
        ry: false,
        rz: restraint.rz,
      };
    }
    model.loadPatterns = [
      {
        id: 'Dead',
        source: SOURCE,
        name: 'Dead',
        type: 'LoadPattern',
        patternType: 'Dead',
        selfWeightMultiplier: spec.selfWeight,
        attributes: {},
      },
    ];
    spec.loads.forEach((load, index) => {
      const target = node(load.point, 0);
      model.loads.push({
        id: `point:${target.id}:Dead${index === 0 ? '' : `#${index + 1}`}`,
        source: SOURCE,
        name: target.name,
        type: 'PointLoad',
        nodeId: target.id,
        patternId: 'Dead',
        coordinateSystem: 'global',
        fx: 0,
        fy: 0,
        fz: load.fz,
        mx: 0,
        my: load.my,
        mz: 0,
        attributes: {},
      });
    });
    // Point-load ids are numbered per node in file order, so renumber them the way the reader will.
    const seen = new Map<string, number>();
    for (const load of model.loads) {
      if (load.type !== 'PointLoad') continue;
      const key = `point:${load.nodeId}:${load.patternId}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      load.id = count === 1 ? key : `${key}#${count}`;
    }
    model.nodes = [...nodes.values()];
    model.elements = elements;
    return model;
  });

/** The file-level bag the reader adds (section layout) is not part of the generated model. */
function withoutFileLayout(model: Model): Model {
  return { ...model, attributes: {} };
}

describe('ETABS write → read on random models', () => {
  it('gives back a hash-equal model', () => {
    fc.assert(
      fc.property(modelArbitrary, (model) => {
        expect(() => ModelSchema.parse(model)).not.toThrow();
        const { bytes } = writeE2k(model);
        const { model: read } = readE2k(bytes);
        expect(hashModel(withoutFileLayout(read))).toBe(hashModel(model));
      }),
      { numRuns: RUNS },
    );
  });
});
