import { describe, expect, it } from 'vitest';
import { compareModels, explainDifferences } from '../../fidelity';
import { portalFrame } from '../../fidelity/testing/portalFrame';
import type { Model } from '../../schema';
import { readCis2 } from './read';
import { writeCis2 } from './write';

/**
 * The fidelity oracle (issue #20) on a synthetic portal frame written to CIS/2 and read back: every difference
 * must be named by a report item with its concept and the objects it covers, once per kind of loss.
 */

const source = { tool: 'gusset' } as const;

/** The portal frame with what Gusset's CIS/2 cannot carry: a wall on its own nodes, springs, offsets, grids. */
function portalWithLosses(): Model {
  const model = portalFrame();
  model.nodes.push(
    { id: 'W1a', name: 'W1a', source, attributes: {}, type: 'Node', x: 0, y: -2000, z: 0 },
    { id: 'W1b', name: 'W1b', source, attributes: {}, type: 'Node', x: 3000, y: -2000, z: 0 },
    { id: 'W1c', name: 'W1c', source, attributes: {}, type: 'Node', x: 3000, y: -2000, z: 3000 },
    { id: 'W1d', name: 'W1d', source, attributes: {}, type: 'Node', x: 0, y: -2000, z: 3000 },
  );
  model.elements.push({
    id: 'W1',
    name: 'W1',
    source,
    attributes: {},
    type: 'Wall',
    nodeIds: ['W1a', 'W1b', 'W1c', 'W1d'],
    profileId: 'SLAB200',
  });
  model.springProperties.push({
    id: 'K1',
    name: 'K1',
    source,
    attributes: {},
    type: 'SpringProperty',
    ux: 1e6,
    uy: 1e6,
    uz: 0,
    rx: 0,
    ry: 0,
    rz: 0,
  });
  // N5 stands on the spring alone; N1 is also fixed, and a CIS/2 node has one support.
  for (const node of model.nodes) if (node.id === 'N5' || node.id === 'N1') node.springPropertyId = 'K1';
  const b1 = model.elements.find((element) => element.id === 'B1');
  if (b1?.type === 'Beam') {
    b1.endOffsets = { i: 150, j: 200 };
    b1.rigidZoneFactor = 0.5;
    b1.insertionOffsets = { i: { x: 0, y: 50, z: 0 }, j: { x: 0, y: 50, z: 0 } };
  }
  model.grids.push({
    id: 'G/A',
    name: 'A',
    source,
    attributes: {},
    type: 'Grid',
    system: 'G',
    label: 'A',
    geometry: { kind: 'axis', direction: 'X', coordinate: 0 },
  });
  return model;
}

describe('CIS/2 fidelity on a synthetic portal frame', () => {
  const before = portalWithLosses();
  const written = writeCis2(before, { timeStamp: '2025-01-01T00:00:00' });
  const read = readCis2(written.bytes);
  const { differences } = compareModels(before, read.model);
  const { explained, unexplained } = explainDifferences(differences, [
    ...written.report.items,
    ...read.report.items,
  ]);

  it('explains every difference by a report item naming its concept and objects', () => {
    expect(unexplained.map((difference) => difference.message)).toEqual([]);
    // The losses are really there, and really named.
    const concepts = new Set(explained.map(({ difference }) => difference.concept));
    for (const concept of ['node', 'element', 'spring', 'offset', 'rigidZone', 'grid', 'level', 'group'])
      expect(concepts, concept).toContain(concept);
  });

  it('reports each kind of loss once, with every object in its ids, never model-wide', () => {
    const kinds = written.report.items
      .filter((item) => item.concept !== undefined)
      .map((item) => `${item.subject} ${item.concept}`);
    expect(new Set(kinds).size).toBe(kinds.length);
    const byReason = (subject: string) => written.report.items.find((item) => item.subject === subject);
    expect(byReason('Node')?.ids?.sort()).toEqual(['W1a', 'W1b', 'W1c', 'W1d']);
    expect(byReason('Wall')).toMatchObject({ concept: 'element', ids: ['W1'] });
    expect(byReason('Spring')).toMatchObject({ concept: 'spring', ids: ['N1', 'K1'] });
    expect(byReason('EndOffset')).toMatchObject({ concept: 'offset', ids: ['B1'] });
    expect(byReason('InsertionOffset')).toMatchObject({ concept: 'offset', ids: ['B1'] });
    expect(byReason('RigidZone')).toMatchObject({ concept: 'rigidZone', ids: ['B1'] });
    expect(byReason('AreaLoad')?.reason).toMatch(/^1 area loads/);
    for (const item of written.report.items)
      if (item.concept !== undefined) expect(item.ids?.length ?? 0, item.subject).toBeGreaterThan(0);
  });
});

