import { describe, expect, it } from 'vitest';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import { allKeys, itemsOfChange, partItem } from '../reviews/changeSelection';
import { MERGE_BY_PROPERTY, mergeBodyOf, type MergeContext } from './mergeMachine';
import { aChange, aPreview } from './mergeTestKit';

/** A beam that moved and was resized, a beam only resized, and a node that moved and got a support. */
const changes: DiffViewChangeWire[] = [
  aChange({
    key: 'elements:B1',
    groups: ['Geometry', 'Profile'],
    details: [
      { group: 'Geometry', path: 'nodeIds', text: 'Moved 100 mm in X', deviation: 100 },
      { group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null },
    ],
  }),
  aChange({
    key: 'elements:B2',
    groups: ['Profile'],
    details: [{ group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null }],
  }),
  aChange({
    key: 'nodes:N5',
    type: 'Node',
    groups: ['Geometry', 'Supports'],
    details: [
      { group: 'Geometry', path: 'x', text: 'Moved 100 mm in X', deviation: 100 },
      { group: 'Supports', path: 'restraint', text: 'Support: free → pinned', deviation: null },
    ],
  }),
];

function contextWith(selected: Iterable<string>): MergeContext {
  const preview = aPreview({ conflicts: [] });
  return {
    modelId: 'model-1',
    targets: [],
    targetsError: null,
    targetModelId: 'model-1',
    targetVersionId: 'version-1',
    baseVersionId: null,
    preview: { ...preview, changes: { ...preview.changes, changes } },
    selected: new Set(selected),
    resolutions: {},
    message: '',
    job: null,
    outcome: null,
    error: null,
  };
}

describe('what a merge asks the server for, by property', () => {
  it('splits elements by property group; other objects stay whole (the server takes them by type)', () => {
    const [moved, resized, node] = changes as [DiffViewChangeWire, DiffViewChangeWire, DiffViewChangeWire];
    expect(itemsOfChange(moved, MERGE_BY_PROPERTY)).toEqual([
      partItem('elements:B1', 'Geometry'),
      partItem('elements:B1', 'Profile'),
    ]);
    expect(itemsOfChange(resized, MERGE_BY_PROPERTY)).toEqual(['elements:B2']);
    expect(itemsOfChange(node, MERGE_BY_PROPERTY)).toEqual(['nodes:N5']);
  });

  it("takes a moved beam's new section without its move, by element id", () => {
    const body = mergeBodyOf(contextWith([partItem('elements:B1', 'Profile'), 'elements:B2']));
    expect(body).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
      targetElements: ['B2'],
      targetParts: { B1: ['Profile'] },
    });
  });

  it('a part alone names no whole element, and every item ticked takes everything', () => {
    expect(mergeBodyOf(contextWith([partItem('elements:B1', 'Geometry')]))).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
      targetParts: { B1: ['Geometry'] },
    });
    expect(mergeBodyOf(contextWith(allKeys(changes, MERGE_BY_PROPERTY)))).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
    });
  });

  it('both groups of an element ticked take it whole', () => {
    const body = mergeBodyOf(
      contextWith([partItem('elements:B1', 'Geometry'), partItem('elements:B1', 'Profile'), 'nodes:N5']),
    );
    expect(body).toEqual({
      targetId: 'model-1',
      targetVersion: 'version-1',
      targetElements: ['B1'],
      categories: { types: ['Node'] },
    });
  });
});
