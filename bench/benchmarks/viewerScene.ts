import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Scene } from '@babylonjs/core/scene';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { toSceneData } from '../../src/engine/scene';
import { ModelScene, statusIndex } from '../../src/viewer/scene/modelScene';
import { computeVisibility, NO_RULES } from '../../src/viewer/scene/visibility';
import { THEMES } from '../../src/viewer/themes';
import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { defineBenchmark } from '../harness';

/** One element in a hundred. */
const SHARE = 100;

/**
 * The viewer's scene of the synthetic building under Babylon's NullEngine (CPU side only: no GPU, so buffer
 * uploads cost nothing here): building the meshes and thin instances, recolouring 1 % of the elements (a diff
 * status change), hiding by a filter, one frame's CPU cost, and `toSceneData`. The yardstick recolours every
 * element from scratch — what recolouring costs without per-element updates.
 */
export default defineBenchmark({
  name: 'viewer scene',
  async setup({ preset, seed, log }) {
    log('generating the building and its scene data');
    const model = generateBuilding(presetParameters(preset, seed));
    const data = toSceneData(model);
    const elementCount = data.elements.ids.length;

    const engine = new NullEngine({
      renderWidth: 1280,
      renderHeight: 800,
      textureSize: 512,
      deterministicLockstep: false,
      lockstepMaxSteps: 1,
    });
    const scene = new Scene(engine);
    scene.useRightHandedSystem = true;
    const camera = new ArcRotateCamera('camera', Math.PI / 4, 1, 1, Vector3.Zero(), scene);
    camera.upVector = new Vector3(0, 0, 1);
    new HemisphericLight('light', new Vector3(0.35, -0.55, 1), scene);
    // Rebuilds go to an engine and scene of their own, so the frame timed below keeps its compiled shaders.
    const rebuildEngine = new NullEngine();
    const rebuildScene = new Scene(rebuildEngine);
    rebuildScene.useRightHandedSystem = true;

    log('building the scene once for the figures in the note');
    const started = performance.now();
    const built = new ModelScene(scene, data, { theme: THEMES.light });
    let rebuilt: ModelScene | null = null;
    const firstBuildMs = performance.now() - started;
    // The whole building in view, as after zoom to fit.
    const { min, max } = built.bounds;
    const radius = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
    camera.setTarget(new Vector3((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2));
    camera.radius = radius / Math.sin(camera.fov / 2);
    camera.minZ = camera.radius / 1000;
    camera.maxZ = camera.radius * 4;
    await scene.whenReadyAsync();
    scene.render();
    let activeDrawCalls = 0;
    const active = scene.getActiveMeshes();
    for (let k = 0; k < active.length; k++) activeDrawCalls += active.data[k]?.subMeshes?.length ?? 1;
    const steps = Object.entries(built.buildTimings)
      .map(([step, ms]) => `${step} ${ms.toFixed(0)} ms`)
      .join(', ');
    const counts = Object.entries(built.shownCounts())
      .map(([type, count]) => `${count} ${type}`)
      .join(', ');

    const some = Int32Array.from({ length: Math.ceil(elementCount / SHARE) }, (_, k) => k * SHARE);
    const modified = new Int8Array(some.length).fill(statusIndex('modified'));
    const added = new Int8Array(some.length).fill(statusIndex('added'));
    const allUnchanged = new Int8Array(elementCount).fill(statusIndex('unchanged'));
    let flip = false;
    const visible = new Uint8Array(elementCount);
    const columnsOnly = { types: ['Column'], levels: [], profiles: [], materials: [], search: '' };
    let filtered = false;

    return {
      baseline: {
        name: 'recolour every element from scratch',
        run: () => {
          // A fresh status array each time, so every colour is computed and written again.
          built.setStatuses(allUnchanged.slice());
          return built;
        },
      },
      cases: [
        {
          name: `recolour 1 % (${some.length} elements' diff status)`,
          run: () => {
            flip = !flip;
            built.updateStatuses(some, flip ? modified : added);
            return built;
          },
        },
        {
          name: 'filter to columns, or back to all (hide/show)',
          run: () => {
            filtered = !filtered;
            computeVisibility(
              data,
              filtered ? { ...NO_RULES, filter: columnsOnly } : NO_RULES,
              built.reach,
              visible,
            );
            built.setVisibility(visible);
            return built;
          },
        },
        {
          name: 'render one frame (CPU side)',
          run: () => {
            scene.render();
            return scene;
          },
        },
        {
          name: 'build the scene (ModelScene)',
          run: () => {
            // The previous build's meshes go first, inside the timing: a reload pays for that too.
            rebuilt?.dispose();
            rebuilt = new ModelScene(rebuildScene, data, { theme: THEMES.light });
            return rebuilt;
          },
        },
        { name: 'toSceneData(model)', run: () => toSceneData(model) },
      ],
      note:
        `${elementCount} elements (${counts}); ${activeDrawCalls} draw calls in a frame (${built.drawCalls()} ` +
        `meshes with something to draw, glyph layers at their defaults). First build ${firstBuildMs.toFixed(0)} ms: ` +
        `${steps}. NullEngine measures the CPU side only: uploads to the GPU are free here.`,
      teardown: async () => {
        built.dispose();
        rebuilt?.dispose();
        rebuildScene.dispose();
        rebuildEngine.dispose();
        scene.dispose();
        engine.dispose();
      },
    };
  },
});
