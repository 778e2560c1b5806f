import ExcelJS from 'exceljs';
import type { DiffViewWire } from '../../../contract/http/compare';
import type { Report } from '../../../contract/http/reports';
import type { ResultChangeWire } from '../../../contract/http/results';
import { describeResultChange } from '../../../engine/results/diff';
import {
  formatResult,
  inResultUnit,
  memberForceQuantity,
  resultUnit,
  resultUnitsOf,
  type ResultUnits,
} from '../../../engine/results/display';
import { safeFileName } from '../versions/service';

/** Analysis results that changed between the report's versions (issue #25), per member-force component. */
export interface ReportResultChanges {
  /** Either version has no analysis results. */
  missing: boolean;
  changes: Array<{ component: string; rows: ResultChangeWire[] }>;
}

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
  resultChanges: ReportResultChanges;
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

  addResultChanges(workbook, input.resultChanges, resultUnitsOf(diff.units));

  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${safeFileName(`${modelName} - ${report.title}`)}.xlsx`, bytes };
}

/**
 * The Result changes sheet: per member, case and component whose extreme changed by more than 10 %, its values
 * before and after in kN or kN·m (kip, kip·ft for a model in feet or inches) and the summary's phrase. When either
 * version has no analysis results, the sheet says so rather than being left out.
 */
function addResultChanges(
  workbook: ExcelJS.Workbook,
  results: ReportResultChanges,
  units: ResultUnits,
): void {
  const sheet = workbook.addWorksheet('Result changes');
  if (results.missing) {
    sheet.addRow(['One of the two versions has no analysis results: upload them onto it in the 3-D viewer.']);
    return;
  }
  sheet.columns = [
    { header: 'Member', key: 'member', width: 24 },
    { header: 'Case', key: 'case', width: 18 },
    { header: 'Component', key: 'component', width: 11 },
    { header: 'Unit', key: 'unit', width: 8 },
    { header: 'Before', key: 'before', width: 12 },
    { header: 'After', key: 'after', width: 12 },
    { header: 'Change %', key: 'percent', width: 10 },
    { header: 'Summary', key: 'summary', width: 64 },
  ];
  styleHeader(sheet, 1);
  for (const { component, rows } of results.changes) {
    const quantity = memberForceQuantity(component);
    const format = (value: number) => formatResult(value, quantity, units);
    for (const change of rows) {
      sheet.addRow({
        member: change.member,
        case: change.case,
        component: component.toUpperCase(),
        unit: resultUnit(quantity, units),
        before: Number(inResultUnit(change.before, quantity, units).toPrecision(6)),
        after: Number(inResultUnit(change.after, quantity, units).toPrecision(6)),
        percent: change.percent === null ? null : Math.round(change.percent * 10) / 10,
        summary: describeResultChange(change, component, format),
      });
    }
  }
  if (sheet.rowCount === 1) sheet.addRow({ member: 'No member force changed by more than 10 %.' });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 8 } };
}
