import { describe, expect, it } from 'vitest';
import type { ReportItem, TranslationReport } from '../formats/report';
import { countModel } from '../formats/report';
import type { Model } from '../schema';
import { noEndReleases } from '../schema';
import type { FidelityDifference } from './index';
import { certify, compareModels, explainDifferences, renderCertificate, withLeftBehind } from './index';
import { elementOf, nodeOf, pinnedEnds, portalFrame } from './testing/portalFrame';

function differencesBetween(before: Model, after: Model): FidelityDifference[] {
  return compareModels(before, after).differences;
}

function edited(edit: (model: Model) => void): { before: Model; after: Model } {
  const before = portalFrame();
  const after = portalFrame();
  edit(after);
  return { before, after };
}

function writeReport(model: Model, items: ReportItem[]): TranslationReport {
  return { format: 'test', direction: 'write', counts: countModel(model), items };
}

describe('compareModels on a model and its copy', () => {
  it('finds no difference in an identical copy', () => {
    const comparison = compareModels(portalFrame(), portalFrame());
    expect(comparison.differences).toEqual([]);
    const beams = comparison.summary.kinds.find((kind) => kind.kind === 'beams');
    expect(beams).toMatchObject({ before: 4, after: 4, matched: 4, missing: 0, added: 0 });
    expect(Object.values(beams?.aspects ?? {}).every((count) => count === 0)).toBe(true);
  });

  it('matches nodes and members by position when every id changed', () => {
    const { before, after } = edited((model) => {
      const rename = (id: string) => `J${id}`;
      for (const node of model.nodes) node.id = rename(node.id);
      for (const element of model.elements) {
        if (element.type === 'Beam' || element.type === 'Column') {
          element.startNodeId = rename(element.startNodeId);
          element.endNodeId = rename(element.endNodeId);
          element.id = `M${element.id}`;
        } else if (element.type === 'Floor') {
          element.nodeIds = element.nodeIds.map(rename);
          element.id = 'SLAB';
        }
      }
      for (const load of model.loads) {
        if (load.type === 'PointLoad') load.nodeId = rename(load.nodeId);
        else if (load.type === 'LinearLoad') load.elementId = `M${load.elementId}`;
        else load.elementId = 'SLAB';
      }
      for (const group of model.groups)
        group.members = group.members.map((member) => ({
          ...member,
          id: member.kind === 'node' ? rename(member.id) : `M${member.id}`,
        }));
    });
    expect(differencesBetween(before, after)).toEqual([]);
  });

  it('matches a node moved 0.5 mm and not one moved 5 mm (tolerance 1 mm)', () => {
    const slightly = edited((model) => (nodeOf(model, 'N5').x += 0.5));
    expect(differencesBetween(slightly.before, slightly.after)).toEqual([]);

    const far = edited((model) => (nodeOf(model, 'N5').x += 5));
    const differences = differencesBetween(far.before, far.after);
    expect(differences).toContainEqual(
      expect.objectContaining({ concept: 'node', change: 'missing', subject: 'Node', id: 'N5' }),
    );
    expect(differences).toContainEqual(
      expect.objectContaining({ concept: 'node', change: 'added', id: 'N5' }),
    );
    // B1 keeps its id but not its place: matched by id, reported as moved.
    expect(differences).toContainEqual(
      expect.objectContaining({ concept: 'element', change: 'changed', id: 'B1', field: 'nodes' }),
    );
    // A 10 mm tolerance takes the 5 mm move.
    expect(compareModels(far.before, far.after, { positionTolerance: 10 }).differences).toEqual([]);
  });
});

