import { parentPort } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runInWorker } from './workerThread';

/**
 * A task's request and result cross between threads as one message each, except their long arrays (a large
 * model's object bodies and manifest entries: hundreds of thousands of items): those go in slices of
 * SLICE_LENGTH items, one message each, the sender waiting its turn between them. Copying a message blocks both
 * threads while it is made and read, and one message of a 100k-element model held the server's event loop for
 * over a second (issue #22); a slice holds it for a few milliseconds.
 */
export const SLICE_LENGTH = 4096;

/** Stands for the long array at `index` in a message's `lengths`. */
const SLICED = '\u0000sliced';
type SlicedPlaceholder = { [SLICED]: number };

/** A main thread → task worker message. */
type RequestMessage =
  | { kind: 'request'; request: unknown; lengths: number[] }
  | { kind: 'slice'; array: number; items: unknown[] }
  | { kind: 'ack' };

/** A task worker → main thread message. */
export type TaskMessage =
  | { kind: 'result'; result: unknown; lengths: number[] }
  | { kind: 'slice'; array: number; items: unknown[] }
  | { kind: 'error'; message: string; stack?: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value` with each array longer than SLICE_LENGTH (found through plain objects) replaced by a placeholder, and
 * the arrays taken out in placeholder order. Only plain objects are copied; the rest is shared.
 */
export function detachLongArrays(value: unknown): { value: unknown; arrays: unknown[][] } {
  const arrays: unknown[][] = [];
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      if (node.length <= SLICE_LENGTH) return node;
      arrays.push(node);
      return { [SLICED]: arrays.length - 1 } satisfies SlicedPlaceholder;
    }
    if (!isPlainObject(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) copy[key] = walk(child);
    return copy;
  };
  return { value: walk(value), arrays };
}

/** detachLongArrays undone: each placeholder replaced by its array, in place. */
export function attachLongArrays(value: unknown, arrays: readonly unknown[][]): unknown {
  const walk = (node: unknown): unknown => {
    if (!isPlainObject(node)) return node;
    if (SLICED in node && typeof node[SLICED] === 'number') return arrays[node[SLICED]];
    for (const [key, child] of Object.entries(node)) node[key] = walk(child);
    return node;
  };
  return walk(value);
}

/** Collects the slices of a message's long arrays; `complete` once every item has come. */
class SliceCollector {
  private readonly arrays: unknown[][];
  private missing: number;

  constructor(lengths: readonly number[]) {
    this.arrays = lengths.map(() => []);
    this.missing = lengths.reduce((sum, length) => sum + length, 0);
  }

  add(array: number, items: readonly unknown[]): void {
    const target = this.arrays[array];
    if (!target) throw new Error(`a slice for array ${array}, which the message did not announce`);
    for (const item of items) target.push(item);
    this.missing -= items.length;
  }

  get complete(): boolean {
    return this.missing <= 0;
  }

  attach(value: unknown): unknown {
    return attachLongArrays(value, this.arrays);
  }
}

function* slicesOf(arrays: readonly unknown[][]): Generator<{ array: number; items: unknown[] }> {
  for (const [array, items] of arrays.entries())
    for (let start = 0; start < items.length; start += SLICE_LENGTH)
      yield { array, items: items.slice(start, start + SLICE_LENGTH) };
}

/**
 * In a task worker's entry module: answers the one request the main thread posts with `work`'s result, or with
 * what it threw. `transfer` names buffers of the result to move rather than copy. The result's long arrays go
 * one slice per acknowledgement, so the main thread reads each in a turn of its own.
 */
export function serveTask<Request, Result>(
  work: (request: Request) => Result | Promise<Result>,
  transfer?: (result: Result) => ArrayBuffer[],
): void {
  const port = parentPort;
  if (!port) return;
  let collector: SliceCollector | undefined;
  let request: unknown;
  let pendingSlices: Generator<{ array: number; items: unknown[] }> | undefined;

  const answer = async (): Promise<void> => {
    try {
      const result = await work(collector?.attach(request) as Request);
      const detached = detachLongArrays(result);
      pendingSlices = slicesOf(detached.arrays);
      port.postMessage(
        {
          kind: 'result',
          result: detached.value,
          lengths: detached.arrays.map((array) => array.length),
        } satisfies TaskMessage,
        transfer?.(result) ?? [],
      );
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      port.postMessage({
        kind: 'error',
        message: failure.message,
        ...(failure.stack ? { stack: failure.stack } : {}),
      } satisfies TaskMessage);
    }
  };

  port.on('message', (message: RequestMessage) => {
    if (message.kind === 'request') {
      request = message.request;
      collector = new SliceCollector(message.lengths);
      if (collector.complete) void answer();
    } else if (message.kind === 'slice') {
      collector?.add(message.array, message.items);
      if (collector?.complete) void answer();
    } else {
      const next = pendingSlices?.next();
      if (next && !next.done) port.postMessage({ kind: 'slice', ...next.value } satisfies TaskMessage);
    }
  });
}

/**
 * Runs a served task (serveTask in `entry`) in a fresh worker thread. Rejects with `failure(message)` when the
 * work threw, WorkerDiedError when the worker ended without an answer, or the signal's reason.
 */
export function runTask<Request, Result>(
  entry: URL,
  request: Request,
  options: {
    failure: (message: string) => Error;
    signal?: AbortSignal | undefined;
    transfer?: ArrayBuffer[];
  },
): Promise<Result> {
  const detached = detachLongArrays(request);
  let collector: SliceCollector | undefined;
  let result: unknown;
  return runInWorker<TaskMessage, Result>({
    entry,
    request: {
      kind: 'request',
      request: detached.value,
      lengths: detached.arrays.map((array) => array.length),
    } satisfies RequestMessage,
    ...(options.transfer ? { transfer: options.transfer } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    // The request's slices, each in a turn of the event loop of its own.
    async feed(post) {
      for (const slice of slicesOf(detached.arrays)) {
        await nextTurn();
        if (!post({ kind: 'slice', ...slice } satisfies RequestMessage)) return;
      }
    },
    onMessage: (message, reply) => {
      if (message.kind === 'error') return { failed: options.failure(message.message) };
      if (message.kind === 'result') {
        result = message.result;
        collector = new SliceCollector(message.lengths);
      } else {
        collector?.add(message.array, message.items);
      }
      if (collector?.complete) return { done: collector.attach(result) as Result };
      reply({ kind: 'ack' } satisfies RequestMessage);
      return undefined;
    },
  });
}