describe('CIS/2 spring supports', () => {
  it('writes a spring property as BOUNDARY_CONDITION_SPRING_LINEAR and reads the node on it back', () => {
    const before = portalWithLosses();
    const written = writeCis2(before, { timeStamp: '2025-01-01T00:00:00' });
    expect(new TextDecoder().decode(written.bytes)).toContain(
      "BOUNDARY_CONDITION_SPRING_LINEAR('K1',$,1000.,1000.,0.,0.,0.,0.)",
    );
    const after = readCis2(written.bytes).model;
    expect(after.springProperties).toMatchObject([
      { id: 'K1', ux: 1e6, uy: 1e6, uz: 0, rx: 0, ry: 0, rz: 0 },
    ]);
    expect(after.nodes.find((node) => node.id === 'N5')?.springPropertyId).toBe('K1');
    // N1 keeps its fixed support.
    const n1 = after.nodes.find((node) => node.id === 'N1');
    expect(n1?.springPropertyId).toBeUndefined();
    expect(n1?.restraint?.ux).toBe(true);
    const { differences } = compareModels(before, after);
    expect(differences.filter((d) => d.concept === 'spring').map((d) => d.id)).toEqual(['N1']);
  });
});

describe('CIS/2 stated section properties', () => {
  it('writes a general section as SECTION_PROPERTIES and reads its area, inertias, J and shear areas back', () => {
    const before = portalFrame();
    before.profiles.push({
      id: 'FSEC1',
      name: 'FSEC1',
      source,
      attributes: {},
      type: 'Profile',
      kind: 'frame',
      materialId: 'S355',
      section: { shape: 'general' },
      properties: { area: 278709, i22: 0, i33: 8.63097e9, j: 1.5e7, as2: 1200 },
    });
    const c1 = before.elements.find((element) => element.id === 'C1');
    if (c1?.type === 'Column') {
      c1.profileId = 'FSEC1';
      c1.cardinalPoint = 2;
    }
    const written = writeCis2(before, { timeStamp: '2025-01-01T00:00:00' });
    const text = new TextDecoder().decode(written.bytes);
    expect(text).toMatch(/SECTION_PROPERTIES\(#\d+,278709\.?,\$?/);
    const after = readCis2(written.bytes).model;
    const profile = after.profiles.find((candidate) => candidate.id === 'FSEC1');
    expect(profile?.kind === 'frame' && profile.section).toEqual({ shape: 'general' });
    expect(profile?.kind === 'frame' && profile.properties).toEqual({
      area: 278709,
      i22: 0,
      i33: 8.63097e9,
      j: 1.5e7,
      as2: 1200,
    });
    const { differences } = compareModels(before, after);
    // The slab's shell section is the only section difference, and it is the reported one.
    expect(
      differences.filter((difference) => difference.concept === 'section').map((difference) => difference.id),
    ).toEqual(['SLAB200']);
    expect(written.report.items.filter((item) => item.ids?.includes('FSEC1') || item.id === 'FSEC1')).toEqual(
      [],
    );
  });
});

describe('CIS/2 load patterns, cases and combinations', () => {
  /** The portal frame as an IFC reader gives it: ids that are GUIDs, names the engineer typed, a case-less pattern. */
  function renamed(): Model {
    const model = portalFrame();
    const guid = (id: string) => `g-${id.toLowerCase()}`;
    for (const pattern of model.loadPatterns) pattern.id = guid(pattern.id);
    for (const loadCase of model.loadCases) {
      loadCase.id = `case-${loadCase.id.toLowerCase()}`;
      loadCase.loads = loadCase.loads.map((item) => ({ ...item, patternId: guid(item.patternId) }));
    }
    for (const combination of model.loadCombinations) {
      combination.id = 'g-uls';
      combination.items = combination.items.map((item) => ({ ...item, id: `case-${item.id.toLowerCase()}` }));
    }
    for (const load of model.loads) load.patternId = guid(load.patternId);
    model.loadPatterns.push({
      id: 'g-wind',
      name: 'WIND',
      source,
      attributes: {},
      type: 'LoadPattern',
      patternType: 'Wind',
      selfWeightMultiplier: 0,
    });
    return model;
  }

  it('keeps their names, and adds no analysis case for a pattern that had none', () => {
    const before = renamed();
    const written = writeCis2(before, { timeStamp: '2025-01-01T00:00:00' });
    const after = readCis2(written.bytes).model;
    expect(after.loadPatterns.map((pattern) => pattern.name)).toEqual(['DEAD', 'LIVE', 'WIND']);
    expect(after.loadCases.map((loadCase) => loadCase.name).sort()).toEqual(['DEAD', 'LIVE']);
    expect(after.loadPatterns.find((pattern) => pattern.name === 'WIND')?.patternType).toBe('Wind');
    const { differences } = compareModels(before, after);
    expect(
      differences
        .filter((difference) => ['pattern', 'case', 'combination'].includes(difference.concept))
        .map((difference) => difference.message),
    ).toEqual([]);
  });
});
