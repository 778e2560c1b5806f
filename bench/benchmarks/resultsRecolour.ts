import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Scene } from '@babylonjs/core/scene';
import { toSceneData } from '../../src/engine/scene';
import { valueColours } from '../../src/engine/results';
import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { colouringRgb, resolveIds } from '../../src/viewer/scene/colors';
import { ModelScene, statusIndex } from '../../src/viewer/scene/modelScene';
import { THEMES } from '../../src/viewer/themes';
import { defineBenchmark } from '../harness';

/**
 * Issue #25: recolouring every member of the synthetic building by a result component (a new case or component
 * chosen): the legend and a colour per member from the engine, then the viewer's colour buffers (NullEngine: the
 * CPU side, as viewerScene measures). The yardstick is the diff recolour of every element from scratch.
 */
export default defineBenchmark({
  name: 'results recolour',
  async setup({ preset, seed, log }) {
    log('generating the building and its scene');
    const data = toSceneData(generateBuilding(presetParameters(preset, seed)));
    const ids = data.elements.ids;
    const engine = new NullEngine();
    const scene = new Scene(engine);
    const model = new ModelScene(scene, data, { theme: THEMES.light });
    const allUnchanged = new Int8Array(ids.length).fill(statusIndex('unchanged'));
    let state = seed >>> 0;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    // Two components' extremes per member (kN·m as N·m), both signs.
    const components = [0, 1].map(() => Float64Array.from(ids, () => (random() * 800 - 400) * 1000));
    const index = new Map<string, number>();
    ids.forEach((id, element) => index.set(id, element));
    // The viewer resolves a table's ids once (they are the same for every case and component of one upload).
    const elements = resolveIds(ids, index);
    let which = 0;
    return {
      baseline: {
        name: 'recolour every element from scratch (diff statuses)',
        run: () => {
          model.setStatuses(allUnchanged.slice());
          return model;
        },
      },
      cases: [
        {
          name: `recolour ${ids.length.toLocaleString('en-US')} elements by a component (legend, colours, buffers)`,
          run: () => {
            which = 1 - which;
            // What Viewer.showValues does with the engine's bands: palette lookups per element by its id.
            const { colouring } = valueColours(ids, components[which] as Float64Array);
            const rgb = colouringRgb(colouring, elements, ids.length);
            model.setCustomColors(rgb);
            return model;
          },
        },
      ],
      note: () =>
        'What choosing another case or component costs in the viewer once its values are in: the engine legend and colours, the element index, and the colour buffers (GPU upload not counted under NullEngine).',
    };
  },
});