describe('releases', () => {
  it('a pinned beam that became fixed-ended is an unexplained release difference naming the beam and the DOFs', () => {
    const { before, after } = edited((model) => delete elementOf(model, 'B1', 'Beam').releases);
    const differences = differencesBetween(before, after);
    expect(differences).toHaveLength(1);
    const [difference] = differences;
    expect(difference).toMatchObject({ concept: 'release', change: 'changed', subject: 'Beam', id: 'B1' });
    expect(difference?.ids).toContain('B1');
    expect(difference?.message).toContain('Beam B1');
    expect(difference?.message).toContain('end i moment M3 released before, fixed after');
    expect(difference?.message).toContain('end j moment M2 released before, fixed after');

    expect(explainDifferences(differences, []).unexplained).toEqual(differences);
    const item: ReportItem = {
      severity: 'approximated',
      subject: 'Frame',
      reason: 'releases not written',
      concept: 'release',
      id: 'B1',
    };
    const explained = explainDifferences(differences, [item]);
    expect(explained.unexplained).toEqual([]);
    expect(explained.explained).toEqual([{ difference, item }]);
  });

  it('is explained by an item listing the beam among its ids, or naming the concept model-wide, not by another concept', () => {
    const { before, after } = edited((model) => delete elementOf(model, 'B1', 'Beam').releases);
    const differences = differencesBetween(before, after);
    const among: ReportItem = {
      severity: 'dropped',
      subject: 'Frames',
      reason: 'r',
      concept: 'release',
      ids: ['B7', 'B1'],
    };
    expect(explainDifferences(differences, [among]).unexplained).toEqual([]);
    const modelWide: ReportItem = {
      severity: 'dropped',
      subject: 'Releases',
      reason: 'r',
      concept: 'release',
    };
    expect(explainDifferences(differences, [modelWide]).unexplained).toEqual([]);
    const otherConcept: ReportItem = {
      severity: 'dropped',
      subject: 'Frame',
      reason: 'r',
      concept: 'section',
      id: 'B1',
    };
    const noConcept: ReportItem = { severity: 'dropped', subject: 'Frame', reason: 'r', id: 'B1' };
    expect(explainDifferences(differences, [otherConcept, noConcept]).unexplained).toEqual(differences);
  });

  it('a member whose ends were swapped together with its releases differs only in end order', () => {
    const before = portalFrame();
    const beforeBeam = elementOf(before, 'B1', 'Beam');
    beforeBeam.releases = { type: 'Releases', i: { ...noEndReleases(), m3: true }, j: noEndReleases() };
    beforeBeam.endOffsets = { i: 150, j: 0 };
    const after = portalFrame();
    const afterBeam = elementOf(after, 'B1', 'Beam');
    afterBeam.startNodeId = 'N6';
    afterBeam.endNodeId = 'N5';
    afterBeam.releases = { type: 'Releases', i: noEndReleases(), j: { ...noEndReleases(), m3: true } };
    afterBeam.endOffsets = { i: 0, j: 150 };
    const differences = differencesBetween(before, after);
    expect(differences.map((difference) => [difference.concept, difference.id])).toEqual([
      ['endOrder', 'B1'],
    ]);
  });
});

describe('sections and materials', () => {
  it('a renamed section with the same shape and dimensions is one name difference on the section, none on its members', () => {
    const { before, after } = edited((model) => {
      const profile = model.profiles.find((candidate) => candidate.id === 'W310');
      if (!profile) throw new Error('W310');
      profile.id = 'W12X26';
      profile.name = 'W12X26';
      for (const element of model.elements)
        if ('profileId' in element && element.profileId === 'W310') element.profileId = 'W12X26';
    });
    expect(differencesBetween(before, after)).toEqual([
      expect.objectContaining({
        concept: 'section',
        subject: 'Profile',
        id: 'W310',
        afterId: 'W12X26',
        field: 'name',
        ids: expect.arrayContaining(['W310', 'W12X26']),
      }),
    ]);
  });

  it('a changed flange thickness is a section difference on each beam, naming the profile', () => {
    const { before, after } = edited((model) => {
      const profile = model.profiles.find((candidate) => candidate.id === 'W310');
      if (profile?.kind !== 'frame' || profile.section.shape !== 'i') throw new Error('W310');
      profile.section.flangeThickness = 12;
    });
    const differences = differencesBetween(before, after);
    const onBeams = differences.filter((difference) => difference.subject === 'Beam');
    expect(onBeams.map((difference) => difference.id).sort()).toEqual(['B1', 'B2', 'B3', 'B4']);
    for (const difference of onBeams) {
      expect(difference).toMatchObject({
        concept: 'section',
        field: 'section.flangeThickness',
        before: 9.7,
        after: 12,
      });
      expect(difference.ids).toContain('W310');
      expect(difference.message).toContain('flange thickness 9.7 mm before, 12 mm after');
    }
    expect(differences).toContainEqual(
      expect.objectContaining({ concept: 'section', subject: 'Profile', id: 'W310' }),
    );
    // One report item on the section explains all of it.
    const item: ReportItem = {
      severity: 'approximated',
      subject: 'FRAMESECTION',
      reason: 'rounded',
      concept: 'section',
      id: 'W310',
    };
    expect(explainDifferences(differences, [item]).unexplained).toEqual([]);
  });

  it('a changed elastic modulus is a material difference on every member that uses it through its section', () => {
    const { before, after } = edited((model) => {
      const steel = model.materials.find((material) => material.id === 'S355');
      if (steel) steel.elasticModulus = 200e9;
    });
    const members = differencesBetween(before, after).filter(
      (difference) => difference.concept === 'material' && difference.subject !== 'Material',
    );
    expect(members).toHaveLength(8);
    expect(members[0]?.ids).toEqual(expect.arrayContaining(['S355', 'SHS200']));
    expect(members[0]?.message).toContain('E 210000 MPa before, 200000 MPa after');
  });

  it('takes G from E and ν and unit weight from mass density when one side states only those', () => {
    const { before, after } = edited((model) => {
      const steel = model.materials.find((material) => material.id === 'S355');
      if (!steel) return;
      steel.shearModulus = 210e9 / 2.6;
      delete steel.unitWeight;
      steel.massDensity = 76_980 / 9.80665;
    });
    expect(differencesBetween(before, after)).toEqual([]);
  });
});

