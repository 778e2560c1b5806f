import { describe, expect, it } from 'vitest';
import { hashModel } from '../canonical';
import { readE2k } from '../formats/etabs/read';
import type { Element, FrameElement, LinearLoad, Model, Node } from '../schema';
import { emptyModel, isFrameElement } from '../schema';
import { applyDiff, describeDiff, diffModels } from './index';
import type { ModelDiff } from './types';

/*
 * Issue #20 part 5: related models whose labels disagree. Every model here is built in the test, ETABS-style: level
 * id = story name, node `label@story`, member `label@story`, so renaming a story renames every id on it.
 */

const source = { tool: 'etabs', version: '20.2.0' } as const;
const STORY_HEIGHT = 3500;
const BAY = 6000;
/** Plan points: a 3 × 3 grid. */
const POINTS = [0, 1, 2].flatMap((i) =>
  [0, 1, 2].map((j) => ({ label: `${i * 3 + j + 1}`, x: i * BAY, y: j * BAY })),
);

/** A steel frame of `stories` stories above a base: nodes, columns, beams (W14X90), one floor and a load per story. */
function building(stories: number, storyName = (n: number) => `Story${n}`): Model {
  const model = emptyModel(source, 'm');
  model.materials = [
    {
      id: 'S355',
      source,
      name: 'S355',
      type: 'Material',
      kind: 'steel',
      attributes: {},
    } as Model['materials'][number],
  ];
  const frame = (id: string) =>
    ({
      id,
      source,
      name: id,
      type: 'Profile',
      kind: 'frame',
      materialId: 'S355',
      section: { shape: 'library', library: 'AISC14', designation: id },
      attributes: {},
    }) as Model['profiles'][number];
  model.profiles = [frame('W14X90'), frame('W14X120'), frame('W12X65')];
  model.loadPatterns = [
    {
      id: 'DEAD',
      source,
      name: 'DEAD',
      type: 'LoadPattern',
      patternType: 'Dead',
      selfWeightMultiplier: 1,
      attributes: {},
    },
  ];
  const names = ['Base', ...Array.from({ length: stories }, (_, n) => storyName(n + 1))];
  model.levels = names.map((name, n) => ({
    id: name,
    source,
    name,
    type: 'Level',
    elevation: n * STORY_HEIGHT,
    height: n === 0 ? 0 : STORY_HEIGHT,
    attributes: {},
  }));
  for (const [n, level] of names.entries()) {
    for (const point of POINTS) {
      model.nodes.push({
        id: `${point.label}@${level}`,
        source,
        name: point.label,
        type: 'Node',
        x: point.x,
        y: point.y,
        z: n * STORY_HEIGHT,
        levelId: level,
        attributes: {},
      });
    }
    if (n === 0) continue;
    const below = names[n - 1] as string;
    for (const point of POINTS) {
      model.elements.push({
        id: `C${point.label}@${level}`,
        source,
        name: `C${point.label}`,
        type: 'Column',
        startNodeId: `${point.label}@${below}`,
        endNodeId: `${point.label}@${level}`,
        profileId: 'W12X65',
        levelId: level,
        attributes: {},
      });
    }
    let beam = 0;
    for (const point of POINTS) {
      for (const other of POINTS) {
        const next =
          (other.x === point.x + BAY && other.y === point.y) ||
          (other.y === point.y + BAY && other.x === point.x);
        if (!next) continue;
        beam++;
        model.elements.push({
          id: `B${beam}@${level}`,
          source,
          name: `B${beam}`,
          type: 'Beam',
          startNodeId: `${point.label}@${level}`,
          endNodeId: `${other.label}@${level}`,
          profileId: 'W14X90',
          levelId: level,
          attributes: {},
        });
      }
    }
    model.elements.push({
      id: `F1@${level}`,
      source,
      name: 'F1',
      type: 'Floor',
      nodeIds: ['1', '3', '9', '7'].map((label) => `${label}@${level}`),
      levelId: level,
      attributes: {},
    } as Element);
    const load: LinearLoad = {
      id: `B1@${level}:DEAD`,
      source,
      name: 'B1',
      type: 'LinearLoad',
      elementId: `B1@${level}`,
      patternId: 'DEAD',
      quantity: 'force',
      direction: 'Gravity',
      distribution: {
        kind: 'distributed',
        relative: true,
        start: 0,
        end: 1,
        startValue: 5000,
        endValue: 5000,
      },
      attributes: {},
    };
    model.loads.push(load);
  }
  return model;
}

function countChanges(diff: ModelDiff, collection: string): number {
  return diff.changes.filter((change) => change.collection === collection).length;
}

