import type { MinimalModel } from '../../../contract/http/versions';
import { normalizeNumber } from '../../../engine/canonical';
import { nodeIdsOf, type Element, type Node } from '../../../engine/schema';

export { nodeIdsOf };

type MinimalElement = MinimalModel['elements'][number];

/** Fields of every object, and the geometry references the minimal model already sends as `nodes`. */
const NOT_ATTRIBUTES = new Set([
  'id',
  'type',
  'source',
  'attributes',
  'name',
  'startNodeId',
  'endNodeId',
  'nodeIds',
  'points',
]);

/** The value of a requested key: a canonical field of the element, else a source attribute; undefined if none. */
function valueOf(element: Element, key: string): unknown {
  const record = element as unknown as Record<string, unknown>;
  if (!NOT_ATTRIBUTES.has(key) && Object.hasOwn(record, key)) return record[key];
  return Object.hasOwn(element.attributes, key) ? element.attributes[key] : undefined;
}

function requestedAttributes(element: Element, keys: readonly string[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key of keys) {
    const value = valueOf(element, key);
    if (value !== undefined)
      Object.defineProperty(attributes, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return attributes;
}

/**
 * What the viewer draws: nodes as [id, x, y, z] mm, elements with their node ids, section and material, and the
 * requested keys. With specificAttributesOnly, elements carry only id, type and the requested keys.
 */
export function toMinimal(
  nodes: readonly Node[],
  elements: readonly Element[],
  keys: readonly string[],
  specificAttributesOnly: boolean,
): Pick<MinimalModel, 'nodes' | 'elements'> {
  if (specificAttributesOnly) {
    return {
      nodes: [],
      elements: elements.map((element) => ({
        id: element.id,
        type: element.type,
        attributes: requestedAttributes(element, keys),
      })),
    };
  }
  return {
    // Normalised as stored (canonical JSON), so a minimal built from the translated model and one rebuilt from
    // the stored objects are the same bytes.
    nodes: nodes.map((node) => [
      node.id,
      normalizeNumber(node.x),
      normalizeNumber(node.y),
      normalizeNumber(node.z),
    ]),
    elements: elements.map((element) => {
      const minimal: MinimalElement = {
        id: element.id,
        type: element.type,
        name: element.name,
        nodes: nodeIdsOf(element),
      };
      if ('profileId' in element && element.profileId !== undefined) minimal.profile = element.profileId;
      if ('materialId' in element && element.materialId !== undefined) minimal.material = element.materialId;
      if (keys.length > 0) minimal.attributes = requestedAttributes(element, keys);
      return minimal;
    }),
  };
}

/** The keys found on elements (canonical fields beyond geometry, then source attributes), sorted. */
export function attributeKeys(
  elements: readonly Element[],
): { key: string; elementTypes: string[]; count: number }[] {
  const found = new Map<string, { types: Set<string>; count: number }>();
  const note = (key: string, type: string) => {
    let entry = found.get(key);
    if (!entry) {
      entry = { types: new Set(), count: 0 };
      found.set(key, entry);
    }
    entry.types.add(type);
    entry.count++;
  };
  for (const element of elements) {
    const seen = new Set<string>();
    for (const key of Object.keys(element)) {
      if (NOT_ATTRIBUTES.has(key) || (element as unknown as Record<string, unknown>)[key] === undefined)
        continue;
      seen.add(key);
      note(key, element.type);
    }
    for (const key of Object.keys(element.attributes)) if (!seen.has(key)) note(key, element.type);
  }
  return [...found.entries()]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([key, entry]) => ({ key, elementTypes: [...entry.types].sort(), count: entry.count }));
}

/**
 * The default minimal model (no keys) without its ids, as JSON text: what is cached per version, whose content
 * never changes.
 */
export function minimalContentJson(
  units: string,
  nodes: readonly Node[],
  elements: readonly Element[],
): string {
  return JSON.stringify({ units, ...toMinimal(nodes, elements, [], false) });
}

/** The answer of GET minimal from cached content: the ids first, then the content's members. */
export function minimalAnswerJson(modelId: string, versionId: string, content: string): string {
  if (!content.startsWith('{"units":')) throw new Error('not minimal content');
  return `{"modelId":${JSON.stringify(modelId)},"versionId":${JSON.stringify(versionId)},${content.slice(1)}`;
}
