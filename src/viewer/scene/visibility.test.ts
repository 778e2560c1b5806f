import { describe, expect, it } from 'vitest';
import type { ElementFilter } from '../types';
import { frameProfile, sceneOf } from './testScenes';
import type { VisibilityRules } from './visibility';
import { computeVisibility, hasRules, NO_RULES } from './visibility';

// Two storeys of one column and one beam each, and a level-less brace reaching the first floor.
const data = sceneOf(
  [
    [0, 0, 0],
    [0, 0, 3000],
    [0, 0, 6000],
    [6000, 0, 3000],
    [6000, 0, 6000],
    [6000, 0, 0],
  ],
  [
    { id: 'C1@L1', type: 'Column', nodes: [0, 1], profile: 0, level: 0 },
    { id: 'B1@L1', type: 'Beam', nodes: [1, 3], profile: 1, level: 0 },
    { id: 'C1@L2', type: 'Column', nodes: [1, 2], profile: 0, level: 1 },
    { id: 'B1@L2', type: 'Beam', nodes: [2, 4], profile: 1, level: 1 },
    { id: 'X-brace', type: 'Brace', nodes: [5, 1] },
  ],
  {
    profiles: [frameProfile('HEB300', 'i', 300, 300), frameProfile('IPE400', 'i', 400, 180)],
    materials: [{ id: 'S355', name: 'S355', kind: 'steel' }],
    levels: [
      { id: 'L1', name: 'Level 1', elevation: 3000 },
      { id: 'L2', name: 'Level 2', elevation: 6000 },
    ],
  },
);
data.elements.materials = [0, 0, 0, 0, -1];
const reach = new Float32Array(data.elements.ids.length).fill(200);

function shown(rules: Partial<VisibilityRules>): string[] {
  const out = new Uint8Array(data.elements.ids.length);
  const count = computeVisibility(data, { ...NO_RULES, ...rules }, reach, out);
  const ids = data.elements.ids.filter((_, element) => out[element] === 1);
  expect(count).toBe(ids.length);
  return ids;
}

function filter(partial: Partial<ElementFilter>): ElementFilter {
  return { types: null, levels: null, profiles: null, materials: null, search: '', ...partial };
}

describe('computeVisibility', () => {
  it('shows everything without rules, and an empty filter is no rule', () => {
    expect(shown({})).toHaveLength(5);
    expect(hasRules({ ...NO_RULES, filter: filter({ search: '  ' }) })).toBe(false);
  });

  it('filters by type, level, profile and material, each narrowing the others', () => {
    expect(shown({ filter: filter({ types: ['Column'] }) })).toEqual(['C1@L1', 'C1@L2']);
    expect(shown({ filter: filter({ levels: ['L2'] }) })).toEqual(['C1@L2', 'B1@L2']);
    expect(shown({ filter: filter({ profiles: ['IPE400'] }) })).toEqual(['B1@L1', 'B1@L2']);
    expect(shown({ filter: filter({ materials: ['S355'] }) })).toHaveLength(4);
    expect(shown({ filter: filter({ types: ['Beam'], levels: ['L1'] }) })).toEqual(['B1@L1']);
  });

  it('searches names and ids as case-insensitive substrings', () => {
    expect(shown({ filter: filter({ search: 'b1@' }) })).toEqual(['B1@L1', 'B1@L2']);
    expect(shown({ filter: filter({ search: 'BRACE' }) })).toEqual(['X-brace']);
  });

  it('isolates ids and levels; an element without a level belongs to the storey it tops out in', () => {
    const isolated = new Uint8Array(5);
    isolated[1] = 1;
    isolated[4] = 1;
    expect(shown({ isolated })).toEqual(['B1@L1', 'X-brace']);
    expect(shown({ level: 0 })).toEqual(['C1@L1', 'B1@L1', 'X-brace']);
    expect(shown({ level: 1, isolated })).toEqual([]);
  });

  it('hides what lies wholly outside the section box, keeping what it cuts', () => {
    const box = {
      min: [-1000, -1000, 3500] as [number, number, number],
      max: [7000, 1000, 7000] as [number, number, number],
    };
    // The first storey's beam at z = 3000 (reach 200) is outside; its column reaches 3000 + 200, also outside.
    expect(shown({ box })).toEqual(['C1@L2', 'B1@L2']);
    const cut = { ...box, min: [-1000, -1000, 3100] as [number, number, number] };
    expect(shown({ box: cut })).toEqual(['C1@L1', 'B1@L1', 'C1@L2', 'B1@L2', 'X-brace']);
  });
});
