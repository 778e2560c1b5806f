/**
 * Our tokenizers doing exactly the baselines' job: the same records, per line (.e2k) or per table row (.s2k),
 * built from our own decoding and tokenizing. Timed against the baselines they give the like-for-like ratio, the
 * one that compares tokenizers rather than a tokenizer with a whole reader. A test checks that both build equal
 * records from the generated files.
 */
import { scanE2kTokens } from '../src/engine/formats/etabs/tokenizer';
import { parseCsiTables } from '../src/engine/formats/sap2000/tables';
import { decodeCsiText } from '../src/engine/formats/sap2000/text';
import { decodeText } from '../src/engine/text/encoding';
import type { E2kBaselineRecord } from './baselines/e2kBaseline';

/** `parseE2kBaseline`'s result, from `scanE2kTokens`: a record (keyword, name, key/value fields) per data line. */
export function e2kRecordsFromTokenizer(bytes: Uint8Array): Map<string, E2kBaselineRecord[]> {
  const { text } = decodeText(bytes);
  const sections = new Map<string, E2kBaselineRecord[]>();
  let current: E2kBaselineRecord[] = [];
  scanE2kTokens(text, {
    section(rawTitle) {
      current = [];
      sections.set(rawTitle.trim(), current);
    },
    data(tokens) {
      const record: E2kBaselineRecord = {
        keyword: tokens.token(0),
        name: tokens.count > 1 ? tokens.token(1) : undefined,
        fields: {},
      };
      for (let index = 2; index + 1 < tokens.count; index += 2) {
        record.fields[tokens.token(index)] = tokens.token(index + 1);
      }
      current.push(record);
    },
  });
  return sections;
}

/** `parseS2kBaseline`'s result, from `parseCsiTables`: a `Field → value` record per table row. */
export function s2kRecordsFromTokenizer(bytes: Uint8Array): Map<string, Record<string, string>[]> {
  const { text } = decodeCsiText(bytes);
  const document = parseCsiTables(text);
  const tables = new Map<string, Record<string, string>[]>();
  for (const table of document.tables) {
    const rows: Record<string, string>[] = [];
    for (let row = 0; row < table.rowCount; row++) {
      const record: Record<string, string> = {};
      const count = table.fieldCount(row);
      for (let index = 0; index < count; index++) {
        record[table.fieldName(row, index)] = table.fieldValue(row, index);
      }
      rows.push(record);
    }
    tables.set(table.name, rows);
  }
  return tables;
}
