import ExcelJS from 'exceljs';
import type { DiffViewWire } from '../../../contract/http/compare';
import type { Report } from '../../../contract/http/reports';
import { safeFileName } from '../versions/service';

export interface ReportWorkbook {
  fileName: string;
  bytes: Buffer;
}

const STATUS_TEXT = { added: 'Added', removed: 'Removed', modified: 'Modified' } as const;

function dateText(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16) + ' UTC';
}

/** The header row bold and frozen, so it stays in view while an engineer scrolls 10,000 changes. */
function styleHeader(sheet: ExcelJS.Worksheet, row: number): void {
  sheet.getRow(row).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: row }];
}

/**
 * A report as an Excel workbook: a Summary sheet (model, versions, dates, author, tolerances, counts per type)
 * and a Changes sheet with one row per property change (an added or removed object is one row). Lengths and
 * deviations are in the model's display units, as the diff's text is.
 */
export async function reportWorkbook(input: {
  modelName: string;
  report: Report;
  diffJson: string;
}): Promise<ReportWorkbook> {
  const { modelName, report } = input;
  const diff = JSON.parse(input.diffJson) as DiffViewWire;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Gusset';
  workbook.created = new Date(report.dateCreated);

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Item', key: 'item', width: 28 },
    { header: 'Value', key: 'value', width: 48 },
  ];
  styleHeader(summary, 1);
  const author = report.createdBy ? `${report.createdBy.firstName} ${report.createdBy.lastName}`.trim() : '';
  summary.addRows([
    { item: 'Model', value: modelName },
    { item: 'Report', value: report.title },
    {
      item: 'Comparison version',
      value: `Version ${report.comparisonVersionNumber} (${dateText(report.comparisonVersionDate)})`,
    },
    {
      item: 'Current version',
      value: `Version ${report.currentVersionNumber} (${dateText(report.currentVersionDate)})`,
    },
    { item: 'Created by', value: author },
    { item: 'Created', value: dateText(report.dateCreated) },
    { item: 'Units', value: diff.units },
    { item: 'Length tolerance', value: `${diff.options.lengthTolerance} mm` },
    { item: 'Relative tolerance', value: diff.options.relativeTolerance },
  ]);
  summary.addRow([]);
  const countsHeader = summary.addRow(['Type', 'Added', 'Removed', 'Modified', 'Unchanged']);
  countsHeader.font = { bold: true };
  const countRows = [
    ...Object.entries(diff.elementCounts),
    ...Object.entries(diff.counts).filter(([collection]) => collection !== 'elements'),
  ];
  for (const [type, counts] of countRows) {
    if (counts.added + counts.removed + counts.modified + counts.unchanged === 0) continue;
    summary.addRow([type, counts.added, counts.removed, counts.modified, counts.unchanged]);
  }
  for (const column of [3, 4, 5]) summary.getColumn(column).width = 12;

  const changes = workbook.addWorksheet('Changes');
  changes.columns = [
    { header: 'Status', key: 'status', width: 11 },
    { header: 'Type', key: 'type', width: 14 },
    { header: 'Label', key: 'label', width: 28 },
    { header: 'Level', key: 'level', width: 16 },
    { header: 'Property', key: 'property', width: 14 },
    { header: 'Change', key: 'change', width: 56 },
    { header: `Deviation (${diff.units})`, key: 'deviation', width: 16 },
  ];
  styleHeader(changes, 1);
  for (const change of diff.changes) {
    const base = {
      status: STATUS_TEXT[change.kind],
      type: change.type,
      label: change.label,
      level: change.level ?? '',
    };
    if (change.details.length === 0) {
      changes.addRow({ ...base, property: '', change: STATUS_TEXT[change.kind], deviation: null });
      continue;
    }
    for (const detail of change.details) {
      changes.addRow({ ...base, property: detail.group, change: detail.text, deviation: detail.deviation });
    }
  }
  changes.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 7 } };

  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${safeFileName(`${modelName} - ${report.title}`)}.xlsx`, bytes };
}
