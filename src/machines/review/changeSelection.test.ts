import { describe, expect, it } from 'vitest';
import { aChange } from '../merge/mergeTestKit';
import {
  checkStateOf,
  groupChanges,
  groupsPresent,
  keysOf,
  nextSelection,
  selectsEverything,
} from './changeSelection';

const changes = [
  aChange({ key: 'elements:C1', kind: 'removed', type: 'Column' }),
  aChange({ key: 'elements:B1', groups: ['Geometry', 'Profile'] }),
  aChange({ key: 'elements:B2', kind: 'added', type: 'Beam' }),
  aChange({ key: 'elements:A1', kind: 'added', type: 'Area' }),
  aChange({ key: 'nodes:N5', type: 'Node', groups: ['Geometry'] }),
];

describe('picking changes', () => {
  it('groups by kind (added, removed, modified), then type alphabetically, with counts', () => {
    expect(
      groupChanges(changes).map((group) => [group.kind, group.count, group.types.map((type) => type.type)]),
    ).toEqual([
      ['added', 2, ['Area', 'Beam']],
      ['removed', 1, ['Column']],
      ['modified', 2, ['Beam', 'Node']],
    ]);
  });

  it('offers the property groups that occur, in their reading order', () => {
    expect(groupsPresent(changes)).toEqual(['Geometry', 'Profile']);
    expect(keysOf(changes, { group: 'Geometry' })).toEqual(['elements:B1', 'nodes:N5']);
    expect(keysOf(changes, { kind: 'modified', type: 'Beam' })).toEqual(['elements:B1']);
  });

  it('shows a category as all, some or none ticked', () => {
    const keys = keysOf(changes, { kind: 'added' });
    let selected = nextSelection(new Set(), changes, {
      type: 'selection.set',
      keys: ['elements:B2'],
      selected: true,
    });
    expect(checkStateOf(selected, keys)).toBe('some');
    selected = nextSelection(selected, changes, { type: 'selection.set', keys, selected: true });
    expect(checkStateOf(selected, keys)).toBe('all');
    expect(selectsEverything(selected, changes)).toBe(false);
    selected = nextSelection(selected, changes, { type: 'selection.all' });
    expect(selectsEverything(selected, changes)).toBe(true);
    selected = nextSelection(selected, changes, { type: 'selection.none' });
    expect(checkStateOf(selected, keys)).toBe('none');
  });
});
