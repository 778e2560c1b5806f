/**
 * The yardstick for our .s2k reader: split into lines, join ` _` continuations, and for each row of a
 * `TABLE:` build a plain record of its `Field=Value` pairs with one regex. No model, no units, no references.
 */
const FIELD = /([^\s=]+)=("[^"]*"|\S*)/g;

export function parseS2kBaseline(bytes: Uint8Array): Map<string, Record<string, string>[]> {
  const text = new TextDecoder('windows-1252').decode(bytes);
  const tables = new Map<string, Record<string, string>[]>();
  let rows: Record<string, string>[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    let line = raw.trimEnd();
    if (line.endsWith(' _')) {
      pending += line.slice(0, -2) + ' ';
      continue;
    }
    line = (pending + line).trim();
    pending = '';
    if (line === '') continue;
    if (line === 'END TABLE DATA') break;
    if (line.startsWith('TABLE:')) {
      rows = [];
      tables.set(line.slice(6).trim().replace(/^"|"$/g, ''), rows);
      continue;
    }
    const row: Record<string, string> = {};
    for (const match of line.matchAll(FIELD)) {
      const value = match[2] ?? '';
      row[match[1] as string] = value.startsWith('"') ? value.slice(1, -1) : value;
    }
    rows.push(row);
  }
  return tables;
}
