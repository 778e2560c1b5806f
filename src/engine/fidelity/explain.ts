import { reportItemLacksIds, reportItemIds, type ReportItem } from '../formats/report';
import type { Explanation, FidelityDifference } from './types';

/**
 * Which differences the translators' reports account for. An item explains a difference when it names the same
 * concept and one of the difference's ids (its `id` or any of its `ids`), or when it names the concept and no
 * object at all (it covers that concept for the whole model). Items are indexed once, so this is linear.
 */
export function explainDifferences(
  differences: readonly FidelityDifference[],
  items: readonly ReportItem[],
): Explanation {
  const byConceptAndId = new Map<string, ReportItem>();
  const modelWide = new Map<string, ReportItem>();
  // An item that lists only some of what it stands for, and whose other ids are not known here (it was capped,
  // then stored or posted), explains the rest of its concept, after any item that names the object.
  const partial = new Map<string, ReportItem>();
  for (const item of items) {
    if (item.concept === undefined) continue;
    const ids = [...reportItemIds(item)];
    if (reportItemLacksIds(item) && !partial.has(item.concept)) partial.set(item.concept, item);
    if (ids.length === 0) {
      if (!modelWide.has(item.concept)) modelWide.set(item.concept, item);
      continue;
    }
    for (const id of ids) {
      const key = `${item.concept}\u0000${id}`;
      // The first item that names an object wins: the writer's, which is listed before the read-back's.
      if (!byConceptAndId.has(key)) byConceptAndId.set(key, item);
    }
  }
  const explanation: Explanation = { explained: [], unexplained: [] };
  for (const difference of differences) {
    let item: ReportItem | undefined;
    for (const id of difference.ids) {
      item = byConceptAndId.get(`${difference.concept}\u0000${id}`);
      if (item) break;
    }
    item ??= modelWide.get(difference.concept) ?? partial.get(difference.concept);
    if (item) explanation.explained.push({ difference, item });
    else explanation.unexplained.push(difference);
  }
  return explanation;
}