/** The model with `diff` applied equals `after` exactly when the diff was made with zero tolerance. */
function expectApplies(before: Model, after: Model): void {
  const exact = diffModels(before, after, { lengthTolerance: 0, relativeTolerance: 0 });
  expect(hashModel(applyDiff(before, exact))).toBe(hashModel(after));
}

describe('diff of related models whose labels disagree', () => {
  it('(a) every story relabelled: N level renames and no element or node change', () => {
    const before = building(4);
    const after = building(4, (n) => `L0${n}`);
    const diff = diffModels(before, after);
    expect(countChanges(diff, 'elements')).toBe(0);
    expect(countChanges(diff, 'nodes')).toBe(0);
    expect(countChanges(diff, 'loads')).toBe(0);
    const levels = diff.changes.filter((change) => change.collection === 'levels');
    expect(levels.map((change) => [change.kind, change.id])).toEqual([
      ['modified', 'L01'],
      ['modified', 'L02'],
      ['modified', 'L03'],
      ['modified', 'L04'],
    ]);
    expect(diff.changes).toHaveLength(4);
    expect(diff.counts.elements.unchanged).toBe(before.elements.length);
    expect(diff.rootCauses.map((cause) => [cause.kind, cause.beforeId, cause.id])).toEqual([
      ['levelRenamed', 'Story1', 'L01'],
      ['levelRenamed', 'Story2', 'L02'],
      ['levelRenamed', 'Story3', 'L03'],
      ['levelRenamed', 'Story4', 'L04'],
    ]);
    // 9 nodes, 9 columns, 12 beams and a floor per story.
    expect(diff.rootCauses[0]?.count).toBe(31);
    const view = describeDiff(diff, before, after, 'm');
    expect(view.rootCauses[2]?.text).toBe(
      'Story3 renamed L03 (31 nodes and elements on it relabelled, otherwise unchanged)',
    );
    expect(view.changes.every((change) => change.cause !== null)).toBe(true);
    expectApplies(before, after);
  });

  it('(b) one story raised 2.825 m: one root cause naming it, the per-object changes under it', () => {
    const before = building(5);
    const after = building(5);
    const raised = after.levels.find((level) => level.id === 'Story5');
    if (!raised) throw new Error('no Story5');
    raised.elevation += 2825;
    for (const node of after.nodes) if (node.levelId === 'Story5') node.z += 2825;
    const diff = diffModels(before, after);
    expect(diff.rootCauses).toHaveLength(1);
    const cause = diff.rootCauses[0];
    expect(cause).toMatchObject({
      kind: 'levelMoved',
      id: 'Story5',
      count: 9,
      vector: { x: 0, y: 0, z: 2825 },
    });
    // The level, its 9 nodes, and its 9 columns (whose top moved); beams and floor moved rigidly with them.
    const explained = new Set(cause?.keys);
    expect(explained.has('levels:Story5')).toBe(true);
    for (const change of diff.changes) expect(explained.has(change.key), change.key).toBe(true);
    expect(diff.counts.nodes.modified).toBe(9);
    const view = describeDiff(diff, before, after, 'm');
    expect(view.rootCauses[0]?.text).toBe('Story5 and its 9 nodes moved up 2.825 m');
    expect(view.rootCauses[0]?.keys).toHaveLength(diff.changes.length);
    const node = view.changes.find((change) => change.key === 'nodes:1@Story5');
    expect(node?.cause).toBe('levelMoved:Story5');
    expect(node?.details[0]?.text).toBe('Moved 2.825 m in Z');
  });

  it('(c) every beam of a level resized: one root cause', () => {
    const before = building(3);
    const after = building(3);
    for (const element of after.elements)
      if (element.type === 'Beam' && element.levelId === 'Story2')
        (element as FrameElement).profileId = 'W14X120';
    const diff = diffModels(before, after);
    expect(diff.counts.elements.modified).toBe(12);
    expect(diff.rootCauses).toHaveLength(1);
    expect(diff.rootCauses[0]).toMatchObject({
      kind: 'profileReplaced',
      beforeId: 'W14X90',
      id: 'W14X120',
      elementType: 'Beam',
      levelId: 'Story2',
      count: 12,
    });
    const view = describeDiff(diff, before, after, 'mm');
    expect(view.rootCauses[0]?.text).toBe('All 12 beams of Story2: W14X90 → W14X120');
    expect(view.changes.every((change) => change.cause === view.rootCauses[0]?.key)).toBe(true);

    // All but one: no "all beams" cause.
    const partial = building(3);
    let skipped = false;
    for (const element of partial.elements) {
      if (element.type !== 'Beam' || element.levelId !== 'Story2') continue;
      if (!skipped) skipped = true;
      else (element as FrameElement).profileId = 'W14X120';
    }
    expect(diffModels(before, partial).rootCauses).toEqual([]);

    // The same section swapped on every beam of every story: one model-wide cause.
    const everywhere = building(3);
    for (const element of everywhere.elements)
      if (element.type === 'Beam') (element as FrameElement).profileId = 'W14X120';
    const wide = diffModels(before, everywhere);
    expect(wide.rootCauses.map((cause) => [cause.kind, cause.levelId, cause.count])).toEqual([
      ['profileReplaced', null, 36],
    ]);
    expect(describeDiff(wide, before, everywhere, 'mm').rootCauses[0]?.text).toBe(
      'Profile W14X90 → W14X120 on all 36 members that used it',
    );
  });

  it('(d) a relabelled sub-model against the whole: only the missing part removed', () => {
    const whole = building(4);
    // Stories 1–2 of the same building, exported with other story names.
    const part = building(2, (n) => `L0${n}`);
    const diff = diffModels(whole, part);
    const kinds = new Set(diff.changes.map((change) => change.kind));
    expect([...kinds].sort()).toEqual(['modified', 'removed']);
    expect(diff.counts.nodes).toEqual({ added: 0, removed: 18, modified: 0, unchanged: 27 });
    expect(diff.counts.elements).toEqual({ added: 0, removed: 44, modified: 0, unchanged: 44 });
    expect(diff.counts.levels).toEqual({ added: 0, removed: 2, modified: 2, unchanged: 1 });
    expect(diff.counts.loads).toEqual({ added: 0, removed: 2, modified: 0, unchanged: 2 });
    for (const change of diff.changes.filter(
      (item) => item.kind === 'removed' && item.collection === 'elements',
    ))
      expect(change.id).toMatch(/@Story[34]$/);

    // The reverse: the whole against the part adds the rest.
    const grown = diffModels(part, whole);
    expect(grown.counts.elements).toEqual({ added: 44, removed: 0, modified: 0, unchanged: 44 });
    expectApplies(whole, part);
    expectApplies(part, whole);
  });

  it('(d′) a sub-model with the same labels against the whole: the other part removed', () => {
    const whole = building(4);
    const part = building(2);
    const diff = diffModels(whole, part);
    expect(diff.counts.elements).toEqual({ added: 0, removed: 44, modified: 0, unchanged: 44 });
    expect(diff.rootCauses).toEqual([]);
    expect(diff.relabels).toEqual([]);
  });

  it('(e) ids that agree give the same diff as without label pairing', () => {
    const before = building(3);
    const after = building(3);
    (after.elements[3] as FrameElement).profileId = 'W14X120';
    (after.nodes[12] as Node).x += 40;
    after.elements.splice(20, 1);
    after.nodes.push({ ...(after.nodes[0] as Node), id: 'NEW@Story1', name: 'NEW', x: 99 });
    const diff = diffModels(before, after);
    expect(diff.relabels).toEqual([]);
    expect(diff.rootCauses).toEqual([]);
    // Label pairing only adds to what geometric pairing does; here nothing is left for either to pair.
    const off = diffModels(before, after, { geometricMatching: 'off' });
    expect(diff.changes).toEqual(off.changes);
    expect(diff.counts).toEqual(off.counts);
    // What this diff gave before label pairing existed (checked against the previous engine).
    expect(diff.changes.map((change) => `${change.kind} ${change.key}`)).toEqual([
      'added nodes:NEW@Story1',
      'modified nodes:4@Story1',
      'removed elements:B12@Story1',
      'modified elements:B2@Story1',
      'modified elements:B6@Story1',
      'modified elements:B7@Story1',
      'modified elements:C4@Story1',
      'modified elements:C4@Story2',
    ]);
  });

  it('pairs a renamed profile and a renamed material by content, and the members using them stay unchanged', () => {
    const before = building(2);
    const after = building(2);
    const rename = (model: Model) => {
      for (const profile of model.profiles)
        if (profile.id === 'W14X90') Object.assign(profile, { id: 'W14x90', name: 'W14x90' });
      for (const material of model.materials) Object.assign(material, { id: 'A992', name: 'A992' });
      for (const profile of model.profiles) profile.materialId = 'A992';
      for (const element of model.elements)
        if (isFrameElement(element) && element.profileId === 'W14X90') element.profileId = 'W14x90';
    };
    rename(after);
    const diff = diffModels(before, after);
    expect(diff.counts.elements.modified).toBe(0);
    expect(
      diff.changes.map((change) => [change.key, change.kind === 'modified' && change.matchedBy]),
    ).toEqual([
      ['materials:A992', 'content'],
      ['profiles:W14x90', 'content'],
    ]);
    const view = describeDiff(diff, before, after, 'mm');
    expect(view.rootCauses.map((cause) => cause.text)).toEqual([
      'Material S355 renamed A992 (used by 3 objects)',
      'Profile W14X90 renamed W14x90 (used by 24 objects)',
    ]);
    expectApplies(before, after);
  });

  it('keeps a partial take consistent: a beam taken from a relabelled story brings its nodes’ new ids', () => {
    const before = building(2);
    const after = building(2, (n) => `L0${n}`);
    const beam = after.elements.find((element) => element.id === 'B1@L01') as FrameElement;
    beam.profileId = 'W14X120';
    const diff = diffModels(before, after);
    expect(diff.changes.map((change) => change.key)).toEqual(['levels:L01', 'levels:L02', 'elements:B1@L01']);
    const taken = applyDiff(before, diff, { keys: ['elements:B1@L01'] });
    const ids = new Set(taken.nodes.map((node) => node.id));
    const levelIds = new Set(taken.levels.map((level) => level.id));
    const takenBeam = taken.elements.find((element) => element.id === 'B1@L01') as FrameElement;
    expect(ids.has(takenBeam.startNodeId) && ids.has(takenBeam.endNodeId)).toBe(true);
    expect(levelIds.has(takenBeam.levelId as string)).toBe(true);
    expect(taken.elements.some((element) => element.id === 'B1@Story1')).toBe(false);
  });
});

