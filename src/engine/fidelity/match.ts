import { SpatialHash } from '../diff/spatialHash';
import type { Element, Node } from '../schema';

/**
 * Pairs of objects across the two models: before id → after id and back. Built once, read by every comparison
 * that follows a reference (a member's nodes, a load's target, a group's members).
 */
export class Pairing {
  readonly afterOf = new Map<string, string>();
  readonly beforeOf = new Map<string, string>();

  add(beforeId: string, afterId: string): void {
    this.afterOf.set(beforeId, afterId);
    this.beforeOf.set(afterId, beforeId);
  }
}

/**
 * Nodes are the same node when they are within `tolerance` (mm) of each other, whatever their ids: a node keeps
 * its id when one within tolerance has it (cheap, and the usual case of a round trip); the rest are paired with
 * the nearest unpaired node through a spatial hash, so the whole matching is linear in the node count.
 */
export function matchNodes(
  before: readonly Node[],
  after: readonly Node[],
  afterById: ReadonlyMap<string, Node>,
  tolerance: number,
): Pairing {
  const pairing = new Pairing();
  const toleranceSquared = tolerance * tolerance;
  const leftover: Node[] = [];
  for (const node of before) {
    const candidate = afterById.get(node.id);
    if (
      candidate &&
      !pairing.beforeOf.has(candidate.id) &&
      distanceSquared(node, candidate) <= toleranceSquared
    ) {
      pairing.add(node.id, candidate.id);
    } else {
      leftover.push(node);
    }
  }
  if (leftover.length === 0) return pairing;

  // A zero tolerance still needs a positive cell; coincident points then share a cell.
  const hash = new SpatialHash(Math.max(tolerance, 1e-6));
  const afterTaken = new Uint8Array(after.length);
  after.forEach((node, index) => {
    if (pairing.beforeOf.has(node.id)) afterTaken[index] = 1;
    else hash.insert(node.x, node.y, node.z, index);
  });
  for (const node of leftover) {
    let best = -1;
    let bestDistance = Infinity;
    hash.near(node.x, node.y, node.z, (index) => {
      if (afterTaken[index] === 1) return;
      const candidate = after[index] as Node;
      const distance = distanceSquared(node, candidate);
      if (distance > toleranceSquared) return;
      // Two joints at one point (an isolator's ends) are told apart by name before distance.
      const sameName = candidate.name === node.name;
      const bestSameName = best >= 0 && (after[best] as Node).name === node.name;
      if (best < 0 || (sameName && !bestSameName) || (sameName === bestSameName && distance < bestDistance)) {
        best = index;
        bestDistance = distance;
      }
    });
    if (best >= 0) {
      afterTaken[best] = 1;
      pairing.add(node.id, (after[best] as Node).id);
    }
  }
  return pairing;
}

function distanceSquared(a: Node, b: Node): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

/** Elements that can stand for one another on the same nodes: a beam may become a brace, not a wall. */
function category(element: Element): string {
  switch (element.type) {
    case 'Beam':
    case 'Column':
    case 'Brace':
    case 'Cable':
      return 'line';
    case 'Floor':
    case 'Wall':
    case 'Area':
    case 'Opening':
      return 'area';
    default:
      return element.type;
  }
}

/** The nodes an element stands on, in its own order (empty for reference geometry). */
export function elementNodeIds(element: Element): readonly string[] {
  switch (element.type) {
    case 'Beam':
    case 'Column':
    case 'Brace':
    case 'Cable':
      return [element.startNodeId, element.endNodeId];
    case 'Link':
      return element.endNodeId === undefined
        ? [element.startNodeId]
        : [element.startNodeId, element.endNodeId];
    case 'GeoElement':
      return [];
    default:
      return element.nodeIds;
  }
}

/** Whether `after` stands on the nodes `before`'s nodes matched (as a set: i/j may be swapped, polygons turned). */
function standsOnMatchedNodes(before: Element, after: Element, nodes: Pairing): boolean {
  const beforeIds = elementNodeIds(before);
  const afterIds = elementNodeIds(after);
  if (beforeIds.length !== afterIds.length || beforeIds.length === 0) return false;
  if (beforeIds.length === 2) {
    const start = nodes.afterOf.get(beforeIds[0] as string);
    const end = nodes.afterOf.get(beforeIds[1] as string);
    return (start === afterIds[0] && end === afterIds[1]) || (start === afterIds[1] && end === afterIds[0]);
  }
  const wanted = new Set(afterIds);
  return (
    beforeIds.every((id) => {
      const mapped = nodes.afterOf.get(id);
      return mapped !== undefined && wanted.has(mapped);
    }) && new Set(beforeIds).size === wanted.size
  );
}

/** Category and the sorted set of after-model node ids: what two matching elements share. */
function placeKey(element: Element, nodeIds: readonly string[]): string {
  return `${category(element)}\u0000${[...new Set(nodeIds)].sort().join('\u0000')}`;
}

