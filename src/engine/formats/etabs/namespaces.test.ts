import { describe, expect, it } from 'vitest';
import type { AreaLoad, LinearLoad } from '../../schema';
import { decodeText } from '../../text/encoding';
import { readE2k, readE2kGeneralPath } from './read';
import { writeE2k } from './write';

/** ETABS keeps points, lines and areas in separate label namespaces: here point, line and area "1" share a story. */
const FILE = [
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "Story1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "C30"  TYPE "Concrete"',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "B30"  MATERIAL "C30"  SHAPE "Concrete Rectangular"  D 0.5 B 0.3',
  '$ SLAB PROPERTIES',
  '  SHELLPROP  "S20"  PROPTYPE  "Slab"  MATERIAL "C30"  SLABTHICKNESS 0.2',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  6 0',
  '  POINT "3"  6 6',
  '  POINT "4"  0 6',
  '$ LINE CONNECTIVITIES',
  '  LINE  "1"  BEAM  "1"  "2"  0',
  '  LINE  "F1"  BEAM  "3"  "4"  0',
  '$ AREA CONNECTIVITIES',
  '  AREA "1"  FLOOR  4  "1"  "2"  "3"  "4"  0  0  0  0',
  '  AREA "F1"  FLOOR  4  "1"  "2"  "3"  "4"  0  0  0  0',
  '  AREA "F2"  FLOOR  4  "1"  "2"  "3"  "4"  0  0  0  0',
  '$ POINT ASSIGNS',
  '  POINTASSIGN  "1"  "Story1"  DIAPH "D1"',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "1"  "Story1"  SECTION "B30"  ANG 15',
  '  LINEASSIGN  "F1"  "Story1"  SECTION "B30"',
  '$ AREA ASSIGNS',
  '  AREAASSIGN  "1"  "Story1"  SECTION "S20"  ANG 30',
  '  AREAASSIGN  "F1"  "Story1"  SECTION "S20"',
  '  AREAASSIGN  "F2"  "Story1"  SECTION "S20"',
  '$ LOAD PATTERNS',
  '  LOADPATTERN "LIVE"  TYPE  "Live"  SELFWEIGHT  0',
  '$ FRAME OBJECT LOADS',
  '  LINELOAD  "1"  "Story1"  TYPE "UNIFF"  DIR "GRAV"  LC "LIVE"  FVAL 7',
  '$ SHELL OBJECT LOADS',
  '  AREALOAD  "1"  "Story1"  TYPE "UNIFF"  DIR "GRAV"  LC "LIVE"  FVAL 2.5',
  '  AREALOAD  "F1"  "Story1"  TYPE "UNIFF"  DIR "GRAV"  LC "LIVE"  FVAL 1.5',
  '$ GROUPS',
  '  GROUP "G"',
  '  GROUP "G"  POINT "1"  "Story1"',
  '  GROUP "G"  LINE "1"  "Story1"',
  '  GROUP "G"  AREA "1"  "Story1"',
  '$ END OF MODEL FILE',
  '',
].join('\n');

const bytes = new TextEncoder().encode(FILE);

describe('ETABS label namespaces', () => {
  it('keeps a line and an area of one label and story apart, with unique ids', () => {
    const { model } = readE2k(bytes);
    const ids = model.elements.map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    const beam = model.elements.find((element) => element.type === 'Beam' && element.name === '1');
    const floor = model.elements.find((element) => element.type === 'Floor' && element.name === '1');
    expect(beam).toMatchObject({ id: '1@Story1', profileId: 'B30', orientationAngle: 15 });
    // The area's id is marked only because a line has its label; an area with a label of its own keeps it plain.
    expect(floor).toMatchObject({ id: '1@Story1#area', profileId: 'S20', orientationAngle: 30 });
    expect(model.elements.find((element) => element.name === 'F2')?.id).toBe('F2@Story1');
    expect(model.elements.filter((element) => element.name === 'F1').map((element) => element.type)).toEqual([
      'Beam',
      'Floor',
    ]);
  });

  it('resolves loads and group members to the object of their own kind', () => {
    const { model } = readE2k(bytes);
    const lineLoad = model.loads.find((load) => load.type === 'LinearLoad') as LinearLoad;
    expect(lineLoad.elementId).toBe('1@Story1');
    const areaLoads = model.loads.filter((load) => load.type === 'AreaLoad') as AreaLoad[];
    expect(areaLoads.map((load) => load.elementId)).toEqual(['1@Story1#area', 'F1@Story1#area']);
    expect(model.groups[0]?.members).toEqual([
      { kind: 'node', id: '1@Story1' },
      { kind: 'element', id: '1@Story1' },
      { kind: 'element', id: '1@Story1#area' },
    ]);
  });

  it('gives the same model through the fast and the general path', () => {
    expect(readE2k(bytes)).toStrictEqual(readE2kGeneralPath(bytes));
  });

  it('writes the original labels back, and reads back the same model', () => {
    const first = readE2k(bytes);
    const text = decodeText(writeE2k(first.model).bytes).text;
    expect(text).toMatch(/^ {2}LINE {2}"1" {2}BEAM/m);
    expect(text).toMatch(/^ {2}AREA "1" {2}FLOOR/m);
    expect(text).toMatch(/^ {2}AREALOAD {2}"1" {2}"Story1"/m);
    expect(text).toMatch(/^ {2}LINELOAD {2}"1" {2}"Story1"/m);
    expect(text).toMatch(/^ {2}GROUP "G" {2}AREA "1" "Story1"/m);
    expect(text).not.toContain('#area');
    const second = readE2k(writeE2k(first.model).bytes);
    expect(second.model.elements).toStrictEqual(first.model.elements);
    expect(second.model.loads).toStrictEqual(first.model.loads);
    expect(second.model.groups).toStrictEqual(first.model.groups);
  });
});
