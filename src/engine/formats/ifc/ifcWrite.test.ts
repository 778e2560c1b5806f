import fc from 'fast-check';
import { IfcAPI, IFCBEAM, IFCCOLUMN, IFCMEMBER } from 'web-ifc';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../testing/building';
import { presetParameters } from '../../testing/presets';
import type { Element, Model, Node, Profile, Source } from '../../schema';
import { emptyModel, isFrameElement } from '../../schema';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../../testing/fixtures';
import { readE2k } from '../etabs';
import { writeIfc } from './write';
import { compressGuid, GlobalIds, hash128 } from './writeGuid';
import { formatReal, formatString } from './writeStep';
import { countsOf, memberAxes, memberSections } from './writeTestHelpers';

const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 25), 100);
const SOURCE: Source = { tool: 'gusset' };

/*
 * web-ifc opens what we write, as any IFC tool would. The test makes its own instance: eslint's engine boundary
 * rule reads `./api` (ifc/api.ts, the shared instance) as the forbidden src/api folder.
 */
let instance: Promise<IfcAPI> | undefined;
function ifcApi(): Promise<IfcAPI> {
  instance ??= (async () => {
    const api = new IfcAPI();
    await api.Init();
    return api;
  })();
  return instance;
}

async function open(bytes: Uint8Array): Promise<{ api: IfcAPI; id: number }> {
  const api = await ifcApi();
  const id = api.OpenModel(bytes);
  expect(id).toBeGreaterThanOrEqual(0);
  expect(api.GetModelSchema(id)).toBe('IFC4');
  return { api, id };
}

/**
 * What an engineer would check after exporting: every member, slab, wall, storey and node arrives, each member's
 * analytical line ends on its nodes, sections and materials keep their names, and the analysis model has one
 * curve member per frame and one point connection per node.
 */
async function expectFaithful(model: Model): Promise<void> {
  const { bytes, report } = await writeIfc(model);
  const { api, id } = await open(bytes);
  try {
    const byType = (type: Element['type']): Element[] =>
      model.elements.filter((element) => element.type === type);
    const frames = model.elements.filter(isFrameElement);
    const counts = countsOf(api, id);
    // Areas whose corners lie on one line cannot be drawn; the report says so for each.
    const droppedAreas = report.items.filter(
      (item) => item.severity === 'dropped' && ['Floor', 'Wall', 'Area'].includes(item.subject),
    );
    expect(droppedAreas.every((item) => item.reason.includes('no extent'))).toBe(true);
    const dropped = new Set(droppedAreas.map((item) => item.id));
    const kept = (type: Element['type']): number =>
      byType(type).filter((element) => !dropped.has(element.id)).length;
    expect(counts).toEqual({
      beams: byType('Beam').length,
      columns: byType('Column').length,
      members: byType('Brace').length + byType('Cable').length,
      slabs: kept('Floor'),
      walls: kept('Wall'),
      storeys: model.levels.length,
      gridAxes: counts.gridAxes,
      curveMembers: frames.length + byType('Cable').length,
      pointConnections: model.nodes.length,
      surfaceMembers: kept('Floor') + kept('Wall') + kept('Area'),
    });
    const systems = new Map<string, number>();
    for (const grid of model.grids) systems.set(grid.system, (systems.get(grid.system) ?? 0) + 1);
    const expectedAxes = [...systems.values()]
      .filter((count) => count > 1)
      .reduce((sum, count) => sum + count, 0);
    expect(counts.gridAxes).toBe(expectedAxes);

    const nodes = new Map<string, Node>(model.nodes.map((node) => [node.id, node]));
    const axes = new Map([
      ...memberAxes(api, id, IFCBEAM),
      ...memberAxes(api, id, IFCCOLUMN),
      ...memberAxes(api, id, IFCMEMBER),
    ]);
    expect(axes.size).toBe(frames.length + byType('Cable').length);
    for (const frame of frames) {
      const axis = axes.get(frame.id);
      const start = nodes.get(frame.startNodeId);
      const end = nodes.get(frame.endNodeId);
      if (!axis || !start || !end) throw new Error(`member ${frame.id} has no axis in the file`);
      for (const [point, node] of [
        [axis[0], start],
        [axis[1], end],
      ] as const) {
        expect(Math.hypot(point[0] - node.x, point[1] - node.y, point[2] - node.z)).toBeLessThan(1);
      }
    }

    const profiles = new Map<string, Profile>(model.profiles.map((profile) => [profile.id, profile]));
    const materials = new Map(model.materials.map((material) => [material.id, material.name]));
    const sections = memberSections(api, id);
    for (const frame of frames) {
      const profile = frame.profileId === undefined ? undefined : profiles.get(frame.profileId);
      if (!profile) continue;
      const materialId = frame.materialId ?? profile.materialId;
      const expected = materialId === undefined ? undefined : materials.get(materialId);
      expect(sections.get(frame.id)).toEqual({
        profile: profile.name,
        ...(expected !== undefined ? { material: expected } : {}),
      });
    }
  } finally {
    api.CloseModel(id);
  }
}

