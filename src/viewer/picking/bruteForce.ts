import type { SceneData } from '../../engine/scene';
import { buildElementShapes, rayElement } from './elementShapes';
import type { PickIndex } from './pickIndex';
import { relativeRay } from './pickIndex';

/**
 * The reference picker: the same element shapes as `createPickIndex`, every element tested on every ray. For
 * tests (does the index miss anything?) and as the benchmark's yardstick; far too slow for a large model.
 */
export function createBruteForcePicker(data: SceneData, radii: Float32Array): PickIndex {
  const shapes = buildElementShapes(data, radii);
  return {
    elementCount: shapes.elementCount,
    raycast(origin, direction, isVisible) {
      const ray = relativeRay(shapes, origin, direction);
      if (!ray) return null;
      const { ox, oy, oz, dx, dy, dz } = ray;
      let best = Infinity;
      let bestElement = -1;
      for (let element = 0; element < shapes.elementCount; element++) {
        const t = rayElement(shapes, element, ox, oy, oz, dx, dy, dz);
        if (t < best && isVisible(element)) {
          best = t;
          bestElement = element;
        }
      }
      return bestElement >= 0 ? { element: bestElement, distance: best } : null;
    },
  };
}
