import { parentPort } from 'node:worker_threads';
import { describeDiff, diffModels } from '../../../engine/diff/index';
import { rebuildModel } from '../versions/manifest';
import { manifestDiffHints } from './diffHints';
import type { DiffMessage, DiffRequest } from './diffProtocol';

/**
 * The CPU-heavy half of a diff, off the server's event loop: rebuild both models from their stored objects,
 * diff them and describe the diff in the model's display units.
 */
function diff(request: DiffRequest): DiffMessage {
  const bodies = new Map<string, string>();
  for (let index = 0; index < request.hashes.length; index++) {
    bodies.set(request.hashes[index] as string, request.bodies[index] as string);
  }
  const before = rebuildModel(request.before, bodies);
  const after = rebuildModel(request.after, bodies);
  // The manifests' object hashes: unchanged objects are skipped by a string compare, not a deep one.
  const modelDiff = diffModels(
    before,
    after,
    request.options,
    manifestDiffHints(request.before, request.after),
  );
  return { kind: 'result', json: JSON.stringify(describeDiff(modelDiff, before, after, request.units)) };
}

parentPort?.once('message', (request: DiffRequest) => {
  let message: DiffMessage;
  try {
    message = diff(request);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    message = { kind: 'error', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) };
  }
  parentPort?.postMessage(message);
});
