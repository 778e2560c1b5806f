import DxfParser, {
  type ICircleEntity,
  type IDxf,
  type IEntity,
  type ILineEntity,
  type ILwpolylineEntity,
  type ITextEntity,
} from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../testing/building';
import { presetParameters } from '../../testing/presets';
import type { Element, Model } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { FROM_MM } from '../../units/length';
import { translatorForFile } from '../registry';
import { ELEMENT_LAYERS, writeDxf } from './index';

/** dxf-parser is the reader we validate against (pinned on a real AutoCAD file below). */
function parse(bytes: Uint8Array): IDxf {
  const parsed = new DxfParser().parseSync(new TextDecoder().decode(bytes));
  if (!parsed) throw new Error('dxf-parser read nothing');
  return parsed;
}

/** Entities per `layer:TYPE`, as AutoCAD's QSELECT would count them. */
function tally(entities: readonly IEntity[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entity of entities) {
    const key = `${entity.layer}:${entity.type}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function isLine(entity: IEntity): entity is ILineEntity {
  return entity.type === 'LINE';
}

function ofType(model: Model, type: Element['type']): Element[] {
  return model.elements.filter((element) => element.type === type);
}

const building = generateBuilding(presetParameters('1k'));

describe('writeDxf on the synthetic 1k building', () => {
  const { bytes, report } = writeDxf(building);
  const dxf = parse(bytes);
  const counts = tally(dxf.entities);
  const levelsWithPlans = building.levels.length;

  it('has a layer per element type present, plus grids, section names and titles', () => {
    const layers = Object.keys(dxf.tables.layer.layers);
    for (const layer of ['BEAM', 'COLUMN', 'BRACE', 'FLOOR', 'WALL', 'GRID', 'SECTION', 'TITLE']) {
      expect(layers).toContain(layer);
    }
    // Distinct colours, so a type can be told apart on screen.
    const colours = ['BEAM', 'COLUMN', 'BRACE', 'FLOOR', 'WALL'].map(
      (name) => dxf.tables.layer.layers[name]?.colorIndex,
    );
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('draws every member once in 3-D and once in the plan of the level it reaches', () => {
    const beams = ofType(building, 'Beam').length;
    const braces = ofType(building, 'Brace').length;
    const columns = ofType(building, 'Column').length;
    const floors = ofType(building, 'Floor').length;
    const walls = ofType(building, 'Wall').length;
    expect(beams * braces * columns * floors * walls).toBeGreaterThan(0);
    // Beams and braces are lines in both; a column seen from above is its section's outline.
    expect(counts.get('BEAM:LINE')).toBe(2 * beams);
    expect(counts.get('BRACE:LINE')).toBe(2 * braces);
    expect(counts.get('COLUMN:LINE')).toBe(columns);
    expect(counts.get('COLUMN:LWPOLYLINE')).toBe(columns);
    // Areas: closed 3-D polylines in the wireframe, closed 2-D outlines in the plans.
    expect(counts.get('FLOOR:POLYLINE')).toBe(floors);
    expect(counts.get('FLOOR:LWPOLYLINE')).toBe(floors);
    expect(counts.get('WALL:POLYLINE')).toBe(walls);
    expect(counts.get('WALL:LWPOLYLINE')).toBe(walls);
    // The report says what the file holds.
    for (const [key, value] of counts) {
      const [layer, type] = key.split(':') as [string, string];
      expect(report.layers[layer]?.[type], key).toBe(value);
    }
  });

  it('writes coordinates in the model display unit and declares it in $INSUNITS', () => {
    expect(building.units).toBe('m');
    expect(dxf.header['$INSUNITS']).toBe(6);
    const beam = ofType(building, 'Beam')[0] as Extract<Element, { type: 'Beam' }>;
    const start = building.nodes.find((node) => node.id === beam.startNodeId);
    const end = building.nodes.find((node) => node.id === beam.endNodeId);
    if (!start || !end) throw new Error('the generator made a beam without nodes');
    const lines = dxf.entities.filter((e): e is ILineEntity => e.type === 'LINE' && e.layer === 'BEAM');
    const drawn = lines.find(
      (line) =>
        Math.abs((line.vertices[0]?.x ?? NaN) - start.x / 1000) < 1e-6 &&
        Math.abs((line.vertices[0]?.y ?? NaN) - start.y / 1000) < 1e-6 &&
        Math.abs((line.vertices[0]?.z ?? NaN) - start.z / 1000) < 1e-6,
    );
    expect(drawn, 'the beam from its start node, in metres').toBeDefined();
    expect(drawn?.vertices[1]?.z).toBeCloseTo(end.z / 1000, 6);
  });

  it('lays the plans beside the wireframe, one per level, titled with name and elevation', () => {
    const titles = dxf.entities
      .filter((e): e is ITextEntity => e.type === 'TEXT' && e.layer === 'TITLE')
      .map((e) => e.text);
    expect(titles).toContain('3-D wireframe');
    for (const level of building.levels) {
      expect(titles).toContain(`Level ${level.name} (elev ${(level.elevation / 1000).toFixed(3)} m)`);
    }
    expect(report.plans).toHaveLength(levelsWithPlans);
    // Every flat (z = 0) beam copy lies right of the whole wireframe: the plans do not cover the 3-D view.
    const maxWireframeX = Math.max(...building.nodes.map((node) => node.x / 1000));
    const planBeams = dxf.entities
      .filter(isLine)
      .filter((e) => e.layer === 'BEAM' && e.vertices.every((v) => (v.z ?? 0) === 0));
    expect(planBeams.length).toBe(ofType(building, 'Beam').length);
    for (const line of planBeams) expect(line.vertices[0]?.x ?? 0).toBeGreaterThan(maxWireframeX);
    // The plans do not overlap each other: their column outlines fall in disjoint X ranges.
    const outlines = dxf.entities.filter(
      (e): e is ILwpolylineEntity => e.type === 'LWPOLYLINE' && e.layer === 'COLUMN',
    );
    const ranges = report.plans.map((plan, index) => {
      const next = report.plans[index + 1]?.offsetX ?? Infinity;
      return outlines.filter(
        (o) => (o.vertices[0]?.x ?? 0) >= plan.offsetX && (o.vertices[0]?.x ?? 0) < next,
      );
    });
    expect(ranges.reduce((sum, range) => sum + range.length, 0)).toBe(outlines.length);
  });

  it('names every member section at its midpoint in the plans', () => {
    const texts = new Set(
      dxf.entities
        .filter((e): e is ITextEntity => e.type === 'TEXT' && e.layer === 'SECTION')
        .map((e) => e.text),
    );
    const used = new Set<string>();
    for (const element of building.elements) {
      if (element.type !== 'Beam' && element.type !== 'Column' && element.type !== 'Brace') continue;
      const profile = building.profiles.find((p) => p.id === element.profileId);
      if (profile) used.add(profile.name);
    }
    expect(used.size).toBeGreaterThan(0);
    expect(texts).toEqual(used);
  });

  it('draws grid lines with a bubble and label in each plan', () => {
    const grids = building.grids.length;
    expect(counts.get('GRID:LINE')).toBe(grids * levelsWithPlans);
    const bubbles = dxf.entities.filter((e): e is ICircleEntity => e.type === 'CIRCLE' && e.layer === 'GRID');
    expect(bubbles).toHaveLength(grids * levelsWithPlans);
    const labels = dxf.entities.filter((e): e is ITextEntity => e.type === 'TEXT' && e.layer === 'GRID');
    expect(new Set(labels.map((l) => l.text))).toEqual(new Set(building.grids.map((g) => g.label)));
  });
});

describe('writeDxf units and bad input', () => {
  it('converts to feet for a model shown in feet ($INSUNITS 2)', () => {
    const inFeet: Model = { ...building, units: 'ft' };
    const dxf = parse(writeDxf(inFeet).bytes);
    expect(dxf.header['$INSUNITS']).toBe(2);
    const highest = Math.max(...building.nodes.map((node) => node.z));
    const zs = dxf.entities
      .filter((e): e is ILineEntity => e.type === 'LINE' && e.layer === 'COLUMN')
      .flatMap((line) => line.vertices.map((v) => v.z ?? 0));
    expect(Math.max(...zs)).toBeCloseTo(highest * FROM_MM.ft, 5);
  });

  it('leaves out an element whose node is missing and says so', () => {
    const beam = ofType(building, 'Beam')[0] as Extract<Element, { type: 'Beam' }>;
    const broken: Model = {
      ...building,
      elements: building.elements.map((e) => (e.id === beam.id ? { ...beam, endNodeId: 'nowhere' } : e)),
    };
    const { bytes, report } = writeDxf(broken);
    expect(report.items).toEqual([expect.objectContaining({ id: beam.id, severity: 'dropped' })]);
    expect(report.items[0]?.reason).toContain('nowhere');
    expect(tally(parse(bytes).entities).get('BEAM:LINE')).toBe(2 * (ofType(building, 'Beam').length - 1));
  });

  it('keeps section names on one line without AutoCAD control codes', () => {
    const beam = ofType(building, 'Beam')[0] as Extract<Element, { type: 'Beam' }>;
    const renamed: Model = {
      ...building,
      profiles: building.profiles.map((p) => (p.id === beam.profileId ? { ...p, name: 'W14\nX90 %%c' } : p)),
    };
    const texts = parse(writeDxf(renamed).bytes)
      .entities.filter((e): e is ITextEntity => e.type === 'TEXT' && e.layer === 'SECTION')
      .map((e) => e.text);
    expect(texts).toContain('W14 X90 %c');
  });

  it('draws an empty model as a file AutoCAD opens (no entities but the title)', () => {
    const empty: Model = { ...building, nodes: [], elements: [], levels: [], grids: [] };
    const dxf = parse(writeDxf(empty).bytes);
    expect(dxf.entities.map((e) => e.type)).toEqual(['TEXT']);
  });
});

describe(`writeDxf on ETABS fixtures${FIXTURES_SKIP_NOTE}`, () => {
  it.skipIf(!fixturesPresent)(
    'draws RDC_PERFORM EjemploNew: every beam in 3-D and in its storey plan',
    async () => {
      const name = 'RDC_PERFORM__EjemploNew.e2k';
      const translator = translatorForFile(name);
      if (!translator) throw new Error('no e2k translator');
      const { model } = await translator.read(readFixture('e2k', name));
      const { bytes, report } = writeDxf(model);
      const dxf = parse(bytes);
      const counts = tally(dxf.entities);
      // ETABS beams (one per storey a LINE is assigned to) lie on their storey; columns rise to it.
      const beams = ofType(model, 'Beam').length;
      const columns = ofType(model, 'Column').length;
      expect(beams).toBeGreaterThan(596);
      expect(counts.get(`${ELEMENT_LAYERS.Beam.name}:LINE`)).toBe(2 * beams);
      // A column is in the plan of every level above its foot up to its head (ETABS draws the storey below).
      const z = new Map(model.nodes.map((n) => [n.id, n.z]));
      let columnPlanCopies = 0;
      for (const column of ofType(model, 'Column') as Extract<Element, { type: 'Column' }>[]) {
        const [a, b] = [z.get(column.startNodeId) ?? 0, z.get(column.endNodeId) ?? 0];
        const [low, high] = [Math.min(a, b), Math.max(a, b)];
        columnPlanCopies += model.levels.filter(
          (l) => l.elevation > low + 1 && l.elevation <= high + 1,
        ).length;
      }
      expect(columnPlanCopies).toBeGreaterThanOrEqual(columns);
      expect((counts.get('COLUMN:LINE') ?? 0) + (counts.get('COLUMN:LWPOLYLINE') ?? 0)).toBe(
        columns + columnPlanCopies,
      );
      // ETABS KGF-M file shown in its display unit.
      const node = model.nodes.find((n) => n.z > 0 && n.x !== 0);
      if (!node) throw new Error('fixture has no raised node');
      const scale = FROM_MM[model.units];
      const atNode = dxf.entities
        .filter(isLine)
        .filter((e) =>
          e.vertices.some(
            (v) =>
              Math.abs((v.x ?? 0) - node.x * scale) < 1e-5 &&
              Math.abs((v.y ?? 0) - node.y * scale) < 1e-5 &&
              Math.abs((v.z ?? 0) - node.z * scale) < 1e-5,
          ),
        );
      expect(atNode.length).toBeGreaterThan(0);
      expect(report.plans.length).toBe(model.levels.length);
    },
  );

  it.skipIf(!fixturesPresent)('reads the AutoCAD 2018 plan of PROVENANCE row 31 as AutoCAD counts it', () => {
    // Pins the parser these tests trust on a file AutoCAD itself wrote.
    const dxf = parse(readFixture('other', 'EtabsModeling__PLan_View_V02.dxf'));
    const byType = new Map<string, number>();
    const byLayer = new Map<string, number>();
    for (const entity of dxf.entities) {
      byType.set(entity.type, (byType.get(entity.type) ?? 0) + 1);
      byLayer.set(entity.layer, (byLayer.get(entity.layer) ?? 0) + 1);
    }
    expect(Object.fromEntries(byType)).toEqual({ LINE: 46, CIRCLE: 17, TEXT: 17, LWPOLYLINE: 1, POINT: 15 });
    expect(Object.fromEntries(byLayer)).toEqual({
      GRID: 51,
      TEXT: 17,
      BEAM: 4,
      'WALL Y': 4,
      'WALL X': 2,
      SLAB: 1,
      'REC COLS': 13,
      'CIR COLS': 2,
      'CB Y': 2,
    });
  });
});
