import { describe, expect, it } from 'vitest';
import { createModelListCache } from './listCache';

describe('the model list cache', () => {
  it('answers only for the generation an answer was built at', () => {
    const cache = createModelListCache();
    cache.set('ada', '7', '{"data":[1]}');
    expect(cache.get('ada', '7')).toBe('{"data":[1]}');
    expect(cache.get('ada', '8')).toBeUndefined();
    // A newer generation dropped it: the old one no longer finds it either.
    expect(cache.get('ada', '7')).toBeUndefined();
    expect(cache.get('grace', '7')).toBeUndefined();
  });

  it('lets the least recently used answers go when full, and keeps no answer too large for it', () => {
    const cache = createModelListCache(40);
    cache.set('a', '1', 'x'.repeat(10));
    cache.set('b', '1', 'y'.repeat(10));
    cache.set('c', '1', 'z'.repeat(10));
    expect(cache.get('a', '1')).toBeDefined(); // a is now the most recently used
    cache.set('d', '1', 'w'.repeat(10));
    cache.set('e', '1', 'v'.repeat(10));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('e', '1')).toBeDefined();
    cache.set('huge', '1', 'h'.repeat(11));
    expect(cache.get('huge', '1')).toBeUndefined();
  });
});
