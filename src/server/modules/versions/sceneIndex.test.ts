import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { toSceneData } from '../../../engine/scene';
import { buildSceneIndex, createSceneIndexCache, indexedElement, type SceneIndex } from './sceneIndex';

const model = generateBuilding(presetParameters('1k', 2));
const index = buildSceneIndex(toSceneData(model), {
  profiles: model.profiles.map((profile) => [profile.id, `hash-of-${profile.id}`]),
  materials: [],
  levels: [],
});

describe('the scene index', () => {
  it('finds each element’s nodes, references and loads from its position', () => {
    model.elements.forEach((element, position) => {
      expect(index.elementPositions.get(element.id)).toBe(position);
    });
    const beam = model.elements.find((element) => element.type === 'Beam');
    if (beam?.type !== 'Beam') throw new Error('the building has beams');
    const found = indexedElement(index, index.elementPositions.get(beam.id) ?? -1);
    const node = (id: string) => {
      const { x, y, z } = model.nodes.find((candidate) => candidate.id === id) ?? { x: NaN, y: NaN, z: NaN };
      return { id, x, y, z };
    };
    expect(found).toEqual({
      nodes: [node(beam.startNodeId), node(beam.endNodeId)],
      profileId: beam.profileId,
      materialId: model.profiles.find((profile) => profile.id === beam.profileId)?.materialId,
      levelId: beam.levelId,
      loads: model.loads.filter((load) => load.type !== 'PointLoad' && load.elementId === beam.id).length,
    });
    expect(index.hashes.profiles.get(beam.profileId ?? '')).toBe(`hash-of-${beam.profileId}`);
  });

  it('counts linear and area loads per element, never point loads', () => {
    const total = [...index.loadCounts].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(model.loads.filter((load) => load.type !== 'PointLoad').length);
    expect(model.loads.some((load) => load.type === 'PointLoad')).toBe(true);
  });
});

describe('the scene index cache', () => {
  const sized = (elements: number) =>
    ({ elementPositions: new Map(Array.from({ length: elements }, (_, i) => [`e${i}`, i])) }) as SceneIndex;

  it('builds once per version, even for requests at the same time', async () => {
    const cache = createSceneIndexCache(100);
    let builds = 0;
    const build = async () => {
      builds++;
      return sized(10);
    };
    const [first, second] = await Promise.all([cache.get('v1', build), cache.get('v1', build)]);
    expect(first).toBe(second);
    expect(await cache.get('v1', build)).toBe(first);
    expect(builds).toBe(1);
  });

  it('drops the least recently used versions past its budget, and never keeps a failed build', async () => {
    const cache = createSceneIndexCache(25);
    const builds: string[] = [];
    const get = (version: string, size = 10) =>
      cache.get(version, async () => {
        builds.push(version);
        return sized(size);
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c'); // 30 > 25: b, the least recently used, goes.
    await get('a');
    await get('b');
    expect(builds).toEqual(['a', 'b', 'c', 'b']);

    await get('huge', 1000); // Over the budget alone: kept, the others go.
    await get('huge');
    expect(builds.filter((version) => version === 'huge')).toHaveLength(1);

    await expect(cache.get('broken', () => Promise.reject(new Error('no scene')))).rejects.toThrow(
      'no scene',
    );
    expect(await cache.get('broken', async () => sized(1))).toEqual(sized(1));
  });
});
