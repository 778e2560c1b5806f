import { toSceneData } from '../../src/engine/scene';
import type { Vec3 } from '../../src/viewer/geometry/polygon';
import { createBruteForcePicker } from '../../src/viewer/picking/bruteForce';
import { buildBvh } from '../../src/viewer/picking/bvh';
import { buildElementShapes } from '../../src/viewer/picking/elementShapes';
import { createPickIndex } from '../../src/viewer/picking/pickIndex';
import { profilePickRadii } from '../../src/viewer/picking/radii';
import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { createRandom } from '../../src/engine/testing/random';
import { defineBenchmark, median } from '../harness';

const RAYS = 1_000;
/** Brute force tests every element on every ray: about this many element tests per run, so a run takes ~1 s. */
const BRUTE_FORCE_ELEMENT_TESTS = 5_000_000;

/**
 * Picking in the viewer: building the pick index (element shapes and the BVH) of the synthetic building, then
 * 1,000 random rays through its bounding box. The yardstick tests every element on each ray (what picking costs
 * without an index), on fewer rays; the index is timed on those same rays too, so that row's ratio is like for
 * like.
 */
export default defineBenchmark({
  name: 'viewer pick',
  setup({ preset, seed, log }) {
    log('generating the building and its scene data');
    const data = toSceneData(generateBuilding(presetParameters(preset, seed)));
    const elementCount = data.elements.ids.length;
    const radii = profilePickRadii(data);
    const always = (): boolean => true;

    const { xyz } = data.nodes;
    const min: Vec3 = [Infinity, Infinity, Infinity];
    const max: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < xyz.length; i += 3) {
      for (let axis = 0; axis < 3; axis++) {
        const value = xyz[i + axis] as number;
        if (value < (min[axis] as number)) min[axis] = value;
        if (value > (max[axis] as number)) max[axis] = value;
      }
    }
    // Each ray starts outside the building's box and aims at a random point inside it, like a camera ray.
    const random = createRandom(seed);
    const inBox = (): Vec3 =>
      min.map((low, axis) => low + random.next() * ((max[axis] as number) - low)) as Vec3;
    const rays: Array<{ origin: Vec3; direction: Vec3 }> = [];
    for (let k = 0; k < RAYS; k++) {
      const from = inBox();
      const to = inBox();
      const direction: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
      rays.push({
        origin: [from[0] - 3 * direction[0], from[1] - 3 * direction[1], from[2] - 3 * direction[2]],
        direction,
      });
    }
    const bruteRays = rays.slice(
      0,
      Math.max(5, Math.min(RAYS, Math.round(BRUTE_FORCE_ELEMENT_TESTS / elementCount))),
    );

    log('building the pick index and the brute-force reference');
    const shapes = buildElementShapes(data, radii);
    const bvh = buildBvh(shapes.boxes, shapes.elementCount);
    // What the index keeps (the element boxes are dropped once the tree is built).
    const bytes = [
      shapes.radii,
      shapes.capsuleOffsets,
      shapes.capsules,
      shapes.triangleOffsets,
      shapes.triangles,
      bvh.nodeBoxes,
      bvh.nodeFirst,
      bvh.nodeCounts,
      bvh.order,
    ].reduce((sum, array) => sum + array.byteLength, 0);
    const index = createPickIndex(data, radii);
    const reference = createBruteForcePicker(data, radii);

    // Check before timing: the index answers what testing every element answers.
    let hits = 0;
    for (const { origin, direction } of bruteRays) {
      const expected = reference.raycast(origin, direction, always)?.element ?? -1;
      const actual = index.raycast(origin, direction, always)?.element ?? -1;
      if (expected !== actual)
        throw new Error(`the index hit ${actual} where testing every element hit ${expected}`);
    }
    for (const { origin, direction } of rays) if (index.raycast(origin, direction, always)) hits++;
    const centre: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
    const middleRay = {
      origin: [centre[0], min[1] - 100_000, centre[2]] as Vec3,
      direction: [0, 1, 0] as Vec3,
    };
    const started = performance.now();
    const middleHit = index.raycast(middleRay.origin, middleRay.direction, always);
    const middleMs = performance.now() - started;

    const castAll = (picker: typeof index, list: typeof rays): number => {
      let found = 0;
      for (const { origin, direction } of list) if (picker.raycast(origin, direction, always)) found++;
      return found;
    };
    // The harness times each case; these keep the same runs' figures for the per-ray note.
    const times = { rays: [] as number[], brute: [] as number[], build: [] as number[] };
    const timed = <T>(into: number[], work: () => T): T => {
      const start = performance.now();
      const result = work();
      into.push(performance.now() - start);
      return result;
    };
    // The first sample is the harness's warm-up run, which it leaves out of its table too.
    const timedRuns = (samples: number[]): number[] => (samples.length > 1 ? samples.slice(1) : samples);
    const microseconds = (samples: number[], count: number): string =>
      samples.length === 0 ? '?' : ((median(timedRuns(samples)) * 1000) / count).toFixed(1);

    return {
      baseline: {
        name: `brute force: every element on ${bruteRays.length} rays`,
        run: () => timed(times.brute, () => castAll(reference, bruteRays)),
      },
      cases: [
        { name: `index: the same ${bruteRays.length} rays`, run: () => castAll(index, bruteRays) },
        { name: `index: ${RAYS} random rays`, run: () => timed(times.rays, () => castAll(index, rays)) },
        {
          name: 'build the index (shapes + BVH)',
          run: () => timed(times.build, () => createPickIndex(data, radii)),
        },
      ],
      // Read by the harness after the runs, so it can quote their medians.
      get note(): string {
        return (
          `${elementCount} elements; index ${(bytes / 2 ** 20).toFixed(1)} MiB of typed arrays ` +
          `(${bvh.nodeFirst.length} BVH nodes, depth ${bvh.depth}, ${shapes.triangles.length / 9} triangles, ` +
          `${shapes.capsules.length / 6} capsules); median build ${median(timedRuns(times.build)).toFixed(0)} ms; ` +
          `per ray ${microseconds(times.rays, RAYS)} µs with the index (${hits}/${RAYS} rays hit), ` +
          `${microseconds(times.brute, bruteRays.length)} µs testing every element; ` +
          `one ray through the middle ${(middleMs * 1000).toFixed(0)} µs cold (hit element ${middleHit?.element ?? 'none'}); ` +
          `answers checked against brute force on ${bruteRays.length} rays before timing`
        );
      },
    };
  },
});