describe('IFC writer: the synthetic building (preset 1k)', () => {
  const model = generateBuilding(presetParameters('1k'));

  it('arrives whole in web-ifc: counts per type, axes on the nodes, sections and materials by name', async () => {
    await expectFaithful(model);
  });

  it('writes the same bytes twice, so a re-export keeps every GlobalId and diffs clean', async () => {
    const first = await writeIfc(model);
    const second = await writeIfc(structuredClone(model));
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const text = Buffer.from(first.bytes).toString('latin1');
    expect(text).toContain("'1970-01-01T00:00:00'");
    const stamped = await writeIfc(model, { timeStamp: '2026-01-02T03:04:05' });
    expect(Buffer.from(stamped.bytes).toString('latin1')).toContain("'2026-01-02T03:04:05'");
  });

  it('gives every rooted entity its own GlobalId', async () => {
    const text = Buffer.from((await writeIfc(model)).bytes).toString('latin1');
    const ids = [...text.matchAll(/^#\d+=IFC\w+\('([0-9A-Za-z_$]{22})'/gm)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(model.elements.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws a solid for every member, slab and wall (web-ifc meshes them)', async () => {
    const { bytes } = await writeIfc(model);
    const { api, id } = await open(bytes);
    try {
      const meshed = new Set<number>();
      api.StreamAllMeshesWithTypes(id, [IFCBEAM, IFCCOLUMN, IFCMEMBER], (mesh) => {
        if (mesh.geometries.size() > 0) meshed.add(mesh.expressID);
      });
      const frames = model.elements.filter(isFrameElement).length;
      expect(meshed.size).toBe(frames);
    } finally {
      api.CloseModel(id);
    }
  });

  it('reports what it could not write (diaphragms, groups) and counts what it wrote', async () => {
    const { report } = await writeIfc(model);
    expect(report.direction).toBe('write');
    expect(report.counts.beams).toBe(model.elements.filter((element) => element.type === 'Beam').length);
    expect(report.sourceCounts?.['IFCSTRUCTURALCURVEMEMBER']).toBe(
      model.elements.filter(isFrameElement).length,
    );
    const subjects = new Set(report.items.map((item) => item.subject));
    if (model.diaphragms.length > 0) expect(subjects.has('Diaphragm')).toBe(true);
    if (model.groups.length > 0) expect(subjects.has('Group')).toBe(true);
    // Every load of the generated building is one IFC can carry (point, full-length line, uniform area).
    expect(report.items.filter((item) => item.subject.endsWith('Load'))).toEqual([]);
    const actions =
      (report.sourceCounts?.['IFCSTRUCTURALPOINTACTION'] ?? 0) +
      (report.sourceCounts?.['IFCSTRUCTURALCURVEACTION'] ?? 0) +
      (report.sourceCounts?.['IFCSTRUCTURALPLANARACTION'] ?? 0);
    expect(actions).toBe(model.loads.length);
  });
});

describe(`IFC writer: ETABS fixtures${FIXTURES_SKIP_NOTE}`, () => {
  for (const name of listFixtures('e2k')) {
    it(`${name} → IFC keeps every member on its nodes, with its section and material`, async () => {
      const { model } = readE2k(readFixture('e2k', name));
      await expectFaithful(model);
    });
  }
});

describe('IFC writer: STEP text', () => {
  it('writes reals with a decimal point, as STEP requires', () => {
    expect(formatReal(3000)).toBe('3000.');
    expect(formatReal(-0)).toBe('0.');
    expect(formatReal(0.25)).toBe('0.25');
    expect(formatReal(1e-7)).toBe('1.E-7');
    expect(formatReal(1.5e21)).toBe('1.5E21');
    expect(() => formatReal(Number.NaN)).toThrow(RangeError);
  });

  it('escapes quotes, backslashes and non-ASCII names so the file stays ASCII', () => {
    expect(formatString("B'1")).toBe("'B''1'");
    expect(formatString('a\\b')).toBe("'a\\\\b'");
    expect(formatString('Poutre é')).toBe("'Poutre \\X2\\00E9\\X0\\'");
    expect(formatString('𝔸')).toBe("'\\X4\\0001D538\\X0\\'");
  });

  it('names with quotes and accents come back from web-ifc as written', async () => {
    const model = smallModel();
    const beam = model.elements[0];
    if (!beam) throw new Error('smallModel has a beam');
    beam.name = "Poutre d'étage \\ 1";
    const { bytes } = await writeIfc(model);
    const { api, id } = await open(bytes);
    try {
      const [beamId] = [...memberAxes(api, id, IFCBEAM).keys()];
      expect(beamId).toBe(beam.id);
      const line = api.GetLine(id, api.GetLineIDsWithType(id, IFCBEAM).get(0)) as { Name: { value: string } };
      expect(line.Name.value).toBe(beam.name);
    } finally {
      api.CloseModel(id);
    }
  });
});

describe('IFC writer: GlobalIds', () => {
  it('are 22 characters of the IFC alphabet, the first carrying two bits', () => {
    const id = compressGuid(hash128('element:B1@Story1'));
    expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(compressGuid([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff])).toBe(`3${'$'.repeat(21)}`);
    expect(compressGuid([0, 0, 0, 0])).toBe('0'.repeat(22));
  });

  it('stay distinct for ids that differ only in their last character', () => {
    const ids = new GlobalIds();
    const written = Array.from({ length: 10_000 }, (_, index) => ids.next(`element:B${index}`));
    expect(new Set(written).size).toBe(written.length);
    // A good spread: the two-bit first character takes all four values.
    expect(new Set(written.map((id) => id[0])).size).toBe(4);
  });
});

function smallModel(): Model {
  const model = emptyModel(SOURCE);
  const node = (id: string, x: number, y: number, z: number): Node => ({
    id,
    source: SOURCE,
    name: id,
    type: 'Node',
    x,
    y,
    z,
    attributes: {},
  });
  model.nodes = [node('N1', 0, 0, 0), node('N2', 6000, 0, 0), node('N3', 0, 0, 3000)];
  model.elements = [
    {
      id: 'B1',
      source: SOURCE,
      name: 'B1',
      type: 'Beam',
      startNodeId: 'N1',
      endNodeId: 'N2',
      attributes: {},
    },
  ];
  return model;
}

describe('IFC writer: random small models (fast-check)', () => {
  const coordinate = fc.integer({ min: -20_000, max: 20_000 });
  const arbitrary = fc
    .record({
      points: fc.array(fc.record({ x: coordinate, y: coordinate, z: coordinate }), {
        minLength: 2,
        maxLength: 8,
      }),
      frames: fc.array(
        fc.record({
          type: fc.constantFrom('Beam' as const, 'Column' as const, 'Brace' as const),
          i: fc.nat(),
          j: fc.nat(),
          angle: fc.integer({ min: -180, max: 180 }),
          cardinal: fc.option(fc.integer({ min: 1, max: 11 }), { nil: undefined }),
          shape: fc.nat({ max: 6 }),
          release: fc.boolean(),
        }),
        { maxLength: 8 },
      ),
      floors: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 3 }),
      fixed: fc.array(fc.boolean(), { maxLength: 8 }),
    })
    .map(({ points, frames, floors, fixed }) => {
      const model = emptyModel(SOURCE);
      model.nodes = points.map((point, index) => ({
        id: `N${index}`,
        source: SOURCE,
        name: `N${index}`,
        type: 'Node',
        ...point,
        attributes: {},
        ...(fixed[index]
          ? {
              restraint: { type: 'Restraint', ux: true, uy: true, uz: true, rx: false, ry: false, rz: false },
            }
          : {}),
      }));
      model.materials = [
        { id: 'S355', source: SOURCE, name: 'S355', type: 'Material', kind: 'steel', attributes: {} },
      ];
      const sections: Profile[] = [
        { shape: 'rectangle', depth: 500, width: 300 },
        { shape: 'circle', diameter: 400 },
        { shape: 'i', depth: 400, flangeWidth: 200, flangeThickness: 15, webThickness: 9 },
        {
          shape: 'i',
          depth: 400,
          flangeWidth: 200,
          flangeThickness: 15,
          webThickness: 9,
          bottomFlangeWidth: 260,
        },
        { shape: 'pipe', diameter: 300, wallThickness: 10 },
        { shape: 'tube', depth: 300, width: 200, flangeThickness: 12, webThickness: 8 },
        { shape: 'library', designation: 'W14X90' },
      ].map((section, index) => ({
        id: `P${index}`,
        source: SOURCE,
        name: `Section ${index}`,
        type: 'Profile',
        kind: 'frame',
        materialId: 'S355',
        section: section as Extract<Profile, { kind: 'frame' }>['section'],
        attributes: {},
      }));
      model.profiles = [
        ...sections,
        {
          id: 'SLAB',
          source: SOURCE,
          name: 'Slab 200',
          type: 'Profile',
          kind: 'shell',
          use: 'slab',
          thickness: 200,
          attributes: {},
        },
      ];
      const count = model.nodes.length;
      model.elements = frames
        .map((frame, index): Element | undefined => {
          const i = frame.i % count;
          const j = frame.j % count;
          const a = model.nodes[i];
          const b = model.nodes[j];
          if (!a || !b || (a.x === b.x && a.y === b.y && a.z === b.z)) return undefined;
          return {
            id: `F${index}`,
            source: SOURCE,
            name: `F${index}`,
            type: frame.type,
            startNodeId: a.id,
            endNodeId: b.id,
            profileId: `P${frame.shape}`,
            orientationAngle: frame.angle,
            ...(frame.cardinal !== undefined ? { cardinalPoint: frame.cardinal } : {}),
            ...(frame.release
              ? {
                  releases: {
                    type: 'Releases',
                    i: { p: false, v2: false, v3: false, t: false, m2: true, m3: true },
                    j: { p: false, v2: false, v3: false, t: true, m2: true, m3: true },
                  },
                }
              : {}),
            attributes: {},
          };
        })
        .filter((element): element is Element => element !== undefined);
      floors.forEach(([a, b, c], index) => {
        const ids = [a % count, b % count, c % count];
        if (new Set(ids).size < 3) return;
        model.elements.push({
          id: `A${index}`,
          source: SOURCE,
          name: `A${index}`,
          type: 'Floor',
          nodeIds: ids.map((nodeIndex) => `N${nodeIndex}`),
          profileId: 'SLAB',
          attributes: {},
        });
      });
      return model;
    });

  it('every random model opens in web-ifc with all its members on their nodes', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (model) => {
        await expectFaithful(model);
      }),
      { numRuns: RUNS },
    );
  });
});
