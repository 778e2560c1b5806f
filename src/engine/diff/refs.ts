import type { ModelCollection } from '../schema';

/** A reference from one canonical object to another, by the collection it points into and the id. */
export type RefVisitor = (collection: ModelCollection, id: string) => void;

type Loose = Record<string, unknown>;

function visitId(value: unknown, collection: ModelCollection, visit: RefVisitor): void {
  if (typeof value === 'string') visit(collection, value);
}

const COMBINATION_TARGET = {
  case: 'loadCases',
  combination: 'loadCombinations',
  pattern: 'loadPatterns',
} as const satisfies Record<string, ModelCollection>;

const GROUP_TARGET = { node: 'nodes', element: 'elements', load: 'loads' } as const satisfies Record<
  string,
  ModelCollection
>;

/**
 * Every id an object of `collection` refers to (schema fields that hold ids). Dependency closure, dangling-reference
 * checks and id renames all go through this one list.
 */
export function forEachRef(collection: ModelCollection, object: unknown, visit: RefVisitor): void {
  const item = object as Loose;
  switch (collection) {
    case 'nodes':
      visitId(item['levelId'], 'levels', visit);
      visitId(item['springPropertyId'], 'springProperties', visit);
      visitId(item['diaphragmId'], 'diaphragms', visit);
      return;
    case 'profiles':
      visitId(item['materialId'], 'materials', visit);
      return;
    case 'elements': {
      visitId(item['startNodeId'], 'nodes', visit);
      visitId(item['endNodeId'], 'nodes', visit);
      const nodeIds = item['nodeIds'];
      if (Array.isArray(nodeIds)) for (const id of nodeIds) visitId(id, 'nodes', visit);
      visitId(item['profileId'], 'profiles', visit);
      visitId(item['materialId'], 'materials', visit);
      visitId(item['levelId'], 'levels', visit);
      visitId(item['diaphragmId'], 'diaphragms', visit);
      visitId(item['linkPropertyId'], 'linkProperties', visit);
      return;
    }
    case 'groups': {
      const members = item['members'];
      if (!Array.isArray(members)) return;
      for (const member of members as Loose[]) {
        const target = GROUP_TARGET[member['kind'] as keyof typeof GROUP_TARGET];
        if (target) visitId(member['id'], target, visit);
      }
      return;
    }
    case 'loadCases': {
      const loads = item['loads'];
      if (Array.isArray(loads))
        for (const load of loads as Loose[]) visitId(load['patternId'], 'loadPatterns', visit);
      return;
    }
    case 'loadCombinations': {
      const items = item['items'];
      if (!Array.isArray(items)) return;
      for (const entry of items as Loose[]) {
        const target = COMBINATION_TARGET[entry['kind'] as keyof typeof COMBINATION_TARGET];
        if (target) visitId(entry['id'], target, visit);
      }
      return;
    }
    case 'loads':
      visitId(item['nodeId'], 'nodes', visit);
      visitId(item['elementId'], 'elements', visit);
      visitId(item['patternId'], 'loadPatterns', visit);
      return;
    default:
      return;
  }
}

export type Renames = Partial<Record<ModelCollection, ReadonlyMap<string, string>>>;

function renamed(renames: Renames, collection: ModelCollection, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return renames[collection]?.get(value) ?? value;
}

/**
 * `object` with its references renamed (before id → after id, all at once, never chained), or the same object when
 * nothing it refers to was renamed. Used when a diff matched objects by geometry, so that objects the diff leaves
 * as they are still point at the renamed ones.
 */
export function renameRefs<T>(collection: ModelCollection, object: T, renames: Renames): T {
  let touched = false;
  forEachRef(collection, object, (target, id) => {
    if (renames[target]?.has(id)) touched = true;
  });
  if (!touched) return object;
  const item = { ...(object as Loose) };
  switch (collection) {
    case 'nodes':
      item['levelId'] = renamed(renames, 'levels', item['levelId']);
      item['springPropertyId'] = renamed(renames, 'springProperties', item['springPropertyId']);
      item['diaphragmId'] = renamed(renames, 'diaphragms', item['diaphragmId']);
      break;
    case 'profiles':
      item['materialId'] = renamed(renames, 'materials', item['materialId']);
      break;
    case 'elements':
      item['startNodeId'] = renamed(renames, 'nodes', item['startNodeId']);
      item['endNodeId'] = renamed(renames, 'nodes', item['endNodeId']);
      if (Array.isArray(item['nodeIds'])) {
        item['nodeIds'] = (item['nodeIds'] as unknown[]).map((id) => renamed(renames, 'nodes', id));
      }
      item['profileId'] = renamed(renames, 'profiles', item['profileId']);
      item['materialId'] = renamed(renames, 'materials', item['materialId']);
      item['levelId'] = renamed(renames, 'levels', item['levelId']);
      item['diaphragmId'] = renamed(renames, 'diaphragms', item['diaphragmId']);
      item['linkPropertyId'] = renamed(renames, 'linkProperties', item['linkPropertyId']);
      break;
    case 'groups':
      item['members'] = (item['members'] as Loose[]).map((member) => {
        const target = GROUP_TARGET[member['kind'] as keyof typeof GROUP_TARGET];
        return target ? { ...member, id: renamed(renames, target, member['id']) } : member;
      });
      break;
    case 'loadCases':
      item['loads'] = (item['loads'] as Loose[]).map((load) => ({
        ...load,
        patternId: renamed(renames, 'loadPatterns', load['patternId']),
      }));
      break;
    case 'loadCombinations':
      item['items'] = (item['items'] as Loose[]).map((entry) => {
        const target = COMBINATION_TARGET[entry['kind'] as keyof typeof COMBINATION_TARGET];
        return target ? { ...entry, id: renamed(renames, target, entry['id']) } : entry;
      });
      break;
    case 'loads':
      item['nodeId'] = renamed(renames, 'nodes', item['nodeId']);
      item['elementId'] = renamed(renames, 'elements', item['elementId']);
      item['patternId'] = renamed(renames, 'loadPatterns', item['patternId']);
      break;
    default:
      break;
  }
  // Spreading then assigning `undefined` would add absent keys; drop them so the object stays as it was.
  for (const key of Object.keys(item)) if (item[key] === undefined) delete item[key];
  return item as T;
}
