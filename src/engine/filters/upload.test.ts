import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countModel } from '../formats/report';
import { rebuildModel, splitModel } from '../manifest';
import {
  emptyModel,
  ModelSchema,
  nodeIdsOf,
  type Beam,
  type Element,
  type Floor,
  type LinearLoad,
  type Model,
  type Node,
  type SourceTool,
} from '../schema';
import { HELD_BACK_ITEMS_PER_KIND } from './heldBack';
import { FILTER_PROPERTIES, type FilterPlatform, type FilterProperty, type FilterRules } from './platforms';
import { filterUpload, type ModelFilters } from './upload';

/** The store's content address (the server's): SHA-256 of the canonical JSON. */
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const buildManifest = (model: Model) => splitModel(model, sha256Hex);

const ALL_PROPERTIES: FilterProperty[] = [...FILTER_PROPERTIES];

/** Grid line A of system G1 at `coordinate`, as `tool` wrote it. */
const grid = (tool: SourceTool, coordinate: number): Model['grids'][number] => ({
  id: 'G1:A',
  source: { tool },
  name: 'A',
  attributes: {},
  type: 'Grid',
  system: 'G1',
  label: 'A',
  geometry: { kind: 'axis', direction: 'X', coordinate },
});

function rules(
  from: FilterPlatform,
  to: FilterPlatform,
  properties: FilterProperty[],
  extra: Partial<FilterRules> = {},
): FilterRules {
  return {
    from,
    to,
    elementTypes: ['Beam', 'Column', 'Brace', 'Floor', 'Wall', 'Grid', 'Level'],
    properties,
    nameMappings: [],
    ...extra,
  };
}

const organizationFilter = (...filters: FilterRules[]): ModelFilters => ({
  organization: filters,
  model: [],
});

const node = (tool: SourceTool, id: string, x: number, y = 0, z = 0, extra: Partial<Node> = {}): Node => ({
  id,
  source: { tool },
  name: id,
  attributes: {},
  type: 'Node',
  x,
  y,
  z,
  ...extra,
});

const beam = (tool: SourceTool, id: string, start: string, end: string, extra: Partial<Beam> = {}): Beam => ({
  id,
  source: { tool },
  name: id,
  attributes: {},
  type: 'Beam',
  startNodeId: start,
  endNodeId: end,
  profileId: 'W12',
  ...extra,
});

/** A little frame as `tool` would write it: nodes n1…n4 along x, beams B1 (n1–n2) … B3 (n3–n4), a floor. */
function frame(tool: SourceTool): Model {
  const model = emptyModel({ tool });
  const profile = (id: string) => ({
    id,
    source: { tool },
    name: id,
    attributes: {},
    type: 'Profile' as const,
    kind: 'frame' as const,
    materialId: 'A992',
    section: { shape: 'library' as const, designation: id },
  });
  model.materials = [
    { id: 'A992', source: { tool }, name: 'A992', attributes: {}, type: 'Material', kind: 'steel' },
  ];
  model.profiles = [profile('W12'), profile('W14')];
  model.nodes = [
    node(tool, 'n1', 0, 0, 0, {
      restraint: { type: 'Restraint', ux: true, uy: true, uz: true, rx: false, ry: false, rz: false },
    }),
    node(tool, 'n2', 1000),
    node(tool, 'n3', 2000),
    node(tool, 'n4', 3000),
    node(tool, 'n5', 0, 1000),
  ];
  const floor: Floor = {
    id: 'F1',
    source: { tool },
    name: 'F1',
    attributes: {},
    type: 'Floor',
    nodeIds: ['n1', 'n2', 'n5'],
  };
  model.elements = [
    beam(tool, 'B1', 'n1', 'n2'),
    beam(tool, 'B2', 'n2', 'n3'),
    beam(tool, 'B3', 'n3', 'n4'),
    floor,
  ];
  model.loadPatterns = [
    {
      id: 'DEAD',
      source: { tool },
      name: 'DEAD',
      attributes: {},
      type: 'LoadPattern',
      patternType: 'Dead',
      selfWeightMultiplier: 1,
    },
  ];
  model.loads = [
    {
      id: `${tool}:B2:DEAD`,
      source: { tool },
      name: 'B2 DEAD',
      attributes: {},
      type: 'LinearLoad',
      elementId: 'B2',
      patternId: 'DEAD',
      quantity: 'force',
      direction: 'Gravity',
      distribution: {
        kind: 'distributed',
        relative: true,
        start: 0,
        end: 1,
        startValue: 1000,
        endValue: 1000,
      },
    },
  ];
  model.groups = [
    {
      id: 'Roof',
      source: { tool },
      name: 'Roof',
      attributes: {},
      type: 'Group',
      members: [
        { kind: 'element', id: 'B1' },
        { kind: 'element', id: 'B2' },
      ],
    },
  ];
  return model;
}

