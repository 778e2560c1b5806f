import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isParseError } from '../parseError';
import { readRawWorkbook } from './sheets';
import { crc32 } from './zipGuard';

/** A one-sheet workbook from hand-written XML parts: what another tool than exceljs might save. */
function workbook(sheetXml: string, sharedStringsXml?: string): Uint8Array {
  const parts: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Nodes" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml),
  };
  if (sharedStringsXml !== undefined) parts['xl/sharedStrings.xml'] = strToU8(sharedStringsXml);
  return zipSync(parts);
}

function cells(bytes: Uint8Array): unknown {
  return readRawWorkbook(bytes).sheets.map((sheet) => [sheet.name, sheet.rowElements, sheet.rows]);
}

function parseErrorOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (isParseError(error)) return error.message;
    throw error;
  }
  throw new Error('expected a ParseError');
}

const STRINGS = '<sst><si><t>id</t></si><si><t>x</t></si><si><t>N1</t></si><si><t>a &amp; b</t></si></sst>';

/** The form exceljs and Excel write: every cell with its reference, values in `<v>` right after the tag. */
const PLAIN = `<worksheet><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>
<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>-1.5E3</v></c><c r="C3" t="b"><v>1</v></c><c r="D3" t="s"><v>3</v></c></row>
</sheetData></worksheet>`;

describe('sheet reader', () => {
  it('reads a sheet the same whether it is written plainly or the way other tools write it', () => {
    // Namespace prefixes, single quotes, cells without references, rich-text and phonetic runs, inline and
    // formula strings, blanks inside values and end tags: all must give the cells of the plain form.
    const rich =
      '<x:sst xmlns:x="main"><x:si><x:t>id</x:t></x:si><x:si><x:r><x:t>x</x:t></x:r></x:si>' +
      '<x:si><x:r><x:t>N</x:t></x:r><x:r><x:t xml:space="preserve">1</x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:si>' +
      '<x:si><x:t>a &#38; b</x:t></x:si></x:sst>';
    const other = `<x:worksheet xmlns:x="main"><x:sheetData>
<x:row r='1'><x:c t='s'><x:v>0</x:v></x:c><x:c r='B1' t='inlineStr'><x:is><x:t>x</x:t></x:is></x:c></x:row>
<x:row r="3" spans="1:4"><x:c r="A3" t="str"><x:f>"N"&amp;1</x:f><x:v>N1</x:v></x:c><x:c r="B3" s="2"><x:v> -1500 </x:v></x:c><x:c r="C3" t="b"><x:v>true</x:v></x:c><x:c r="D3" t="s"><x:v>3</x:v></x:c ></x:row>
</x:sheetData></x:worksheet>`;
    const plain = cells(workbook(PLAIN, STRINGS));
    expect(plain).toEqual([['Nodes', 2, [['id', 'x'], undefined, ['N1', -1500, true, 'a & b']]]]);
    expect(cells(workbook(other, rich))).toEqual(plain);
  });

  it('a cell that is not a number, or points to a missing shared string, is a ParseError naming the cell', () => {
    const notNumber = PLAIN.replace('<v>-1.5E3</v>', '<v>12 mm</v>');
    expect(parseErrorOf(() => readRawWorkbook(workbook(notNumber, STRINGS)))).toContain(
      'sheet "Nodes", cell B3: "12 mm" is not a number',
    );
    const missing = PLAIN.replace('<c r="D3" t="s"><v>3</v>', '<c r="D3" t="s"><v>99</v>');
    expect(parseErrorOf(() => readRawWorkbook(workbook(missing, STRINGS)))).toContain(
      'cell D3: shared string 99 does not exist',
    );
    const noReference = PLAIN.replace('<c r="B3"><v>-1.5E3</v>', '<c><v>1,5</v>');
    expect(parseErrorOf(() => readRawWorkbook(workbook(noReference, STRINGS)))).toContain(
      'column 2 of row 3',
    );
  });

  it('rows out of order, and cells past column XFD, are refused as damaged', () => {
    const backwards = PLAIN.replace('<row r="3">', '<row r="1">');
    expect(parseErrorOf(() => readRawWorkbook(workbook(backwards, STRINGS)))).toContain(
      'row 1 comes after row 1',
    );
    const wide = PLAIN.replace('<c r="B3">', '<c r="XFE3">');
    expect(parseErrorOf(() => readRawWorkbook(workbook(wide, STRINGS)))).toContain(
      "beyond Excel's last column XFD",
    );
  });

  it('the zip checksum matches the bit-by-bit CRC-32 at every length around the 8-byte steps', () => {
    // The reference is the definition itself (reflected polynomial 0xEDB88320), one bit at a time.
    const reference = (bytes: Uint8Array): number => {
      let crc = 0xffffffff;
      for (const byte of bytes) {
        crc ^= byte;
        for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
      }
      return (crc ^ 0xffffffff) >>> 0;
    };
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
    for (let length = 0; length <= 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 131 + length * 7) & 0xff);
      expect({ length, crc: crc32(bytes) }).toEqual({ length, crc: reference(bytes) });
    }
  });
});