describe('an .e2k pair whose second file renames a story', () => {
  const text = (upper: string) =>
    [
      '$ PROGRAM INFORMATION',
      '  PROGRAM  "ETABS"  VERSION "20.2.0"',
      '$ CONTROLS',
      '  UNITS  "KN"  "M"  "C"',
      '$ STORIES - IN SEQUENCE FROM TOP',
      `  STORY "${upper}"  HEIGHT 3`,
      '  STORY "L1"  HEIGHT 3',
      '  STORY "Base"  ELEV 0',
      '$ MATERIAL PROPERTIES',
      '  MATERIAL  "S355"  TYPE "Steel"',
      '$ FRAME SECTIONS',
      '  FRAMESECTION  "W1"  MATERIAL "S355"  SHAPE "Steel I/Wide Flange"  D 0.4 B 0.2 TF 0.02 TW 0.01',
      '$ LOAD PATTERNS',
      '  LOADPATTERN "DEAD"  TYPE  "Dead"  SELFWEIGHT  1',
      '$ POINT COORDINATES',
      '  POINT "1"  0 0',
      '  POINT "2"  6 0',
      '  POINT "3"  6 6',
      '$ LINE CONNECTIVITIES',
      '  LINE  "B1"  BEAM  "1"  "2"  0',
      '  LINE  "B2"  BEAM  "2"  "3"  0',
      '  LINE  "C1"  COLUMN  "1"  "1"  1',
      '  LINE  "C2"  COLUMN  "2"  "2"  1',
      '$ LINE ASSIGNS',
      `  LINEASSIGN  "B1"  "${upper}"  SECTION "W1"`,
      `  LINEASSIGN  "B2"  "${upper}"  SECTION "W1"`,
      '  LINEASSIGN  "B1"  "L1"  SECTION "W1"',
      '  LINEASSIGN  "B2"  "L1"  SECTION "W1"',
      `  LINEASSIGN  "C1"  "${upper}"  SECTION "W1"`,
      `  LINEASSIGN  "C2"  "${upper}"  SECTION "W1"`,
      '  LINEASSIGN  "C1"  "L1"  SECTION "W1"',
      '  LINEASSIGN  "C2"  "L1"  SECTION "W1"',
      '$ FRAME OBJECT LOADS',
      `  LINELOAD  "B1"  "${upper}"  TYPE "UNIFF"  DIR "GRAV"  LC "DEAD"  FVAL 5`,
      '$ END OF MODEL FILE',
      '',
    ].join('\n');
  const read = (upper: string) => readE2k(new TextEncoder().encode(text(upper))).model;

  it('reads as one level renamed and nothing else', () => {
    const before = read('L2');
    const after = read('Roof');
    expect(after.elements.some((element) => element.id === 'B1@Roof')).toBe(true);
    const diff = diffModels(before, after);
    expect(diff.changes.map((change) => `${change.kind} ${change.key}`)).toEqual(['modified levels:Roof']);
    expect(diff.relabels.length).toBeGreaterThan(0);
    const view = describeDiff(diff, before, after, 'm');
    expect(view.rootCauses.map((cause) => cause.text)).toEqual([
      'Story L2 renamed Roof (7 nodes and elements on it relabelled, otherwise unchanged)',
    ]);
    expect(view.changes[0]?.details.map((detail) => detail.text)).toEqual(['Name: L2 → Roof']);
    expectApplies(before, after);
  });
});
