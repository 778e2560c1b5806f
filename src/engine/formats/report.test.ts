import { describe, expect, it } from 'vitest';
import { explainDifferences } from '../fidelity/explain';
import type { FidelityDifference } from '../fidelity/types';
import {
  REPORT_ITEMS_PER_KIND,
  REPORT_MAX_LISTED,
  REPORT_MORE_REASON,
  ReportBuilder,
  capReportItems,
  reportItemCount,
  reportItemIds,
  type ReportItem,
} from './report';

const total = (items: readonly ReportItem[]) => items.reduce((sum, item) => sum + reportItemCount(item), 0);

function difference(id: string): FidelityDifference {
  return { concept: 'node', change: 'changed', subject: 'Node', id, ids: [id], message: `node ${id} moved` };
}

describe('a report bounded per kind', () => {
  it('lists the first items of a kind and counts the rest on one more item', () => {
    const report = new ReportBuilder();
    for (let index = 0; index < 100_000; index++) {
      report.warning('POINT', 'defined twice; the last definition is used', {
        id: `P${index}`,
        concept: 'node',
      });
    }
    report.dropped('LOAD', 'other kind', { id: 'L1' });
    expect(report.items).toHaveLength(REPORT_ITEMS_PER_KIND + 2);
    const more = report.items[REPORT_ITEMS_PER_KIND];
    expect(more).toEqual({
      severity: 'warning',
      subject: 'POINT',
      reason: 'defined twice; the last definition is used',
      concept: 'node',
      count: 100_000 - REPORT_ITEMS_PER_KIND,
    });
    expect(total(report.items)).toBe(100_001);
    // In the process that read, every id is still known: the oracle stays exact.
    expect([...reportItemIds(more as ReportItem)]).toHaveLength(100_000 - REPORT_ITEMS_PER_KIND);
  });

  it('cuts an item of many ids to the first ones and keeps their number', () => {
    const ids = Array.from({ length: 300 }, (_, index) => `B${index}`);
    const report = new ReportBuilder();
    report.approximated('LINEASSIGN', 'partial fixity', { ids, concept: 'release' });
    report.approximated('LINEASSIGN', 'partial fixity', { id: 'B999', concept: 'release' });
    const [cut, more] = report.items;
    expect(cut?.ids).toEqual(ids.slice(0, REPORT_ITEMS_PER_KIND));
    expect(cut?.count).toBe(300);
    expect(more).toMatchObject({ count: 1 });
    expect(total(report.items)).toBe(301);
  });

  it('lists at most REPORT_MAX_LISTED in all, however many kinds the file makes', () => {
    const report = new ReportBuilder();
    const kinds = REPORT_MAX_LISTED + 20_000;
    for (let index = 0; index < kinds; index++) {
      report.dropped(index % 2 ? 'LINE' : `KEY${index}`, `point "P${index}" is not defined`, {
        id: `L${index}`,
      });
    }
    expect(report.items.length).toBeLessThanOrEqual(REPORT_MAX_LISTED + 2 * REPORT_ITEMS_PER_KIND + 1);
    expect(total(report.items)).toBe(kinds);
    expect(report.items.at(-1)).toMatchObject({ subject: 'Other', reason: REPORT_MORE_REASON });
  });

  it('is the same when capped twice, and a stored report explains the rest by its concept', () => {
    const report = new ReportBuilder();
    for (let index = 0; index < 200; index++)
      report.warning('POINT', 'moved', { id: `P${index}`, concept: 'node' });
    const again = capReportItems(report.items);
    expect(again).toEqual(report.items);
    expect(total(again)).toBe(200);

    const differences = [difference('P10'), difference('P150')];
    // Here every id is known; after JSON (storage, a worker's message) only the listed ones are, and the
    // item that counts the rest explains the node differences no listed item names.
    expect(explainDifferences(differences, report.items).unexplained).toEqual([]);
    const stored = JSON.parse(JSON.stringify(report.items)) as ReportItem[];
    const explained = explainDifferences(differences, stored);
    expect(explained.unexplained).toEqual([]);
    expect(explained.explained[1]?.item.count).toBe(150);
    expect(explainDifferences([difference('P150')], stored.slice(0, 50)).unexplained).toHaveLength(1);
  });
});
