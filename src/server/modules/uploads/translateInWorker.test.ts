import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { hashModel } from '../../../engine/canonical';
import { writeModelJson } from '../../../engine/formats/json';
import type { Model } from '../../../engine/schema';
import { rebuildModel } from '../versions/manifest';
import { translateInWorker } from './translateInWorker';
import { WorkerOutOfMemoryError } from '../../jobs/workerThread';

describe('translation in a worker thread', () => {
  it('answers with the manifest and every object body, reporting progress on the way', async () => {
    const model = generateBuilding(presetParameters('1k', 2));
    const stages: string[] = [];
    const outcome = await translateInWorker(
      { fileName: 'b.json', bytes: writeModelJson(model).bytes },
      { onProgress: (stage) => stages.push(stage) },
    );
    if (outcome.kind !== 'result') throw new Error(`expected a result, got ${outcome.kind}`);
    const { objects, manifest } = outcome.version;
    const bodies = new Map(objects.hashes.map((hash, index) => [hash, objects.bodies[index] as string]));
    expect(hashModel(rebuildModel(manifest, bodies) as Model)).toBe(hashModel(model));
    expect(stages[0]).toBe('Reading the file');
  });

  it('answers unreadable with the line for a file its translator refuses', async () => {
    const outcome = await translateInWorker({
      fileName: 'bad.json',
      bytes: new TextEncoder().encode('{\n  "schemaVersion": 1,\n  oops\n}'),
    });
    expect(outcome).toMatchObject({ kind: 'unreadable', line: 3 });
  });

  it('terminates the worker when the signal aborts', async () => {
    const controller = new AbortController();
    const model = generateBuilding(presetParameters('10k', 2));
    const pending = translateInWorker(
      { fileName: 'b.json', bytes: writeModelJson(model).bytes },
      { signal: controller.signal },
    );
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });

  it('answers tooLarge past the limits, counting where the reader stopped', async () => {
    const lines = ['$ CONTROLS', '  UNITS  "KN"  "M"  "C"', '$ POINT COORDINATES'];
    for (let index = 0; index < 10; index++) lines.push(`  POINT "P${index}"  ${index} 0`);
    const outcome = await translateInWorker({
      fileName: 'points.e2k',
      bytes: new TextEncoder().encode(`${lines.join('\n')}\n`),
      limits: { maxPoints: 5 },
    });
    expect(outcome).toEqual({ kind: 'tooLarge', objects: 'points', found: 6, limit: 5, exact: false });
  });

  it('a file that needs more than the heap limit ends only its worker, with WorkerOutOfMemoryError', async () => {
    const bytes = writeModelJson(generateBuilding(presetParameters('10k', 2))).bytes;
    await expect(
      translateInWorker({ fileName: 'b.json', bytes }, { maxMemoryMb: 16 }),
    ).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
  });
});
