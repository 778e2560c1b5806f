import type { CheckId, Issue, IssueDetail, Severity } from '../repair/types';
import type { Point3 } from '../schema';
import { compareIds } from './topology';

/**
 * The stable issue id: `${check}:${sorted element ids}` and, when the issue names nodes, `@${sorted node ids}`
 * (ids joined by commas). Elements and nodes are kept apart because SAP2000 names joints and frames from the same
 * numbers ("1" is often both). C09 names its component by its lowest node id only (a component can hold a whole
 * model); C13 adds `#edge` after the area id.
 */
export function issueId(check: CheckId, elementIds: readonly string[], nodeIds: readonly string[]): string {
  const elements = elementIds.join(',');
  return nodeIds.length === 0 ? `${check}:${elements}` : `${check}:${elements}@${nodeIds.join(',')}`;
}

export function sortIds(ids: Iterable<string>): string[] {
  // Most issues name one or two ids: skip the general sort for those (it is called 100k times on big models).
  if (Array.isArray(ids)) {
    const list = ids as readonly string[];
    if (list.length === 0) return [];
    if (list.length === 1) return [list[0] as string];
    if (list.length === 2) {
      const [a, b] = list as [string, string];
      return b < a ? [b, a] : [a, b];
    }
  }
  return [...ids].sort(compareIds);
}

export function makeIssue(
  check: CheckId,
  severity: Severity,
  elementIds: Iterable<string>,
  nodeIds: Iterable<string>,
  location: Point3,
  distance: number | null,
  detail: IssueDetail,
  id?: string,
): Issue {
  const elements = sortIds(elementIds);
  const nodes = sortIds(nodeIds);
  return {
    id: id ?? issueId(check, elements, nodes),
    check,
    severity,
    nodeIds: nodes,
    elementIds: elements,
    location,
    distance,
    detail,
  };
}
