import { describe, expect, it } from 'vitest';
import { decodeText } from '../../text/encoding';
import { readE2k, readE2kGeneralPath } from './read';
import { quoteE2k } from './tokenizer';
import { writeE2k } from './write';

/**
 * Names with the inch mark, as ETABS writes them: a quote inside a quoted name is doubled. Every kind of quoted
 * field has one: shell property, frame section, material, load pattern, story, group, point and line labels.
 */
const FILE = [
  '$ File quotes.e2k saved 1/1/2024',
  '',
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '',
  '$ CONTROLS',
  '  UNITS  "KIP"  "IN"  "F"  ',
  '',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "Roof 12"""  HEIGHT 144',
  '  STORY "Base"  ELEV 0',
  '',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "4""ksi"  TYPE "Concrete"  WEIGHTPERVOLUME 8.68E-05',
  '  MATERIAL  "4""ksi"  SYMTYPE "Isotropic"  E 3604.997  U 0.2  A 5.5E-06',
  '',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "24""x24"" COL"  MATERIAL "4""ksi"  SHAPE "Concrete Rectangular"  D 24 B 24',
  '',
  '$ SLAB PROPERTIES',
  '  SHELLPROP  "12"" NWC SLAB"  PROPTYPE  "Slab"  MATERIAL "4""ksi"  MODELINGTYPE "ShellThin"  SLABTHICKNESS 12',
  '  SHELLPROP  "9""Slab_5ksi_NM"  PROPTYPE  "Slab"  MATERIAL "4""ksi"  MODELINGTYPE "ShellThin"  SLABTHICKNESS 9',
  '',
  '$ POINT COORDINATES',
  '  POINT "P1"""  0 0',
  '  POINT "2"  240 0',
  '  POINT "3"  240 240',
  '  POINT "4"  0 240',
  '',
  '$ LINE CONNECTIVITIES',
  '  LINE  "C""1"  COLUMN  "P1"""  "P1"""  1',
  '',
  '$ AREA CONNECTIVITIES',
  '  AREA "F""1"  FLOOR  4  "P1"""  "2"  "3"  "4"  0  0  0  0  ',
  '  AREA "F2"  FLOOR  4  "P1"""  "2"  "3"  "4"  0  0  0  0  ',
  '',
  '$ POINT ASSIGNS',
  '  POINTASSIGN  "P1"""  "Base"  RESTRAINT "UX UY UZ RX RY RZ"  ',
  '',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "C""1"  "Roof 12"""  SECTION "24""x24"" COL"  ',
  '',
  '$ AREA ASSIGNS',
  '  AREAASSIGN  "F""1"  "Roof 12"""  SECTION "12"" NWC SLAB"  ',
  '  AREAASSIGN  "F2"  "Roof 12"""  SECTION "9""Slab_5ksi_NM"  ',
  '',
  '$ LOAD PATTERNS',
  '  LOADPATTERN "SDL 1"""  TYPE  "Super Dead"  SELFWEIGHT  0',
  '',
  '$ SHELL OBJECT LOADS',
  '  AREALOAD  "F""1"  "Roof 12"""  TYPE "UNIFF"  DIR "GRAV"  LC "SDL 1"""  FVAL 0.0001',
  '',
  '$ GROUPS',
  '  GROUP "Grp ""A"""  ',
  '  GROUP "Grp ""A"""  LINE "C""1"  "Roof 12"""',
  '  GROUP "Grp ""A"""  AREA "F""1"  "Roof 12"""',
  '',
  '$ END OF MODEL FILE',
  '',
].join('\n');

const bytes = new TextEncoder().encode(FILE);

describe('ETABS names with a doubled quote (the inch mark)', () => {
  it('reads every quoted field with the doubled quote as one quote', () => {
    const { model } = readE2k(bytes);
    expect(model.levels.map((level) => level.name)).toEqual(['Roof 12"', 'Base']);
    expect(model.materials.map((material) => material.name)).toEqual(['4"ksi']);
    const slabs = model.profiles.filter((profile) => profile.kind === 'shell');
    expect(slabs.map((profile) => profile.name)).toEqual(['12" NWC SLAB', '9"Slab_5ksi_NM']);
    // Two properties, each with its own thickness and material (they used to merge into one named `12`/`9`).
    for (const [slab, thickness] of [
      [slabs[0], 12 * 25.4],
      [slabs[1], 9 * 25.4],
    ] as const) {
      expect(slab?.kind === 'shell' && slab.thickness).toBeCloseTo(thickness, 9);
      expect(slab?.materialId).toBe('4"ksi');
    }
    const frame = model.profiles.find((profile) => profile.kind === 'frame');
    expect(frame?.name).toBe('24"x24" COL');
    expect(model.loadPatterns.map((pattern) => pattern.name)).toEqual(['SDL 1"']);
    expect(model.groups.map((group) => group.name)).toEqual(['Grp "A"']);
    expect(model.groups[0]?.members.map((member) => member.id)).toEqual(['C"1@Roof 12"', 'F"1@Roof 12"']);
    const column = model.elements.find((element) => element.type === 'Column');
    expect(column?.name).toBe('C"1');
    expect(column?.type === 'Column' && [column.startNodeId, column.endNodeId]).toEqual([
      'P1"@Base',
      'P1"@Roof 12"',
    ]);
    expect(column?.profileId).toBe('24"x24" COL');
    const floor = model.elements.find((element) => element.name === 'F"1');
    expect(floor?.type === 'Floor' ? floor.profileId : undefined).toBe('12" NWC SLAB');
    expect(model.loads).toHaveLength(1);
    expect(model.loads[0]).toMatchObject({ elementId: 'F"1@Roof 12"', patternId: 'SDL 1"' });
    expect(model.nodes.find((node) => node.id === 'P1"@Base')?.restraint?.rz).toBe(true);
  });

  it('reads the same through the fast paths as through the general path', () => {
    expect(readE2k(bytes)).toStrictEqual(readE2kGeneralPath(bytes));
  });

  it('writes the quote doubled, in well-formed lines, and reads back the same model', () => {
    const first = readE2k(bytes);
    const written = writeE2k(first.model);
    const text = decodeText(written.bytes).text;
    for (const name of [
      '12"" NWC SLAB',
      '9""Slab_5ksi_NM',
      '24""x24"" COL',
      '4""ksi',
      'SDL 1""',
      'Roof 12""',
    ]) {
      expect(text).toContain(`"${name}"`);
    }
    // Every data line has an even number of quotes: each quoted field is closed on its line.
    for (const line of text.split(/\r?\n/)) {
      if (line.startsWith('$') || line.trim() === '') continue;
      expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
    }
    const second = readE2k(written.bytes);
    const { attributes: _a, ...original } = first.model;
    const { attributes: _b, ...reread } = second.model;
    expect(reread).toStrictEqual(original);
  });

  it('quotes a value by doubling its quotes', () => {
    expect(quoteE2k('12" SLAB')).toBe('"12"" SLAB"');
    expect(quoteE2k('"')).toBe('""""');
    expect(quoteE2k('')).toBe('""');
  });
});
