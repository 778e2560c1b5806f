/**
 * The yardstick for our .e2k reader: what a straightforward parser looks like. It decodes the file, splits it
 * into lines, tokenises each line with a regex and builds a plain record per line (keyword, name, then
 * key/value pairs), grouped by `$` section. It builds no model: no stories × plan points, no units, no
 * references, so ours does strictly more work per line.
 */
export interface E2kBaselineRecord {
  keyword: string;
  name: string | undefined;
  fields: Record<string, string>;
}

const TOKEN = /"([^"]*)"|([^\s"]+)/g;

export function parseE2kBaseline(bytes: Uint8Array): Map<string, E2kBaselineRecord[]> {
  const text = new TextDecoder('windows-1252').decode(bytes);
  const sections = new Map<string, E2kBaselineRecord[]>();
  let current: E2kBaselineRecord[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('$')) {
      current = [];
      sections.set(line.slice(1).trim(), current);
      continue;
    }
    const tokens = Array.from(line.matchAll(TOKEN), (match) => match[1] ?? match[2] ?? '');
    const record: E2kBaselineRecord = { keyword: tokens[0] ?? '', name: tokens[1], fields: {} };
    for (let index = 2; index + 1 < tokens.length; index += 2) {
      record.fields[tokens[index] as string] = tokens[index + 1] as string;
    }
    current.push(record);
  }
  return sections;
}