describe('member assignments compared with their defaults', () => {
  it('treats an absent cardinal point as 10, an absent angle as 0 and angles modulo 360, absent modifiers as 1', () => {
    const { before, after } = edited((model) => {
      const beam = elementOf(model, 'B1', 'Beam');
      beam.cardinalPoint = 10;
      beam.orientationAngle = 360;
      (beam as { modifiers?: Record<string, number> }).modifiers = { area: 1, i33: 1 };
    });
    expect(differencesBetween(before, after)).toEqual([]);
  });

  it('reports a stiffness modifier, a cardinal point, a local axis, a rigid zone and an insertion offset', () => {
    const { before, after } = edited((model) => {
      const beam = elementOf(model, 'B1', 'Beam');
      (beam as { modifiers?: Record<string, number> }).modifiers = { i33: 0.35 };
      beam.cardinalPoint = 8;
      beam.orientationAngle = 90;
      beam.rigidZoneFactor = 0.5;
      beam.insertionOffsets = { i: { x: 0, y: 0, z: -155 }, j: { x: 0, y: 0, z: -155 } };
    });
    const concepts = differencesBetween(before, after)
      .map((difference) => difference.concept)
      .sort();
    expect(concepts).toEqual(['cardinalPoint', 'localAxis', 'modifier', 'offset', 'rigidZone']);
  });
});

describe('supports and springs', () => {
  it('reports a released support naming the node and the DOFs', () => {
    const { before, after } = edited((model) => {
      const base = nodeOf(model, 'N1');
      base.restraint = { type: 'Restraint', ux: true, uy: true, uz: true, rx: false, ry: false, rz: false };
    });
    const [difference] = differencesBetween(before, after);
    expect(difference).toMatchObject({ concept: 'restraint', id: 'N1' });
    expect(difference?.message).toContain('RX fixed before, free after');
  });

  it('compares springs by stiffness through the spring property, whatever its name', () => {
    const spring = (id: string, uz: number) => ({
      id,
      name: id,
      source: { tool: 'gusset' as const },
      attributes: {},
      type: 'SpringProperty' as const,
      ux: 0,
      uy: 0,
      uz,
      rx: 0,
      ry: 0,
      rz: 0,
    });
    const before = portalFrame();
    before.springProperties.push(spring('SOIL', 5e7));
    nodeOf(before, 'N1').springPropertyId = 'SOIL';
    const renamed = portalFrame();
    renamed.springProperties.push(spring('SPR1', 5e7));
    nodeOf(renamed, 'N1').springPropertyId = 'SPR1';
    expect(differencesBetween(before, renamed).filter((difference) => difference.subject === 'Node')).toEqual(
      [],
    );

    const softer = portalFrame();
    softer.springProperties.push(spring('SOIL', 2e7));
    nodeOf(softer, 'N1').springPropertyId = 'SOIL';
    const onNode = differencesBetween(before, softer).find((difference) => difference.subject === 'Node');
    expect(onNode).toMatchObject({ concept: 'spring', id: 'N1', field: 'stiffness.uz' });
    expect(onNode?.ids).toContain('SOIL');
  });
});

