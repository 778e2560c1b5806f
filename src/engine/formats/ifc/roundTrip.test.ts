import { describe, expect, it } from 'vitest';
import type { Model, Node } from '../../schema';
import { isFrameElement } from '../../schema';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../../testing/fixtures';
import { readE2k } from '../etabs';
import { readIfc } from './read';
import { writeIfc } from './write';

/** A frame as an engineer would recognise it after a round trip: its end points (to 1 mm), section and material. */
function framesOf(model: Model): Map<string, { profile?: string; material?: string }> {
  const nodes = new Map<string, Node>(model.nodes.map((node) => [node.id, node]));
  const profiles = new Map(model.profiles.map((profile) => [profile.id, profile]));
  const materials = new Map(model.materials.map((material) => [material.id, material.name]));
  const key = (node: Node | undefined): string =>
    node ? [node.x, node.y, node.z].map((value) => Math.round(value)).join(',') : '?';
  const frames = new Map<string, { profile?: string; material?: string }>();
  for (const element of model.elements.filter(isFrameElement)) {
    const ends = [key(nodes.get(element.startNodeId)), key(nodes.get(element.endNodeId))].sort().join(' ');
    const profile = element.profileId === undefined ? undefined : profiles.get(element.profileId);
    const materialId = element.materialId ?? profile?.materialId;
    const material = materialId === undefined ? undefined : materials.get(materialId);
    // Keyed by end points, not type: readIfc types analytical members by their slope (an ETABS brace 5° off the
    // vertical comes back a column), which is the reader's call, not something the file loses.
    frames.set(ends, {
      ...(profile ? { profile: profile.name } : {}),
      ...(material !== undefined ? { material } : {}),
    });
  }
  return frames;
}

describe(`IFC round trip: ETABS fixtures → IFC → readIfc${FIXTURES_SKIP_NOTE}`, () => {
  for (const name of listFixtures('e2k')) {
    it(`${name} keeps its members, their end points, sections and materials`, async () => {
      const { model } = readE2k(readFixture('e2k', name));
      const back = (await readIfc((await writeIfc(model)).bytes)).model;
      const before = framesOf(model);
      const after = framesOf(back);
      expect(after.size).toBe(before.size);
      for (const [key, frame] of before) expect(after.get(key), key).toEqual(frame);
    });
  }
});
