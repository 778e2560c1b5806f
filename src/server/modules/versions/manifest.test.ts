import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { canonicalJson, hashModel } from '../../../engine/canonical';
import { MODEL_COLLECTIONS } from '../../../engine/schema';
import { buildManifest, manifestHashes, rebuildModel, sha256Hex } from './manifest';

describe('version manifests', () => {
  const model = generateBuilding(presetParameters('1k', 5));

  it('lists every object by id and the SHA-256 of its canonical JSON, in model order', () => {
    const { manifest, objects } = buildManifest(model);
    for (const collection of MODEL_COLLECTIONS) {
      expect(manifest.collections[collection].map(([id]) => id)).toEqual(
        model[collection].map((item) => item.id),
      );
    }
    const [id, hash] = manifest.collections.elements[0]!;
    expect(id).toBe(model.elements[0]!.id);
    expect(hash).toBe(sha256Hex(canonicalJson(model.elements[0])));
    expect(new Set(objects.hashes).size).toBe(objects.hashes.length);
    const header = JSON.parse(objects.bodies[objects.hashes.indexOf(manifest.header)] as string);
    expect(header).toMatchObject({ units: model.units, source: model.source, attributes: model.attributes });
    expect(header).not.toHaveProperty('elements');
    expect(manifest.units).toBe(model.units);
  });

  it('rebuilds the same model from the manifest and the bodies', () => {
    const { manifest, objects } = buildManifest(model);
    const bodies = new Map(objects.hashes.map((hash, index) => [hash, objects.bodies[index] as string]));
    expect(manifestHashes(manifest).sort()).toEqual([...objects.hashes].sort());
    expect(hashModel(rebuildModel(manifest, bodies))).toBe(hashModel(model));
    bodies.delete(objects.hashes[0] as string);
    expect(() => rebuildModel(manifest, bodies)).toThrow(/missing/);
  });
});