describe('loads', () => {
  it('a load moved to another pattern is one load difference naming both patterns', () => {
    const { before, after } = edited((model) => {
      const load = model.loads.find((candidate) => candidate.id === 'P1');
      if (load) load.patternId = 'LIVE';
    });
    const differences = differencesBetween(before, after);
    const onLoad = differences.filter((difference) => difference.subject === 'PointLoad');
    expect(onLoad).toEqual([
      expect.objectContaining({
        concept: 'load',
        change: 'changed',
        id: 'P1',
        field: 'patternId',
        before: 'DEAD',
        after: 'LIVE',
      }),
    ]);
    // Both patterns' totals changed by the 10 kN.
    const totals = differences
      .filter((difference) => difference.field === 'resultant')
      .map((difference) => difference.id);
    expect(totals.sort()).toEqual(['DEAD', 'LIVE']);
  });

  it('an area load lost is a changed total; the same load spread as point loads keeps the total', () => {
    const lost = edited((model) => (model.loads = model.loads.filter((load) => load.id !== 'A1')));
    const lostDifferences = differencesBetween(lost.before, lost.after);
    expect(lostDifferences).toContainEqual(
      expect.objectContaining({ concept: 'load', change: 'missing', id: 'A1' }),
    );
    expect(lostDifferences).toContainEqual(
      expect.objectContaining({ concept: 'load', subject: 'LoadPattern', id: 'LIVE', field: 'resultant' }),
    );

    // 2 kPa on 6 m × 6 m = 72 kN, as 18 kN on each corner.
    const spread = edited((model) => {
      model.loads = model.loads.filter((load) => load.id !== 'A1');
      for (const nodeId of ['N5', 'N6', 'N7', 'N8'])
        model.loads.push({
          id: `PL${nodeId}`,
          name: `PL${nodeId}`,
          source: { tool: 'gusset' },
          attributes: {},
          type: 'PointLoad',
          nodeId,
          patternId: 'LIVE',
          coordinateSystem: 'Global',
          fx: 0,
          fy: 0,
          fz: -18_000,
          mx: 0,
          my: 0,
          mz: 0,
        });
    });
    const comparison = compareModels(spread.before, spread.after);
    expect(comparison.differences.filter((difference) => difference.field === 'resultant')).toEqual([]);
    const missing = comparison.differences.find((difference) => difference.id === 'A1');
    expect(missing?.change).toBe('missing');
    expect(missing?.message).toContain('total load is unchanged');
    expect(comparison.summary.resultants.find((resultant) => resultant.pattern === 'LIVE')).toMatchObject({
      identical: true,
      before: { fz: -72_000 },
    });
  });

  it('a line load given in mm instead of fractions of the member is the same load', () => {
    const { before, after } = edited((model) => {
      const load = model.loads.find((candidate) => candidate.id === 'W1');
      if (load?.type === 'LinearLoad' && load.distribution.kind === 'distributed')
        load.distribution = { ...load.distribution, relative: false, start: 0, end: 6000 };
    });
    expect(differencesBetween(before, after)).toEqual([]);
  });

  it('reads a load along Gravity as the same load of the opposite sign along Z, and tells a flipped one apart', () => {
    const alongZ = (model: Model, sign: number) => {
      for (const load of model.loads) {
        if (load.type === 'AreaLoad' && load.direction === 'Gravity') {
          load.direction = 'Z';
          load.value *= -sign;
        } else if (load.type === 'LinearLoad' && load.direction === 'Gravity') {
          load.direction = 'Z';
          if (load.distribution.kind === 'distributed')
            load.distribution = {
              ...load.distribution,
              startValue: -sign * load.distribution.startValue,
              endValue: -sign * load.distribution.endValue,
            };
        }
      }
    };
    const same = edited((model) => alongZ(model, 1));
    expect(differencesBetween(same.before, same.after)).toEqual([]);
    const flipped = edited((model) => alongZ(model, -1));
    expect(
      differencesBetween(flipped.before, flipped.after)
        .filter((difference) => difference.subject !== 'LoadPattern')
        .map((difference) => [difference.id, difference.field]),
    ).toEqual(
      expect.arrayContaining([
        ['W1', 'distribution.value'],
        ['A1', 'value'],
      ]),
    );
  });

  it('a changed load value names the load, its member and pattern', () => {
    const { before, after } = edited((model) => {
      const load = model.loads.find((candidate) => candidate.id === 'W1');
      if (load?.type === 'LinearLoad' && load.distribution.kind === 'distributed')
        load.distribution = { ...load.distribution, startValue: 6000, endValue: 6000 };
    });
    const onLoad = differencesBetween(before, after).find(
      (difference) => difference.subject === 'LinearLoad',
    );
    expect(onLoad?.message).toContain('Line load W1 on Beam B1 (pattern DEAD): 5 kN/m before, 6 kN/m after');
    expect(onLoad?.ids).toEqual(expect.arrayContaining(['W1', 'B1', 'DEAD']));
  });
});

