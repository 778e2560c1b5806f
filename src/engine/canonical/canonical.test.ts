import { describe, expect, it } from 'vitest';
import type { Model } from '../schema';
import { emptyModel } from '../schema';
import { canonicalJson, fnv1a64, hashModel, hashObject, normalizeNumber } from './index';

describe('canonical JSON', () => {
  it('sorts keys and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [2, 1] } })).toBe('{"a":{"c":[2,1]},"b":1}');
  });

  it('writes −0 as 0 and ignores noise below 12 significant digits', () => {
    expect(canonicalJson(-0)).toBe('0');
    expect(normalizeNumber(304.8 * 3)).toBe(914.4);
    expect(canonicalJson(0.1 + 0.2)).toBe('0.3');
    expect(canonicalJson(1e-300)).toBe('1e-300');
    expect(canonicalJson(1000.0001)).not.toBe(canonicalJson(1000));
  });
});

describe('hashing', () => {
  it('is FNV-1a 64', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes equal objects equally whatever their key order', () => {
    expect(hashObject({ x: 1, y: 2, z: -0 })).toBe(hashObject({ z: 0, y: 2, x: 1 }));
    expect(hashObject({ x: 1 })).not.toBe(hashObject({ x: 2 }));
  });

  it('hashes a model the same whatever order its collections were read in', () => {
    const node = (id: string, x: number): Model['nodes'][number] => ({
      id,
      source: { tool: 'etabs' },
      name: id,
      type: 'Node',
      x,
      y: 0,
      z: 0,
      attributes: {},
    });
    const first = emptyModel({ tool: 'etabs' });
    first.nodes = [node('1', 0), node('2', 1000)];
    const second = emptyModel({ tool: 'etabs' });
    second.nodes = [node('2', 1000), node('1', 0)];
    expect(hashModel(first)).toBe(hashModel(second));
    second.nodes[0] = node('2', 1000.5);
    expect(hashModel(first)).not.toBe(hashModel(second));
  });
});
