import { describe, expect, it } from 'vitest';
import { gridBuilding } from '../repair/testing/defects';
import type { FrameElement, Model, Releases, SourceTool } from '../schema';
import { noEndReleases } from '../schema';
import { checkConnectivity } from './index';

/* Issue #21: the checks decide with the model's own rules (auto mesh, releases on the assembled structure). */

function oneBay(tool: SourceTool): Model {
  const model = gridBuilding({ bays: [1, 1], stories: 1, bay: 6000, storyHeight: 3500, seed: 1 });
  model.source = { tool };
  return model;
}

function beam(model: Model, id: string, start: string, end: string, extra: Partial<FrameElement> = {}) {
  model.elements.push({
    id,
    source: model.source,
    name: id,
    attributes: {},
    type: 'Beam',
    startNodeId: start,
    endNodeId: end,
    ...extra,
  } as FrameElement);
}

/** A secondary beam from mid-span of the beam N0_0_1–N1_0_1 (y = 0, top) to mid-span of the opposite one. */
function withSecondary(model: Model): Model {
  const base = { source: model.source, attributes: {}, type: 'Node' as const, levelId: 'L1' };
  model.nodes.push({ ...base, id: 'M0', name: 'M0', x: 3000, y: 0, z: 3500 });
  model.nodes.push({ ...base, id: 'M1', name: 'M1', x: 3000, y: 6000, z: 3500 });
  beam(model, 'S1', 'M0', 'M1');
  return model;
}

const released = (names: ('t' | 'm2' | 'm3')[]): Releases => {
  const end = { ...noEndReleases(), ...Object.fromEntries(names.map((name) => [name, true])) };
  return { type: 'Releases', i: { ...end }, j: { ...end } } as Releases;
};
const pinned = (): Releases => released(['m2', 'm3']);

const severities = (model: Model, check: string) =>
  checkConnectivity(model)
    .issues.filter((issue) => issue.check === check)
    .map((issue) => issue.severity);

describe('checks with the model tool’s own rules', () => {
  it('a beam end on an ETABS beam span (meshed by default) is info, not a free end or a floating part', () => {
    const model = withSecondary(oneBay('etabs'));
    expect(severities(model, 'C03')).toEqual(['info', 'info']);
    expect(severities(model, 'C08')).toEqual([]);
    expect(severities(model, 'C09')).toEqual([]);
  });

  it('MESHATINTERSECTIONS "YES" read from e2k text gives the same answer', async () => {
    const { readE2k } = await import('../formats/etabs/read');
    const text = [
      '$ PROGRAM INFORMATION',
      '  PROGRAM  "ETABS"  VERSION "20.2.0"',
      '$ CONTROLS',
      '  UNITS  "KN"  "M"  "C"',
      '$ STORIES - IN SEQUENCE FROM TOP',
      '  STORY "Story1"  HEIGHT 3',
      '  STORY "Base"  ELEV 0',
      '$ POINT COORDINATES',
      '  POINT "1"  0  0',
      '  POINT "2"  6  0',
      '  POINT "3"  3  0',
      '  POINT "4"  3  6',
      '  POINT "5"  3  12',
      '$ LINE CONNECTIVITIES',
      '  LINE  "C1"  COLUMN  "1"  "1"  1',
      '  LINE  "C2"  COLUMN  "2"  "2"  1',
      '  LINE  "C3"  COLUMN  "5"  "5"  1',
      '  LINE  "B1"  BEAM  "1"  "2"  0',
      '  LINE  "B2"  BEAM  "3"  "5"  0',
      '$ POINT ASSIGNS',
      '  POINTASSIGN  "1"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"',
      '  POINTASSIGN  "2"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"',
      '  POINTASSIGN  "5"  "Base"  RESTRAINT "UX UY UZ RX RY RZ"',
      '$ LINE ASSIGNS',
      '  LINEASSIGN  "C1"  "Story1"  AUTOMESH "YES"  MESHATINTERSECTIONS "YES"',
      '  LINEASSIGN  "C2"  "Story1"  AUTOMESH "YES"  MESHATINTERSECTIONS "YES"',
      '  LINEASSIGN  "C3"  "Story1"  AUTOMESH "YES"  MESHATINTERSECTIONS "YES"',
      '  LINEASSIGN  "B1"  "Story1"  AUTOMESH "YES"  MESHATINTERSECTIONS "YES"',
      '  LINEASSIGN  "B2"  "Story1"  AUTOMESH "YES"  MESHATINTERSECTIONS "YES"',
      '$ END OF MODEL FILE',
    ].join('\n');
    const model = readE2k(new TextEncoder().encode(text)).model;
    const b1 = model.elements.find((element) => element.name === 'B1') as FrameElement;
    expect(b1.autoMesh).toEqual({ enabled: true, atIntersections: true });
    expect(b1.attributes).not.toHaveProperty('AUTOMESH');
    expect(severities(model, 'C03')).toEqual(['info']);
    expect(severities(model, 'C08')).toEqual([]);
  });

  it('the same in a SAP2000 model (frames not meshed unless assigned) is still a warning', () => {
    const model = withSecondary(oneBay('sap2000'));
    expect(severities(model, 'C03')).toEqual(['warning', 'warning']);
    expect(severities(model, 'C09')).toEqual(['error']);
    // Assigned AtJoints: SAP2000 joins them too.
    for (const element of model.elements)
      if (element.type === 'Beam')
        element.autoMesh = { enabled: true, atJoints: true, atIntersections: false };
    expect(severities(model, 'C03')).toEqual(['info', 'info']);
    expect(severities(model, 'C09')).toEqual([]);
  });

  it('an ETABS floor joins nodes on its edges; a SAP2000 one does not', () => {
    for (const [tool, expected] of [
      ['etabs', 'info'],
      ['sap2000', 'warning'],
    ] as const) {
      const model = withSecondary(oneBay(tool));
      model.elements.push({
        id: 'F1',
        source: model.source,
        name: 'F1',
        attributes: {},
        type: 'Floor',
        nodeIds: ['N0_0_1', 'N1_0_1', 'N1_1_1', 'N0_1_1'],
      });
      expect(severities(model, 'C13')).toEqual([expected, expected]);
    }
  });

  it('a beam pinned at both ends between two columns is stable', () => {
    const model = oneBay('etabs');
    for (const element of model.elements) if (element.type === 'Beam') element.releases = pinned();
    expect(severities(model, 'C15')).toEqual([]);
  });

  it('a column released in torsion at both ends is a mechanism', () => {
    const model = oneBay('etabs');
    const column = model.elements.find((element) => element.type === 'Column') as FrameElement;
    column.releases = released(['t']);
    expect(severities(model, 'C15')).toEqual(['error']);
  });

  it('a node where every member releases M2 and M3 and nothing holds it is a mechanism', () => {
    const model = oneBay('sap2000');
    const base = { source: model.source, attributes: {}, type: 'Node' as const };
    model.nodes.push({ ...base, id: 'P', name: 'P', x: 3000, y: -3000, z: 3500 });
    beam(model, 'P1', 'N0_0_1', 'P', { releases: pinned() });
    beam(model, 'P2', 'P', 'N1_0_1', { releases: pinned() });
    const issues = checkConnectivity(model).issues.filter((issue) => issue.check === 'C15');
    expect(issues.map((issue) => [issue.severity, issue.nodeIds])).toEqual([['error', ['P']]]);
  });
});