export interface ElementMatch {
  pairing: Pairing;
  /** Pairs made by id because the element's nodes did not all match (its position changed). */
  byId: Set<string>;
}

/**
 * Elements are the same element when they stand on the same matched nodes (a frame's unordered pair, an area's
 * node set), preferring the same type, then the same id; an element whose nodes did not all match falls back to
 * an unpaired element of its category with its id.
 */
export function matchElements(
  before: readonly Element[],
  after: readonly Element[],
  afterById: ReadonlyMap<string, Element>,
  nodes: Pairing,
): ElementMatch {
  const pairing = new Pairing();
  const byId = new Set<string>();
  // The usual round trip keeps ids: an element whose namesake has its type and stands on its matched nodes is it.
  const unsettled: Element[] = [];
  for (const element of before) {
    const candidate = afterById.get(element.id);
    if (
      candidate !== undefined &&
      candidate.type === element.type &&
      !pairing.beforeOf.has(candidate.id) &&
      standsOnMatchedNodes(element, candidate, nodes)
    ) {
      pairing.add(element.id, candidate.id);
    } else {
      unsettled.push(element);
    }
  }
  if (unsettled.length === 0) return { pairing, byId };

  const afterTaken = new Uint8Array(after.length);
  const afterByPlace = new Map<string, number[]>();
  after.forEach((element, index) => {
    if (pairing.beforeOf.has(element.id)) {
      afterTaken[index] = 1;
      return;
    }
    const nodeIds = elementNodeIds(element);
    if (nodeIds.length === 0) return;
    const key = placeKey(element, nodeIds);
    const list = afterByPlace.get(key);
    if (list) list.push(index);
    else afterByPlace.set(key, [index]);
  });
  const leftover: Element[] = [];
  for (const element of unsettled) {
    const nodeIds = elementNodeIds(element);
    const mapped: string[] = [];
    for (const id of nodeIds) {
      const afterId = nodes.afterOf.get(id);
      if (afterId === undefined) break;
      mapped.push(afterId);
    }
    const candidates =
      nodeIds.length > 0 && mapped.length === nodeIds.length
        ? afterByPlace.get(placeKey(element, mapped))
        : undefined;
    let best = -1;
    let bestScore = -1;
    for (const index of candidates ?? []) {
      if (afterTaken[index] === 1) continue;
      const candidate = after[index] as Element;
      const score = (candidate.type === element.type ? 2 : 0) + (candidate.id === element.id ? 1 : 0);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    }
    if (best >= 0) {
      afterTaken[best] = 1;
      pairing.add(element.id, (after[best] as Element).id);
    } else {
      leftover.push(element);
    }
  }
  for (const element of leftover) {
    const candidate = afterById.get(element.id);
    if (candidate === undefined || pairing.beforeOf.has(candidate.id)) continue;
    if (category(candidate) !== category(element)) continue;
    pairing.add(element.id, candidate.id);
    if (elementNodeIds(element).length > 0) byId.add(element.id);
  }
  return { pairing, byId };
}

/**
 * Definitions (sections, patterns, groups…) are the same when they have the same name: exactly, then ignoring
 * case, then by id; `extra` may pair what is left by content or usage.
 */
export function pairByName<T extends { id: string; name: string }>(
  before: readonly T[],
  after: readonly T[],
  extra?: (leftBefore: readonly T[], leftAfter: readonly T[], pairing: Pairing) => void,
): { pairing: Pairing; missing: T[]; added: T[] } {
  const pairing = new Pairing();
  let leftBefore: readonly T[] = before;
  const keys: ((item: T) => string)[] = [
    (item) => item.name,
    (item) => item.name.trim().toLowerCase(),
    (item) => `\u0000${item.id}`,
  ];
  for (const key of keys) {
    // Several objects may share a name (grid lines "3" of two systems): each name keeps all its candidates,
    // and one with the same id is preferred, else the first still free.
    const afterByKey = new Map<string, T[]>();
    for (const item of after) {
      if (pairing.beforeOf.has(item.id)) continue;
      const value = key(item);
      const bucket = afterByKey.get(value);
      if (bucket) bucket.push(item);
      else afterByKey.set(value, [item]);
    }
    const next: T[] = [];
    for (const item of leftBefore) {
      const bucket = afterByKey.get(key(item));
      const free = bucket?.filter((candidate) => !pairing.beforeOf.has(candidate.id)) ?? [];
      const candidate = free.find((other) => other.id === item.id) ?? free[0];
      if (candidate) pairing.add(item.id, candidate.id);
      else next.push(item);
    }
    leftBefore = next;
    if (leftBefore.length === 0) break;
  }
  if (extra && leftBefore.length > 0) {
    extra(
      leftBefore,
      after.filter((item) => !pairing.beforeOf.has(item.id)),
      pairing,
    );
  }
  return {
    pairing,
    missing: before.filter((item) => !pairing.afterOf.has(item.id)),
    added: after.filter((item) => !pairing.beforeOf.has(item.id)),
  };
}