describe('definitions', () => {
  it('a changed combination factor names the combination and the case', () => {
    const { before, after } = edited((model) => {
      const item = model.loadCombinations[0]?.items[0];
      if (item) item.scale = 1.35;
    });
    expect(differencesBetween(before, after)).toEqual([
      expect.objectContaining({
        concept: 'combination',
        id: 'ULS',
        field: 'items.DEAD',
        before: 1.2,
        after: 1.35,
      }),
    ]);
  });

  it('a lost group member is a group difference naming it', () => {
    const { before, after } = edited((model) => {
      const group = model.groups[0];
      if (group) group.members = group.members.filter((member) => member.id !== 'B2');
    });
    const [difference] = differencesBetween(before, after);
    expect(difference).toMatchObject({ concept: 'group', id: 'EDGE', field: 'members' });
    expect(difference?.ids).toContain('B2');
    expect(difference?.message).toContain('1 member lost (B2)');
  });

  it('compares patterns, cases and levels', () => {
    const { before, after } = edited((model) => {
      const dead = model.loadPatterns[0];
      if (dead) dead.selfWeightMultiplier = 0;
      const liveCase = model.loadCases[1];
      if (liveCase) liveCase.loads[0] = { patternId: 'LIVE', scale: 0.5 };
      const level = model.levels[1];
      if (level) level.elevation = 3100;
    });
    const found = differencesBetween(before, after).map((difference) => [difference.concept, difference.id]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['pattern', 'DEAD'],
        ['case', 'LIVE'],
        ['level', 'L1'],
      ]),
    );
  });

  it("reads the tools' words for the same analysis as the same case type", () => {
    const { before, after } = edited((model) => {
      const [dead, live] = model.loadCases;
      if (dead) dead.caseType = 'LinStatic';
      if (live) live.caseType = 'Modal - Eigen';
    });
    expect(differencesBetween(before, after)).toEqual([
      expect.objectContaining({
        concept: 'case',
        id: 'LIVE',
        field: 'caseType',
        before: 'Linear Static',
        after: 'Modal - Eigen',
      }),
    ]);
  });

  it("reads Ritz and FNA cases in either tool's words as the same analysis", () => {
    const { before, after } = edited((model) => {
      const [dead, live] = model.loadCases;
      if (dead) dead.caseType = 'LinModal';
      if (live) live.caseType = 'Nonlinear Modal History (FNA)';
    });
    const [dead, live] = before.loadCases;
    if (dead) dead.caseType = 'Modal - Ritz';
    if (live) live.caseType = 'NonModHist';
    expect(differencesBetween(before, after)).toEqual([]);
  });

  it('compares functions when both models have them, and ignores their absence', () => {
    const withFunctions = (model: Model, period: number) =>
      Object.assign(model, {
        functions: [
          {
            id: 'RS1',
            name: 'RS1',
            type: 'Function',
            source: { tool: 'gusset' },
            attributes: {},
            points: [
              [0, 0.1],
              [period, 0.2],
            ],
          },
        ],
      });
    expect(differencesBetween(withFunctions(portalFrame(), 1), withFunctions(portalFrame(), 1))).toEqual([]);
    const differences = differencesBetween(withFunctions(portalFrame(), 1), withFunctions(portalFrame(), 2));
    expect(differences).toEqual([
      expect.objectContaining({ concept: 'function', id: 'RS1', field: 'points.1.0' }),
    ]);
    expect(differencesBetween(withFunctions(portalFrame(), 1), portalFrame())).toEqual([
      expect.objectContaining({ concept: 'function', change: 'missing', id: 'RS1' }),
    ]);
  });

  it('reports a node taken off its diaphragm under the diaphragm, naming the node', () => {
    const { before, after } = edited((model) => delete nodeOf(model, 'N5').diaphragmId);
    const [difference] = differencesBetween(before, after);
    expect(difference).toMatchObject({ concept: 'diaphragm', id: 'D1', field: 'assignments' });
    expect(difference?.ids).toContain('N5');
  });
});

