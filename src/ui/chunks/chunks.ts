import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { chunkFailureKindOf, loadChunk, type ChunkFailureKind } from '../../machines/chunks/chunkLoading';

/** The errors Vite reported through `vite:preloadError`, with what failed to preload. */
const preloadFailures = new WeakMap<object, ChunkFailureKind>();

/** What failed: what Vite's preload event said about this very error, else what its message says. */
export function chunkFailureOf(error: unknown): ChunkFailureKind | null {
  if (typeof error === 'object' && error !== null) {
    const reported = preloadFailures.get(error);
    if (reported) return reported;
  }
  return chunkFailureKindOf(error);
}

/**
 * Vite announces every failure to load a lazy chunk or its stylesheet with `vite:preloadError` on window, then
 * rethrows it unless the event is cancelled. We do not cancel it (the route's error screen must show), but note
 * which kind it was, so a stylesheet that did not arrive gets its own screen.
 */
export function listenForStyleChunkFailures(target: Window): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (typeof payload !== 'object' || payload === null) return;
    preloadFailures.set(payload, chunkFailureKindOf(payload) === 'style' ? 'style' : 'script');
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/**
 * A route whose screen lives in a lazily loaded chunk, fetched with the 120 s chunk timeout; a failure reaches
 * the route's errorElement, which tells a chunk failure from a bug.
 */
export function lazyScreen<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  const lazy: LazyRouteFunction<RouteObject> = async () => ({
    Component: pick(await loadChunk(load, { kindOf: chunkFailureOf })),
  });
  return { lazy };
}