/** What the version would hold: the filtered upload, or the upload itself when no filter changes anything. */
async function uploadOver(previous: Model, upload: Model, filters: ModelFilters) {
  const before = buildManifest(previous);
  const after = buildManifest(upload);
  const previousBodies = new Map(
    before.objects.hashes.map((hash, index) => [hash, before.objects.bodies[index]]),
  );
  const counts = countModel(upload);
  const filtered = await filterUpload(
    {
      manifest: before.manifest,
      bodies: async (hashes) => {
        const found = new Map<string, string>();
        for (const hash of hashes) {
          const body = previousBodies.get(hash);
          if (body !== undefined) found.set(hash, body);
        }
        return found;
      },
    },
    { manifest: after.manifest, objects: after.objects, counts },
    filters,
    sha256Hex,
  );
  if (!filtered) return { model: upload, items: [], counts, filtered: false };
  // The stored version reads its objects from this upload's and, for kept ones, the previous version's rows.
  const bodies = new Map(previousBodies as Map<string, string>);
  filtered.objects.hashes.forEach((hash, index) =>
    bodies.set(hash, filtered.objects.bodies[index] as string),
  );
  const model = ModelSchema.parse(rebuildModel(filtered.manifest, bodies));
  expect(danglingReferences(model)).toEqual([]);
  expect(filtered.counts).toEqual(countModel(model));
  return { model, items: filtered.items, counts: filtered.counts, filtered: true };
}

function danglingReferences(model: Model): string[] {
  const ids = (list: readonly { id: string }[]) => new Set(list.map((item) => item.id));
  const nodes = ids(model.nodes);
  const profiles = ids(model.profiles);
  const materials = ids(model.materials);
  const elements = ids(model.elements);
  const patterns = ids(model.loadPatterns);
  const problems: string[] = [];
  for (const element of model.elements) {
    for (const id of nodeIdsOf(element)) if (!nodes.has(id)) problems.push(`${element.id} → ${id}`);
    const profileId = 'profileId' in element ? element.profileId : undefined;
    if (profileId !== undefined && !profiles.has(profileId)) problems.push(`${element.id} profile`);
    const materialId = 'materialId' in element ? element.materialId : undefined;
    if (materialId !== undefined && !materials.has(materialId)) problems.push(`${element.id} material`);
  }
  for (const load of model.loads) {
    if (!patterns.has(load.patternId)) problems.push(`${load.id} pattern`);
    if ('elementId' in load && !elements.has(load.elementId)) problems.push(`${load.id} element`);
  }
  for (const group of model.groups) {
    for (const member of group.members) {
      if (member.kind === 'element' && !elements.has(member.id)) problems.push(`${group.id} ∋ ${member.id}`);
    }
  }
  return problems;
}

const elementOf = (model: Model, id: string) =>
  model.elements.find((element) => element.id === id) as Element;
const nodeOf = (model: Model, id: string) => model.nodes.find((item) => item.id === id) as Node;

