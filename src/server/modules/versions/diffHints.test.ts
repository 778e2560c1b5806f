import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { canonicalJson } from '../../../engine/canonical';
import { diffModels } from '../../../engine/diff';
import { isFrameElement, MODEL_COLLECTIONS, type Model } from '../../../engine/schema';
import { buildManifest, rebuildModel, sha256Hex, type VersionManifest } from './manifest';
import { manifestDiffHints } from './diffHints';

/** A model as the diff worker gets it: stored as a manifest and its objects, then rebuilt. */
function storedVersion(model: Model): { manifest: VersionManifest; model: Model } {
  const { manifest, objects } = buildManifest(model);
  const bodies = new Map(objects.hashes.map((hash, index) => [hash, objects.bodies[index] as string]));
  return { manifest, model: rebuildModel(manifest, bodies) };
}

describe('manifestDiffHints', () => {
  const original = generateBuilding({
    storeys: 2,
    baysX: 3,
    baysY: 2,
    braceEvery: 2,
    coreBaysX: 1,
    coreBaysY: 1,
    seed: 11,
  });
  const edited = structuredClone(original);
  const frame = edited.elements.find(isFrameElement);
  if (!frame) throw new Error('no member');
  frame.profileId = frame.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
  const node = edited.nodes[edited.nodes.length - 1];
  if (!node) throw new Error('no node');
  node.z += 30;
  edited.elements.reverse();
  const before = storedVersion(original);
  const after = storedVersion(edited);

  it('gives each rebuilt object its own hash, so the diff can use them', () => {
    const hints = manifestDiffHints(before.manifest, after.manifest);
    for (const [side, version] of [
      [hints.before, before],
      [hints.after, after],
    ] as const) {
      for (const collection of MODEL_COLLECTIONS) {
        const items = version.model[collection] as readonly unknown[];
        expect(side[collection]).toEqual(items.map((item) => sha256Hex(canonicalJson(item))));
      }
    }
  });

  it('leaves the diff of two stored versions as it is without them', () => {
    const hints = manifestDiffHints(before.manifest, after.manifest);
    const plain = diffModels(before.model, after.model);
    expect(plain.changes.map((change) => change.key)).toContain(`elements:${frame.id}`);
    expect(plain.changes.map((change) => change.key)).toContain(`nodes:${node.id}`);
    expect(diffModels(before.model, after.model, undefined, hints)).toEqual(plain);
  });
});
