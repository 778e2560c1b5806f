import { describe, expect, it } from 'vitest';
import { aPerson, grace } from '../model/modelTestKit';
import { changeKeyOfElement, countsPerType, groupByCause, groupChanges, statusesOn } from './changeList';
import { mayEditReport } from './reportsMachine';
import { aDiffView, aReport } from './reportsTestKit';

describe('the change list of a diff', () => {
  it('groups added, removed and modified, then by type, with counts', () => {
    const grouped = groupChanges(aDiffView().changes, null);
    expect(grouped.map((group) => [group.kind, group.count])).toEqual([
      ['added', 1],
      ['removed', 1],
      ['modified', 3],
    ]);
    expect(grouped[2]?.types.map((entry) => [entry.type, entry.changes.length])).toEqual([
      ['Beam', 1],
      ['Column', 1],
      ['Node', 1],
    ]);
  });

  it('puts the changes a root cause explains under it, and the rest in the usual groups', () => {
    const base = aDiffView();
    const diff = {
      ...base,
      rootCauses: [
        {
          key: 'profileReplaced:W12X26:W14X30',
          kind: 'profileReplaced' as const,
          text: 'All 1 beams of L1: W12X26 → W14X30',
          count: 1,
          keys: ['elements:B1@L1'],
        },
      ],
      changes: base.changes.map((change) =>
        change.key === 'elements:B1@L1' ? { ...change, cause: 'profileReplaced:W12X26:W14X30' } : change,
      ),
    };
    const split = groupByCause(diff, null);
    expect(split.causes.map((cause) => [cause.text, cause.changes.map((change) => change.key)])).toEqual([
      ['All 1 beams of L1: W12X26 → W14X30', ['elements:B1@L1']],
    ]);
    expect(split.rest.map((group) => [group.kind, group.count])).toEqual([
      ['added', 1],
      ['removed', 1],
      ['modified', 2],
    ]);
    // A filter that none of a cause's changes pass hides the cause.
    expect(groupByCause(diff, ['Geometry']).causes).toEqual([]);
    expect(groupByCause(base, null).causes).toEqual([]);
  });

  it('narrows to the modified objects of one property group', () => {
    const keys = groupChanges(aDiffView().changes, ['Profile']).flatMap((group) =>
      group.types.flatMap((entry) => entry.changes.map((change) => change.key)),
    );
    expect(keys).toEqual(['elements:B1@L1']);
  });

  it('colours on each side only the elements that exist there, a relabelled one under its id on that side', () => {
    const diff = aDiffView();
    expect(statusesOn(diff, 'old').get('C3@L1')).toBe('modified');
    expect(statusesOn(diff, 'old').has('B3@L1')).toBe(false);
    expect(statusesOn(diff, 'new').get('C5@L1')).toBe('modified');
    expect(statusesOn(diff, 'new').has('C4@L1')).toBe(false);
    // Nodes are listed, not coloured as elements.
    expect(statusesOn(diff, 'new').has('5')).toBe(false);
    expect(changeKeyOfElement(diff, 'old', 'C3@L1')).toBe('elements:C5@L1');
    expect(changeKeyOfElement(diff, 'new', 'C1@L1')).toBeNull();
  });

  it('counts changes per type for the report summary', () => {
    expect(countsPerType(aDiffView().changes)).toEqual([
      { type: 'Beam', added: 1, removed: 0, modified: 1 },
      { type: 'Column', added: 0, removed: 1, modified: 1 },
      { type: 'Node', added: 0, removed: 0, modified: 1 },
    ]);
  });
});

describe('who may change a report', () => {
  it("is the report's ADMIN, or its creator while they keep WRITE", () => {
    const byGrace = (role: 'ADMIN' | 'WRITE' | 'READ' | 'LIMITEDVIEW') =>
      aReport({ createdBy: grace, currentUserRole: role });
    expect(mayEditReport(byGrace('ADMIN'), aPerson()._id)).toBe(true);
    expect(mayEditReport(byGrace('WRITE'), grace._id)).toBe(true);
    expect(mayEditReport(byGrace('WRITE'), aPerson()._id)).toBe(false);
    // A creator who was demoted to READ no longer may.
    expect(mayEditReport(byGrace('READ'), grace._id)).toBe(false);
    expect(mayEditReport(aReport({ createdBy: null, currentUserRole: 'WRITE' }), grace._id)).toBe(false);
  });
});