describe('filterUpload', () => {
  it('stores the upload as it came when no filter is From its platform To the last writer', async () => {
    const upload = frame('sap2000');
    (upload.elements[0] as Beam).profileId = 'W14';
    const other = await uploadOver(frame('etabs'), upload, organizationFilter(rules('Revit', 'Etabs', [])));
    expect(other.filtered).toBe(false);
    const reverse = await uploadOver(frame('etabs'), upload, organizationFilter(rules('Etabs', 'SAP', [])));
    expect(reverse.filtered).toBe(false);
  });

  it('reads nothing of the previous version when none of its objects came from a platform a filter protects', async () => {
    const previous = buildManifest(frame('etabs'));
    const upload = frame('etabs');
    (upload.elements[0] as Beam).profileId = 'W14';
    const after = buildManifest(upload);
    const reads: string[][] = [];
    const run = (manifest: typeof previous.manifest) =>
      filterUpload(
        {
          manifest,
          bodies: async (hashes) => {
            reads.push([...hashes]);
            return new Map(
              previous.objects.hashes
                .map((hash, index) => [hash, previous.objects.bodies[index] as string] as const)
                .filter(([hash]) => hashes.includes(hash)),
            );
          },
        },
        { manifest: after.manifest, objects: after.objects, counts: countModel(upload) },
        organizationFilter(rules('Etabs', 'SAP', [])),
        sha256Hex,
      );
    expect(previous.manifest.tools).toEqual(['etabs']);
    expect(await run(previous.manifest)).toBeUndefined();
    expect(reads).toEqual([]);
    // A manifest from before manifests named their tools: the changed elements are read to find their writers.
    const { tools: _tools, ...older } = previous.manifest;
    expect(await run(older)).toBeUndefined();
    expect(reads).toHaveLength(1);
  });

  it('lets a platform change its own elements whatever the filters say', async () => {
    const upload = frame('etabs');
    (upload.elements[0] as Beam).profileId = 'W14';
    const result = await uploadOver(frame('etabs'), upload, organizationFilter(rules('Etabs', 'SAP', [])));
    expect(result.filtered).toBe(false);
  });

  it('keeps the properties the filter does not let through, and the last writer where nothing passed', async () => {
    const upload = frame('sap2000');
    const b1 = upload.elements[0] as Beam;
    b1.profileId = 'W14';
    b1.name = 'SAP name';
    nodeOf(upload, 'n4').x = 3500; // moves B3
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Geometry', 'Material'])),
    );
    // B1: its Profile and Name are held back, so it stays ETABS's object.
    expect(elementOf(result.model, 'B1')).toEqual(elementOf(frame('etabs'), 'B1'));
    // B3: its Geometry passes, so it becomes SAP's, with ETABS's name kept.
    expect(elementOf(result.model, 'B3')).toMatchObject({ source: { tool: 'sap2000' }, name: 'B3' });
    expect(nodeOf(result.model, 'n4').x).toBe(3500);
    // B2 did not change: the previous object, ETABS's.
    expect(elementOf(result.model, 'B2').source.tool).toBe('etabs');
    expect(result.items).toEqual([
      {
        severity: 'approximated',
        subject: 'Filter',
        id: 'B1',
        reason: "Kept Etabs's Name: the filter SAP → Etabs does not let Name through",
      },
      {
        severity: 'approximated',
        subject: 'Filter',
        id: 'B1',
        reason: "Kept Etabs's Profile: the filter SAP → Etabs does not let Profile through",
      },
    ]);
  });

  it('takes the passing properties onto the previous element and makes it the uploader’s', async () => {
    const upload = frame('sap2000');
    (upload.elements[0] as Beam).profileId = 'W14';
    nodeOf(upload, 'n2').x = 1100; // moves B1 and B2, held back
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Profile'])),
    );
    expect(elementOf(result.model, 'B1')).toMatchObject({ profileId: 'W14', source: { tool: 'sap2000' } });
    // The node keeps its position: elements whose Geometry is held back stand on it.
    expect(nodeOf(result.model, 'n2').x).toBe(1000);
    expect(elementOf(result.model, 'B2').source.tool).toBe('etabs');
    expect(result.items.map((item) => [item.id, item.reason])).toEqual([
      ['B1', "Kept Etabs's Geometry: the filter SAP → Etabs does not let Geometry through"],
      ['B2', "Kept Etabs's Geometry: the filter SAP → Etabs does not let Geometry through"],
      ['F1', "Kept Etabs's Geometry: the filter SAP → Etabs does not let Geometry through"],
    ]);
  });

  it('keeps an element of a type the filter does not list, and one the upload left out, with their nodes', async () => {
    const upload = frame('sap2000');
    upload.elements = upload.elements.filter((element) => element.id !== 'B3' && element.id !== 'F1');
    upload.nodes = upload.nodes.filter((item) => item.id !== 'n4' && item.id !== 'n5');
    const filter = rules('SAP', 'Etabs', ALL_PROPERTIES, { elementTypes: ['Beam'] });
    const result = await uploadOver(frame('etabs'), upload, organizationFilter(filter));
    expect(elementOf(result.model, 'F1')).toEqual(elementOf(frame('etabs'), 'F1'));
    expect(nodeOf(result.model, 'n5')).toEqual(nodeOf(frame('etabs'), 'n5'));
    // Beams may flow, Geometry included: B3's deletion passes, and its end node goes with it.
    expect(elementOf(result.model, 'B3')).toBeUndefined();
    expect(nodeOf(result.model, 'n4')).toBeUndefined();
    expect(result.items.map((item) => [item.id, item.reason])).toEqual([
      [
        'F1',
        "Kept Etabs's Floor that the upload left out: the filter SAP → Etabs does not let Floor elements through",
      ],
    ]);

    const noGeometry = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Name', 'Profile'])),
    );
    expect(elementOf(noGeometry.model, 'B3')).toEqual(elementOf(frame('etabs'), 'B3'));
    expect(nodeOf(noGeometry.model, 'n4')).toEqual(nodeOf(frame('etabs'), 'n4'));
    expect(noGeometry.counts.beams).toBe(3);
    expect(noGeometry.items.map((item) => item.reason)).toContain(
      "Kept Etabs's Beam that the upload left out: the filter SAP → Etabs does not let Geometry through",
    );
  });

  it('keeps the loads, memberships and restraints of elements whose filter holds them back', async () => {
    const upload = frame('sap2000');
    upload.loads = [{ ...(upload.loads[0] as LinearLoad), id: 'sap:B1:DEAD', elementId: 'B1' }];
    upload.groups = [
      { ...(upload.groups[0] as Model['groups'][number]), members: [{ kind: 'element', id: 'B3' }] },
    ];
    delete nodeOf(upload, 'n1').restraint;
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Geometry', 'Name', 'Profile', 'Material'])),
    );
    expect(result.model.loads.map((load) => [load.id, 'elementId' in load && load.elementId])).toEqual([
      ['etabs:B2:DEAD', 'B2'],
    ]);
    expect(result.model.groups[0]?.members).toEqual([
      { kind: 'element', id: 'B1' },
      { kind: 'element', id: 'B2' },
    ]);
    expect(nodeOf(result.model, 'n1').restraint?.uz).toBe(true);

    const loadsFlow = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES)),
    );
    expect(loadsFlow.model.loads.map((load) => load.id)).toEqual(['sap:B1:DEAD']);
    expect(loadsFlow.model.groups[0]?.members).toEqual([{ kind: 'element', id: 'B3' }]);
    expect(nodeOf(loadsFlow.model, 'n1').restraint).toBeUndefined();
  });

  it('turns P’s profile names into Q’s by the name mappings as they cross', async () => {
    const upload = frame('sap2000');
    upload.profiles.push({
      ...(upload.profiles[1] as Model['profiles'][number]),
      id: 'W14-SAP',
      name: 'W14-SAP',
    });
    upload.profiles.push({
      ...(upload.profiles[1] as Model['profiles'][number]),
      id: 'W16-SAP',
      name: 'W16-SAP',
    });
    (upload.elements[0] as Beam).profileId = 'W14-SAP';
    (upload.elements[1] as Beam).profileId = 'W16-SAP';
    const filter = rules('SAP', 'Etabs', ['Profile'], {
      nameMappings: [
        { kind: 'Profile', from: 'W14-SAP', to: 'W14' },
        { kind: 'Profile', from: 'W16-SAP', to: 'W16' },
      ],
    });
    const result = await uploadOver(frame('etabs'), upload, organizationFilter(filter));
    expect((elementOf(result.model, 'B1') as Beam).profileId).toBe('W14');
    // No W16 on either side: the section crosses under its mapped name.
    expect((elementOf(result.model, 'B2') as Beam).profileId).toBe('W16');
    expect(result.model.profiles.find((profile) => profile.id === 'W16')?.name).toBe('W16');
  });

  it('keeps from the previous version the objects kept elements refer to and the upload lacks', async () => {
    const upload = frame('sap2000');
    upload.profiles = upload.profiles.filter((profile) => profile.id !== 'W12');
    for (const element of upload.elements) if (element.type === 'Beam') element.profileId = 'W14';
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Geometry'])),
    );
    expect(result.model.profiles.map((profile) => profile.id).sort()).toEqual(['W12', 'W14']);
  });

  it('reports many held-back elements in a few items', async () => {
    const previous = frame('etabs');
    const upload = frame('sap2000');
    for (let index = 0; index < 25; index++) {
      previous.elements.push(beam('etabs', `X${index}`, 'n1', 'n2'));
      upload.elements.push(beam('sap2000', `X${index}`, 'n1', 'n2', { name: `renamed ${index}` }));
    }
    const result = await uploadOver(
      previous,
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Geometry'])),
    );
    expect(result.items).toHaveLength(HELD_BACK_ITEMS_PER_KIND + 1);
    expect(result.items.at(-1)).toEqual({
      severity: 'approximated',
      subject: 'Filter',
      reason: `Kept Etabs's Name on ${25 - HELD_BACK_ITEMS_PER_KIND} more Beam elements: the filter SAP → Etabs does not let Name through`,
    });
  });

  it('keeps the grids of a platform whose filter does not let Grid through, whole', async () => {
    const previous = frame('etabs');
    previous.grids = [grid('etabs', 0)];
    const upload = frame('sap2000');
    upload.grids = [grid('sap2000', 500)];
    const held = await uploadOver(
      previous,
      upload,
      organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES, { elementTypes: ['Beam', 'Floor'] })),
    );
    expect(held.model.grids).toEqual(previous.grids);
    expect(held.items.map((item) => item.reason)).toEqual([
      "Kept Etabs's Grid unchanged: the filter SAP → Etabs does not let Grid elements through",
    ]);
    upload.grids = [];
    const deleted = await uploadOver(
      previous,
      upload,
      organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES, { elementTypes: ['Beam', 'Floor'] })),
    );
    expect(deleted.model.grids).toEqual(previous.grids);
    const passes = await uploadOver(
      previous,
      upload,
      organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES)),
    );
    expect(passes.model.grids).toEqual([]);
  });

  it("takes the model's filter over the organization's for the same pair", async () => {
    const upload = frame('sap2000');
    (upload.elements[0] as Beam).profileId = 'W14';
    const filters: ModelFilters = {
      organization: [rules('SAP', 'Etabs', ['Geometry'])],
      model: [rules('SAP', 'Etabs', ['Profile'])],
    };
    const result = await uploadOver(frame('etabs'), upload, filters);
    expect((elementOf(result.model, 'B1') as Beam).profileId).toBe('W14');
  });

  it('turns P’s material names into Q’s by the name mappings, only where Material passes', async () => {
    const material = (id: string): Model['materials'][number] => ({
      id,
      source: { tool: 'sap2000' },
      name: id,
      attributes: {},
      type: 'Material',
      kind: 'steel',
    });
    const upload = frame('sap2000');
    upload.materials.push(material('A992-SAP'), material('S355-SAP'));
    (upload.elements[0] as Beam).materialId = 'A992-SAP';
    (upload.elements[1] as Beam).materialId = 'S355-SAP';
    const mappings = {
      nameMappings: [
        { kind: 'Material' as const, from: 'A992-SAP', to: 'A992' },
        { kind: 'Material' as const, from: 'S355-SAP', to: 'S355' },
      ],
    };
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Material'], mappings)),
    );
    // ETABS's own A992 is the mapped name's material; S355 is on neither side, so it crosses under that name.
    expect((elementOf(result.model, 'B1') as Beam).materialId).toBe('A992');
    expect((elementOf(result.model, 'B2') as Beam).materialId).toBe('S355');
    expect(result.model.materials.find((item) => item.id === 'S355')).toMatchObject({ name: 'S355' });

    const held = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ['Profile'], mappings)),
    );
    expect((elementOf(held.model, 'B1') as Beam).materialId).toBeUndefined();
    expect(held.model.materials.some((item) => item.id === 'S355')).toBe(false);
    expect(held.items.map((item) => [item.id, item.reason])).toEqual([
      ['B1', "Kept Etabs's Material: the filter SAP → Etabs does not let Material through"],
      ['B2', "Kept Etabs's Material: the filter SAP → Etabs does not let Material through"],
    ]);
  });

  it('keeps a node where a held-back element and one that may move share it', async () => {
    const upload = frame('sap2000');
    nodeOf(upload, 'n2').x = 1100; // moves B1, B2 (Beams: Geometry passes) and F1 (Floor: not listed)
    const result = await uploadOver(
      frame('etabs'),
      upload,
      organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES, { elementTypes: ['Beam'] })),
    );
    expect(elementOf(result.model, 'B1').source.tool).toBe('sap2000');
    expect(elementOf(result.model, 'F1')).toEqual(elementOf(frame('etabs'), 'F1'));
    // The floor stands on n2 and is held back: its position is kept under the beams as well.
    expect(nodeOf(result.model, 'n2')).toEqual(nodeOf(frame('etabs'), 'n2'));
    expect(result.items.map((item) => [item.id, item.reason])).toEqual([
      ['F1', "Kept Etabs's Floor unchanged: the filter SAP → Etabs does not let Floor elements through"],
    ]);
  });

  it('lets a grid change through when the filter lists the Grid type, as the uploader’s', async () => {
    const previous = frame('etabs');
    previous.grids = [grid('etabs', 0)];
    const upload = frame('sap2000');
    upload.grids = [grid('sap2000', 500)];
    const result = await uploadOver(
      previous,
      upload,
      organizationFilter(rules('SAP', 'Etabs', [], { elementTypes: ['Grid'] })),
    );
    expect(result.model.grids).toEqual(upload.grids);
    expect(result.items).toEqual([]);
  });

  it('reports many elements kept whole, or kept though the upload left them out, in a few items', async () => {
    const previous = frame('etabs');
    const renamed = frame('sap2000');
    for (let index = 0; index < 25; index++) {
      previous.elements.push(beam('etabs', `X${index}`, 'n1', 'n2'));
      renamed.elements.push(beam('sap2000', `X${index}`, 'n1', 'n2', { name: `renamed ${index}` }));
    }
    const noBeams = organizationFilter(rules('SAP', 'Etabs', ALL_PROPERTIES, { elementTypes: ['Floor'] }));
    const whole = await uploadOver(previous, renamed, noBeams);
    expect(whole.items.slice(0, HELD_BACK_ITEMS_PER_KIND).map((item) => item.id)).toEqual(
      Array.from({ length: HELD_BACK_ITEMS_PER_KIND }, (_, index) => `X${index}`),
    );
    expect(whole.items.slice(HELD_BACK_ITEMS_PER_KIND)).toEqual([
      {
        severity: 'approximated',
        subject: 'Filter',
        reason: `Kept ${25 - HELD_BACK_ITEMS_PER_KIND} more of Etabs's Beam elements unchanged: the filter SAP → Etabs does not let Beam elements through`,
      },
    ]);
    expect(whole.model.elements.filter((item) => item.name.startsWith('renamed'))).toEqual([]);

    const leftOut = await uploadOver(previous, frame('sap2000'), noBeams);
    expect(leftOut.counts.beams).toBe(28);
    expect(leftOut.items).toHaveLength(HELD_BACK_ITEMS_PER_KIND + 1);
    expect(leftOut.items.at(-1)?.reason).toBe(
      `Kept ${25 - HELD_BACK_ITEMS_PER_KIND} more of Etabs's Beam elements that the upload left out: the filter SAP → Etabs does not let Beam elements through`,
    );
  });
});
