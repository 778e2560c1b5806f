import { describeDiff, diffModels } from '../../../engine/diff/index';
import { rebuildModel } from '../versions/manifest';
import { manifestDiffHints } from '../versions/diffHints';
import { serveTask } from '../../jobs/workerTask';
import type { DiffRequest } from './diffProtocol';

/**
 * The CPU-heavy half of a diff, off the server's event loop: rebuild both models from their stored objects,
 * diff them and describe the diff in the model's display units.
 */
function diff(request: DiffRequest): string {
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
  return JSON.stringify(describeDiff(modelDiff, before, after, request.units));
}

serveTask(diff);
