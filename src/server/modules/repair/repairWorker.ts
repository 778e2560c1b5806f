import { parentPort } from 'node:worker_threads';
import type { PreviewRepairResponse, RepairResponse } from '../../../contract/http/repair';
import { describeDiff, diffModels } from '../../../engine/diff/index';
import {
  applyRepair,
  checkConnectivity,
  planRepair,
  type AppliedRepair,
  type RepairOperation,
} from '../../../engine/repair/index';
import type { Model } from '../../../engine/schema';
import { rebuildModel } from '../versions/manifest';
import { sceneContentJson } from '../versions/scene';
import type { RepairMessage, RepairTask, VersionInput } from './repairProtocol';
import { connectivityView, operationView } from './views';

/**
 * The CPU-heavy half of connectivity checks and repairs, off the server's event loop: rebuild the version, run
 * the engine, and answer in display form (or, to commit, the repaired model itself).
 */

function modelOf(version: VersionInput): Model {
  const bodies = new Map<string, string>();
  for (let index = 0; index < version.hashes.length; index++) {
    bodies.set(version.hashes[index] as string, version.bodies[index] as string);
  }
  return rebuildModel(version.manifest, bodies);
}

function applied(model: Model, plan: string, accepted: readonly string[]): AppliedRepair {
  const operations = JSON.parse(plan) as RepairOperation[];
  return applyRepair(model, operations, new Set(accepted));
}

/** The checks after and the diff against the repaired version, for one repaired model. */
function previewOf(
  task: RepairTask,
  before: Model,
  after: Model,
): Pick<PreviewRepairResponse, 'after' | 'diff'> {
  const report = checkConnectivity(after, task.tolerances);
  return {
    after: connectivityView(report, after, task.units, task.display),
    diff: describeDiff(diffModels(before, after), before, after, task.units),
  };
}

function run(task: RepairTask, post: (message: RepairMessage) => void): RepairMessage {
  const model = modelOf(task.version);
  switch (task.task) {
    case 'connectivity': {
      const report = checkConnectivity(model, task.tolerances);
      const view = connectivityView(report, model, task.units, task.display);
      return { kind: 'connectivity', json: JSON.stringify(view), counts: report.counts };
    }
    case 'plan': {
      const plan = planRepair(model, task.tolerances, {
        operations: task.operations,
        onProgress: (fraction, stage) => post({ kind: 'progress', fraction, stage }),
      });
      // The default preview: every operation that needs no confirmation.
      const preview = applyRepair(model, plan.operations, 'auto');
      const view: NonNullable<RepairResponse['plan']> = {
        operations: plan.operations.map((operation) => operationView(operation, model, task.units)),
        before: connectivityView(plan.before, model, task.units, task.display),
        after: connectivityView(plan.after, preview.model, task.units, task.display),
        diff: describeDiff(diffModels(model, preview.model), model, preview.model, task.units),
      };
      return { kind: 'plan', plan: JSON.stringify(plan.operations), view: JSON.stringify(view) };
    }
    case 'preview': {
      const repaired = applied(model, task.plan, task.accepted);
      const answer: PreviewRepairResponse = {
        ...previewOf(task, model, repaired.model),
        skipped: repaired.skipped,
      };
      return { kind: 'preview', json: JSON.stringify(answer) };
    }
    case 'scene':
      return { kind: 'scene', json: sceneContentJson(applied(model, task.plan, task.accepted).model) };
    case 'apply': {
      const operations = JSON.parse(task.plan) as RepairOperation[];
      const repaired = applyRepair(model, operations, new Set(task.accepted));
      const kindOf = new Map(operations.map((operation) => [operation.id, operation.operation]));
      const kinds = repaired.applied.flatMap((id) => kindOf.get(id) ?? []);
      return {
        kind: 'applied',
        model: repaired.model,
        applied: repaired.applied,
        kinds,
        skipped: repaired.skipped,
      };
    }
  }
}

parentPort?.once('message', (task: RepairTask) => {
  const post = (message: RepairMessage) => parentPort?.postMessage(message);
  let message: RepairMessage;
  try {
    message = run(task, post);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    message = { kind: 'error', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) };
  }
  post(message);
});
