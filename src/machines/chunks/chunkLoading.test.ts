import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../constants';
import { ChunkLoadError, chunkFailureKindOf, loadChunk } from './chunkLoading';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});

describe('loading a lazy chunk', () => {
  it('gives up with a ChunkLoadError when the chunk takes longer than 120 s, not a moment before', async () => {
    const loading = loadChunk(never);
    const outcome = vi.fn();
    loading.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', kind: 'script', reason: 'timeout' });
  });

  it('resolves with the module when it arrives in time, and the timer is cleared', async () => {
    const module = { Screen: 'screen' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the first outcome: a chunk arriving after the timeout changes nothing', async () => {
    let arrive!: (value: string) => void;
    const loading = loadChunk(() => new Promise<string>((resolve) => (arrive = resolve)), { timeoutMs: 10 });
    const rejected = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(10);
    arrive('late');
    await rejected;
  });

  it('turns a failed fetch into a ChunkLoadError, a stylesheet failure into its own kind', async () => {
    await expect(
      loadChunk(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
      ),
    ).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'script', reason: 'failed' });
    await expect(
      loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/a.css'))),
    ).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'style' });
  });

  it('passes any other error on as it is: the chunk arrived and its code failed', async () => {
    const bug = new ReferenceError('screen is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('classifies what browsers and Vite say', () => {
    expect(chunkFailureKindOf(new TypeError('Importing a module script failed.'))).toBe('script');
    expect(chunkFailureKindOf(new TypeError('error loading dynamically imported module: x'))).toBe('script');
    expect(chunkFailureKindOf(new Error('Unable to preload CSS for /assets/b.css'))).toBe('style');
    expect(chunkFailureKindOf(new Error('Something else'))).toBeNull();
    expect(chunkFailureKindOf('not an error')).toBeNull();
  });
});
