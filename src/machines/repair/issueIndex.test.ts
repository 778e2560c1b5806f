import { describe, expect, it } from 'vitest';
import { anIssue, aRepairScene, aReport } from './repairTestKit';
import {
  boxOf,
  issueLevels,
  levelOfIssue,
  neighbourhoodOf,
  NO_LEVEL,
  orderedGroups,
  orderedIssues,
  steppedIssue,
} from './issueIndex';

describe('the issue list at building scale', () => {
  const scene = aRepairScene();
  // Catalogue order would be C03, C08, C10, C11; real problems come first.
  const report = aReport([
    anIssue({ id: 'C11:1', check: 'C11', severity: 'info', nodeIds: ['1'] }),
    anIssue({ id: 'C08:B2@L1', check: 'C08', severity: 'warning', nodeIds: ['7'], elementIds: ['B2@L1'] }),
    anIssue({ id: 'C03:a', check: 'C03', severity: 'warning', nodeIds: ['2'] }),
    anIssue({ id: 'C03:b', check: 'C03', severity: 'error', nodeIds: ['6'] }),
    anIssue({ id: 'C10:x', check: 'C10', severity: 'info', nodeIds: ['missing'] }),
  ]);

  it('orders checks with errors, then warnings, then infos, and errors first within a check', () => {
    expect(orderedGroups(report, scene, null).map((group) => group.check)).toEqual([
      'C03',
      'C08',
      'C10',
      'C11',
    ]);
    expect(orderedIssues(report, scene, null).map((issue) => issue.id)).toEqual([
      'C03:b',
      'C03:a',
      'C08:B2@L1',
      'C10:x',
      'C11:1',
    ]);
  });

  it('puts a finding on the level nearest its highest node, else on none', () => {
    expect(Object.fromEntries(issueLevels(report.issues, scene))).toEqual({
      'C11:1': 'BASE',
      'C08:B2@L1': 'L1',
      'C03:a': 'BASE',
      'C03:b': 'L1',
      'C10:x': null,
    });
    // A finding on elements only: the top of the column.
    expect(levelOfIssue({ nodeIds: [], elementIds: ['C2@L1'] }, scene)).toBe('L1');
    expect(levelOfIssue({ nodeIds: ['1'], elementIds: [] }, { ...scene, levels: [] })).toBeNull();
  });

  it('filters by level, keeping each check with its whole count', () => {
    const base = orderedGroups(report, scene, 'BASE');
    expect(base.map((group) => [group.check, group.issues.length, group.total])).toEqual([
      ['C03', 1, 2],
      ['C08', 0, 1],
      ['C10', 0, 1],
      ['C11', 1, 1],
    ]);
    expect(orderedIssues(report, scene, NO_LEVEL).map((issue) => issue.id)).toEqual(['C10:x']);
    // Without a scene nothing has a level.
    expect(orderedIssues(report, null, 'L1')).toEqual([]);
  });

  it('steps to the next and previous issue, stopping at the ends', () => {
    const list = orderedIssues(report, scene, null);
    expect(steppedIssue(list, null, 1)?.id).toBe('C03:b');
    expect(steppedIssue(list, null, -1)?.id).toBe('C11:1');
    expect(steppedIssue(list, 'C03:a', 1)?.id).toBe('C08:B2@L1');
    expect(steppedIssue(list, 'C03:b', -1)?.id).toBe('C03:b');
    expect(steppedIssue(list, 'C11:1', 1)?.id).toBe('C11:1');
    expect(steppedIssue([], 'C11:1', 1)).toBeNull();
  });

  it('boxes what a finding names and finds the elements within reach', () => {
    const box = boxOf({ nodeIds: ['7'], elementIds: ['B2@L1'] }, scene);
    expect(box).toEqual({ min: [0, 4000, 3000], max: [6000, 4000, 3000] });
    expect(boxOf({ nodeIds: ['missing'], elementIds: [] }, scene)).toBeNull();
    // B2 spans the frame's width: reach is 4 m at least, so everything is near it.
    expect(neighbourhoodOf(box ?? { min: [0, 0, 0], max: [0, 0, 0] }, scene)).toHaveLength(6);
    // A point at the far corner keeps the three members that meet there and those within 4 m.
    expect(neighbourhoodOf({ min: [6000, 4000, 3000], max: [6000, 4000, 3000] }, scene).sort()).toEqual([
      'B1@L1',
      'B2@L1',
      'C2@L1',
      'C3@L1',
    ]);
  });
});
