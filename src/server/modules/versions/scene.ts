import { toSceneData, type SceneData } from '../../../engine/scene';
import type { DisplayUnit, Element, Model, ModelCollection } from '../../../engine/schema';
import { emptyModel } from '../../../engine/schema';

/** The derived cache's kind for scene data; a new layout gets a new kind, so old files are never misread. */
export const SCENE_CACHE_KIND = 'scene-v1';

/** The collections toSceneData reads. */
export const SCENE_COLLECTIONS = [
  'nodes',
  'levels',
  'grids',
  'materials',
  'profiles',
  'elements',
  'loadPatterns',
  'loads',
] as const satisfies readonly ModelCollection[];
export type SceneCollection = (typeof SCENE_COLLECTIONS)[number];

/**
 * A version's scene data without its display unit, as JSON text: what is cached per version. The unit is left
 * out because it is the model's setting, which can change after the version was stored.
 */
export function sceneContentJson(collections: Pick<Model, SceneCollection>): string {
  return JSON.stringify(sceneContentOf(collections));
}

/** A version's scene data without its display unit (what sceneContentJson writes). */
export function sceneContentOf(collections: Pick<Model, SceneCollection>): Omit<SceneData, 'units'> {
  // toSceneData reads only the collections above and the unit, which the answer replaces.
  const model: Model = { ...emptyModel({ tool: 'gusset' }), ...collections };
  const { units: _units, ...content } = toSceneData(model);
  return content;
}

const CONTENT_START = '{"levels":';

/** Whether cached text is scene content of this layout (anything else is rebuilt). */
export function isSceneContent(text: string): boolean {
  return text.startsWith(CONTENT_START);
}

/** The answer of GET scene from cached content: the ids and the model's unit first, then the content. */
export function sceneAnswerJson(
  modelId: string,
  versionId: string,
  units: DisplayUnit,
  content: string,
): string {
  if (!isSceneContent(content)) throw new Error('not scene content');
  return `{"modelId":${JSON.stringify(modelId)},"versionId":${JSON.stringify(versionId)},"units":${JSON.stringify(units)},${content.slice(1)}`;
}

/** The distance between a two-node member's end nodes (mm), or null for anything else. */
export function memberLengthMm(
  element: Element,
  nodes: ReadonlyArray<{ id: string; x: number; y: number; z: number }>,
): number | null {
  if (!('startNodeId' in element) || element.endNodeId === undefined) return null;
  const start = nodes.find((node) => node.id === element.startNodeId);
  const end = nodes.find((node) => node.id === element.endNodeId);
  if (!start || !end) return null;
  return Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z);
}
