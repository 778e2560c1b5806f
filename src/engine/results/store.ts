/**
 * Analysis results held column-wise: one Float64Array per numeric field (canonical units, NaN where a row has no
 * value) and one array of dictionary codes per text field. A million rows of member forces are then a few dozen
 * typed arrays, not a million objects, and a component can be recoloured or diffed by walking one array.
 */
import type { ReportItem } from '../formats/report';
import type { ResultKind } from './catalogue';

/** Codes grow from one byte to four as the dictionary does: case names, steps and stories stay one byte a row. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** A text field: `values[codes[row] - 1]`, code 0 where the row has no value. */
export interface TextColumn {
  readonly values: readonly string[];
  readonly codes: Codes;
}

export interface ResultTable {
  readonly kind: ResultKind;
  /** The file's tables the rows came from, in file order (ETABS: beams, columns, braces). */
  readonly sources: readonly string[];
  readonly rowCount: number;
  readonly text: Readonly<Record<string, TextColumn>>;
  readonly numbers: Readonly<Record<string, Float64Array>>;
}

export interface ResultSet {
  /** `SAP2000 25.3.1`, `ETABS 21.0.0`, when the file says. */
  readonly program?: string;
  /** One table per kind of result the file holds. */
  readonly tables: readonly ResultTable[];
  /** What was not read, or read with a change: never a silent loss. */
  readonly items: readonly ReportItem[];
}

export function textAt(column: TextColumn | undefined, row: number): string | undefined {
  if (column === undefined) return undefined;
  const code = column.codes[row] as number;
  return code === 0 ? undefined : column.values[code - 1];
}

export function resultTable(set: ResultSet, kind: ResultKind): ResultTable | undefined {
  return set.tables.find((table) => table.kind === kind);
}

/** Bytes held by a table's arrays (what the memory budget counts; strings of the dictionaries excluded). */
export function tableBytes(table: ResultTable): number {
  let bytes = 0;
  for (const column of Object.values(table.numbers)) bytes += column.byteLength;
  for (const column of Object.values(table.text)) bytes += column.codes.byteLength;
  return bytes;
}

/** Builds a text column for a known number of rows, widening its codes as the dictionary grows. */
export class TextColumnBuilder {
  readonly values: string[] = [];
  private readonly byValue = new Map<string, number>();
  private codes: Codes;

  constructor(readonly rowCount: number) {
    this.codes = new Uint8Array(rowCount);
  }

  /** The code of `value`, adding it to the dictionary on first sight. */
  codeOf(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      this.values.push(value);
      code = this.values.length;
      this.byValue.set(value, code);
      if (code === 0x100 || code === 0x10000) this.widen(code);
    }
    return code;
  }

  set(row: number, value: string): void {
    this.codes[row] = this.codeOf(value);
  }

  setCode(row: number, code: number): void {
    this.codes[row] = code;
  }

  private widen(code: number): void {
    const wider = code === 0x100 ? new Uint16Array(this.rowCount) : new Uint32Array(this.rowCount);
    wider.set(this.codes);
    this.codes = wider;
  }

  build(): TextColumn {
    return { values: this.values, codes: this.codes };
  }
}