describe('certify', () => {
  it('states per kind what survived, what the reports explain, and what no report mentions', () => {
    const { before, after } = edited((model) => {
      delete elementOf(model, 'B1', 'Beam').releases;
      elementOf(model, 'B2', 'Beam').releases = undefined;
      model.loads = model.loads.filter((load) => load.id !== 'A1');
    });
    const report = writeReport(before, [
      {
        severity: 'dropped',
        subject: 'AREALOAD',
        reason: 'area loads are not written',
        concept: 'load',
        ids: ['A1'],
      },
      {
        severity: 'approximated',
        subject: 'LINEASSIGN',
        reason: 'partial fixity written as fixed',
        concept: 'release',
        id: 'B2',
      },
    ]);
    const certificate = certify(before, after, [report]);
    expect(certificate.verdict).toBe('unexplained');
    expect(certificate.unexplainedDifferences.map((difference) => difference.id)).toEqual(['B1']);
    expect(certificate.dropped).toEqual([
      expect.objectContaining({ concept: 'load', label: 'loads', examples: ['A1', 'LIVE'] }),
    ]);
    expect(certificate.approximated).toEqual([
      expect.objectContaining({
        label: 'end releases',
        count: 1,
        examples: ['B2'],
        reasons: ['LINEASSIGN: partial fixity written as fixed'],
      }),
    ]);
    const beams = certificate.kinds.find((kind) => kind.kind === 'beams');
    expect(beams?.line).toBe(
      '4 beams: positions, end order, sections, materials, end offsets, rigid zone factors, cardinal points, local axes, stiffness modifiers identical; end releases differ on 2',
    );

    const text = renderCertificate(certificate);
    expect(text).toContain(
      "Fidelity: 4 differences, 3 explained by the translators' reports, 1 unexplained.",
    );
    expect(text).toContain('  8 nodes: positions, restraints, springs, diaphragms identical');
    expect(text).toContain('  1 area load: 0 of 1 matched (1 missing)\n');
    expect(text).toContain('reported: AREALOAD: area loads are not written');
    expect(text).toContain(
      'Unexplained: differences no report mentions\n  end releases: 1 (B1)\n    Beam B1: end i',
    );
    // Engineering words, never the schema's camelCase names.
    for (const word of [
      'endOrder',
      'rigidZone',
      'cardinalPoint',
      'localAxis',
      'areaLoads',
      'lineLoads',
      'loadPatterns',
    ])
      expect(text).not.toContain(word);
  });

  it('certifies an identical copy', () => {
    const certificate = certify(portalFrame(), portalFrame(), []);
    expect(certificate.verdict).toBe('identical');
    expect(renderCertificate(certificate)).toContain('Fidelity: no difference an engineer would see.');
    expect(renderCertificate(certificate)).toContain('load totals per pattern: 2 of 2 identical');
  });

  it('keeps pinned beams pinned in the portal frame helper', () => {
    expect(elementOf(portalFrame(), 'B3', 'Beam').releases).toEqual(pinnedEnds());
  });
});

describe('what an export leaves behind', () => {
  it('is a dropped difference per subject, with its reason, so an identical certificate says it', () => {
    const model = portalFrame();
    const certificate = withLeftBehind(
      certify(model, model, []),
      'results',
      ['story drifts', 'base reactions'],
      'not carried',
    );
    expect(certificate.verdict).toBe('explained');
    expect(certificate.counts).toMatchObject({ differences: 2, explained: 2, unexplained: 0 });
    expect(certificate.dropped).toEqual([
      expect.objectContaining({
        concept: 'results',
        count: 2,
        examples: ['story drifts', 'base reactions'],
        reasons: ['not carried'],
        messages: [
          'story drifts: present before, absent after',
          'base reactions: present before, absent after',
        ],
      }),
    ]);
    expect(withLeftBehind(certify(model, model, []), 'results', [], 'not carried').verdict).toBe('identical');
  });
});
