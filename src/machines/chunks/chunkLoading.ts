import { CHUNK_LOAD_TIMEOUT_MS } from '../constants';

/** What failed to arrive: a code chunk (ChunkLoadError screen) or a stylesheet chunk (the CSS screen). */
export type ChunkFailureKind = 'script' | 'style';

/** A lazily loaded chunk did not arrive: it failed, or took longer than the chunk timeout. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkFailureKind,
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'timeout'
        ? `A ${kind === 'style' ? 'stylesheet' : 'code'} chunk took longer than the chunk timeout to load`
        : `A ${kind === 'style' ? 'stylesheet' : 'code'} chunk could not be loaded`,
      options,
    );
  }
}

/** What browsers and Vite say when a dynamic import or its stylesheet cannot be fetched. */
const styleFailure = /Unable to preload CSS/i;
const scriptFailure =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i;

/** Whether an error is a chunk that did not arrive, and which kind; null for any other error. */
export function chunkFailureKindOf(error: unknown): ChunkFailureKind | null {
  if (error instanceof ChunkLoadError) return error.kind;
  if (!(error instanceof Error)) return null;
  if (styleFailure.test(error.message)) return 'style';
  if (error.name === 'ChunkLoadError' || scriptFailure.test(error.message)) return 'script';
  return null;
}

export interface ChunkTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

export interface LoadChunkOptions {
  /** Spec section 7: 120 s unless a test says otherwise. */
  timeoutMs?: number;
  timers?: ChunkTimers;
  /** Tells a chunk failure from another error (the app adds what Vite's preload event said). */
  kindOf?: (error: unknown) => ChunkFailureKind | null;
}

/**
 * Loads a lazy chunk (`() => import(...)`) with the chunk timeout. It settles once: with the module, with a
 * ChunkLoadError when the chunk failed to arrive or the timeout passed first, or with the original error when
 * the chunk arrived but its code threw (that is a bug, for the generic error screen).
 */
export function loadChunk<T>(load: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const timers: ChunkTimers = options.timers ?? globalThis;
  const kindOf = options.kindOf ?? chunkFailureKindOf;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(handle as never);
      finish();
    };
    const handle = timers.setTimeout(
      () => settle(() => reject(new ChunkLoadError('script', 'timeout'))),
      options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS,
    );
    load().then(
      (module) => settle(() => resolve(module)),
      (error: unknown) =>
        settle(() => {
          const kind = kindOf(error);
          reject(kind === null ? error : new ChunkLoadError(kind, 'failed', { cause: error }));
        }),
    );
  });
}
