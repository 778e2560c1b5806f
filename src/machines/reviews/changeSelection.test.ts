import { describe, expect, it } from 'vitest';
import { aChange } from '../merge/mergeTestKit';
import {
  checkStateOf,
  groupChanges,
  groupsPresent,
  itemsOfChange,
  keysOf,
  nextSelection,
  partItem,
  selectedChangeCount,
  selectedKeys,
  selectedParts,
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

  it('by property, a group box ticks only that group of a change with several, and the rest stays', () => {
    expect(itemsOfChange(changes[1]!, true)).toEqual([
      partItem('elements:B1', 'Geometry'),
      partItem('elements:B1', 'Profile'),
    ]);
    // A change with one group is its own item.
    expect(itemsOfChange(changes[4]!, true)).toEqual(['nodes:N5']);
    const all = nextSelection(new Set(), changes, { type: 'selection.all' }, true);
    const geometry = keysOf(changes, { group: 'Geometry' }, true);
    expect(geometry).toEqual([partItem('elements:B1', 'Geometry'), 'nodes:N5']);
    const selected = nextSelection(
      all,
      changes,
      { type: 'selection.set', keys: geometry, selected: false },
      true,
    );
    expect(checkStateOf(selected, keysOf(changes, { group: 'Profile' }, true))).toBe('all');
    expect(checkStateOf(selected, itemsOfChange(changes[1]!, true))).toBe('some');
    expect(selectsEverything(selected, changes, true)).toBe(false);
    expect(selectedKeys(selected, changes, true)).toEqual(['elements:C1', 'elements:B2', 'elements:A1']);
    expect(selectedParts(selected, changes)).toEqual({ 'elements:B1': ['Profile'] });
    expect(selectedChangeCount(selected, changes, true)).toBe(4);
    // A type box ticks every group of its changes.
    const beams = keysOf(changes, { kind: 'modified', type: 'Beam' }, true);
    const again = nextSelection(
      selected,
      changes,
      { type: 'selection.set', keys: beams, selected: true },
      true,
    );
    expect(selectedParts(again, changes)).toEqual({});
    expect(selectedKeys(again, changes, true)).toContain('elements:B1');
  });
});
