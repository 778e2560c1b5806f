import { describe, expect, it } from 'vitest';
import { aModel, aVersion, grace, owner } from '../organizations/organizationsTestKit';
import {
  countChanges,
  describeChange,
  describeChanges,
  latestChanges,
  personName,
  recentModels,
  recentVersions,
  versionResultChangeText,
  visibleModels,
} from './selectors';

const tower = aModel({ _id: 'm-tower', name: 'Tower', updatedAt: '2025-03-01T00:00:00.000Z' });
const bridge = aModel({ _id: 'm-bridge', name: 'bridge deck', updatedAt: '2025-05-01T00:00:00.000Z' });
const annex = aModel({ _id: 'm-annex', name: 'Annex 10', updatedAt: '2025-04-01T00:00:00.000Z' });
const annex2 = aModel({ _id: 'm-annex2', name: 'Annex 2', updatedAt: '2025-01-01T00:00:00.000Z' });
const names = (models: ReadonlyArray<{ name: string }>) => models.map((model) => model.name);

describe('visibleModels', () => {
  it('lists the most recently updated first by default', () => {
    expect(names(visibleModels([tower, bridge, annex, annex2], '', 'updated'))).toEqual([
      'bridge deck',
      'Annex 10',
      'Tower',
      'Annex 2',
    ]);
  });

  it('sorts by name the way people read names: any case, numbers by value', () => {
    expect(names(visibleModels([tower, bridge, annex, annex2], '', 'name'))).toEqual([
      'Annex 2',
      'Annex 10',
      'bridge deck',
      'Tower',
    ]);
  });

  it('keeps the names that contain the search, in any case, ignoring spaces around it', () => {
    expect(names(visibleModels([tower, bridge, annex, annex2], '  ANNEX ', 'name'))).toEqual([
      'Annex 2',
      'Annex 10',
    ]);
    expect(visibleModels([tower], 'nothing like it', 'name')).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('shows the five most recently updated models', () => {
    const many = Array.from({ length: 7 }, (_, day) =>
      aModel({ _id: `m${day}`, name: `Model ${day}`, updatedAt: `2025-01-0${day + 1}T00:00:00.000Z` }),
    );
    expect(names(recentModels(many))).toEqual(['Model 6', 'Model 5', 'Model 4', 'Model 3', 'Model 2']);
  });

  it('lists versions across models newest first, each with its model', () => {
    const withVersions = [
      aModel({
        _id: 'm1',
        name: 'Tower',
        versions: [
          aVersion({ ID: 'v2', number: 2, Time: '2025-03-03T00:00:00.000Z', Author: grace }),
          aVersion({ ID: 'v1', number: 1, Time: '2025-03-01T00:00:00.000Z' }),
        ],
      }),
      aModel({
        _id: 'm2',
        name: 'Bridge',
        versions: [aVersion({ ID: 'w1', Time: '2025-03-02T00:00:00.000Z' })],
      }),
    ];
    expect(recentVersions(withVersions).map((entry) => `${entry.modelName} ${entry.version.ID}`)).toEqual([
      'Tower v2',
      'Bridge w1',
      'Tower v1',
    ]);
  });

  it('says what changed between the latest version and the one before', () => {
    const model = aModel({
      versions: [
        aVersion({ ID: 'v2', number: 2, counts: { beams: 22, columns: 1, nodes: 40 } }),
        aVersion({ ID: 'v1', number: 1, counts: { beams: 10, columns: 4, nodes: 40 } }),
      ],
    });
    const [change] = latestChanges([model]);
    expect(change?.previous?.number).toBe(1);
    expect(describeChanges(change?.changes ?? [])).toBe('+12 beams, \u22123 columns');
  });

  it('counts a first version against nothing, and leaves out models without versions', () => {
    const first = aModel({ _id: 'm1', versions: [aVersion({ counts: { beams: 1, loadPatterns: 3 } })] });
    const empty = aModel({ _id: 'm2', versions: [] });
    const changes = latestChanges([first, empty]);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.previous).toBeNull();
    expect(changes[0]?.changes.map(describeChange)).toEqual(['+3 load patterns', '+1 beam']);
  });

  it('sums up a long list of changes', () => {
    const latest = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key, i) => [`${key}s`, i + 1]),
    );
    expect(describeChanges(countChanges(latest, {}))).toMatch(/^\+8 hs, \+7 gs, .* and 2 more$/);
  });
});

describe('personName', () => {
  it('reads first and last name, and says Unknown for a deleted account', () => {
    expect(personName(owner)).toBe('Ada Lovelace');
    expect(personName(null)).toBe('Unknown');
  });
});

describe("the results line of a version's engineering summary", () => {
  const line = {
    against: 1,
    component: 'm3',
    thresholdPercent: 10,
    count: 3,
    members: 2,
    top: [{ member: 'TG-3@Story2', case: '1.2D+1.6L', before: -512_400, after: -604_600, percent: 18 }],
  };

  it("names the largest change in the model's units and counts the rest", () => {
    expect(versionResultChangeText(aVersion({ number: 2, resultChanges: line }), 'm')).toBe(
      'Results against version 1: max M3 in TG-3@Story2 rose 18 % under 1.2D+1.6L (-512.4 kN·m → -604.6 kN·m), and 2 more member and case pairs past 10 %',
    );
    expect(versionResultChangeText(aVersion({ resultChanges: { ...line, count: 1 } }), 'ft')).toBe(
      'Results against version 1: max M3 in TG-3@Story2 rose 18 % under 1.2D+1.6L (-377.9 kip·ft → -445.9 kip·ft)',
    );
  });

  it('says when nothing changed past the threshold, and says nothing without results on both sides', () => {
    expect(
      versionResultChangeText(aVersion({ resultChanges: { ...line, count: 0, members: 0, top: [] } }), 'm'),
    ).toBe("Results against version 1: no member's M3 changed by more than 10 %");
    expect(versionResultChangeText(aVersion(), 'm')).toBeNull();
    expect(versionResultChangeText(aVersion({ resultChanges: null }), 'm')).toBeNull();
  });
});
