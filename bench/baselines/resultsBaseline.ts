/**
 * The yardstick for the results reader: what a script would do with a CSI results text export — split into lines,
 * pick each row's `Field=Value` pairs with one regex, and make one object per row with its numbers parsed. No units,
 * no column store.
 */
const FIELD = /([^\s=]+)=("[^"]*"|\S*)/g;

export function parseResultsBaseline(text: string): Map<string, Array<Record<string, string | number>>> {
  const tables = new Map<string, Array<Record<string, string | number>>>();
  let rows: Array<Record<string, string | number>> = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line === 'END TABLE DATA') continue;
    if (line.startsWith('TABLE:')) {
      rows = [];
      tables.set(line.slice(6).trim().replace(/^"|"$/g, ''), rows);
      continue;
    }
    const row: Record<string, string | number> = {};
    for (const match of line.matchAll(FIELD)) {
      const value = match[2] ?? '';
      const number = Number(value);
      row[match[1] as string] =
        value !== '' && Number.isFinite(number) ? number : value.replace(/^"|"$/g, '');
    }
    rows.push(row);
  }
  return tables;
}
