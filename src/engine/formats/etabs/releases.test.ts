import { describe, expect, it } from 'vitest';
import type { FrameElement, Model, Releases, Source } from '../../schema';
import { emptyModel, noEndReleases } from '../../schema';
import { decodeText } from '../../text/encoding';
import { readE2k, readE2kGeneralPath } from './read';
import { writeE2k } from './write';

/** Beams released the ways ETABS writes it: its named PINNED, DOF lists, an unknown word and partial fixity. */
const FILE = [
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "Story1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "S355"  TYPE "Steel"',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "W1"  MATERIAL "S355"  SHAPE "Steel I/Wide Flange"  D 0.4 B 0.2 TF 0.02 TW 0.01',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  6 0',
  '$ LINE CONNECTIVITIES',
  '  LINE  "B1"  BEAM  "1"  "2"  0',
  '  LINE  "B2"  BEAM  "1"  "2"  0',
  '  LINE  "B3"  BEAM  "1"  "2"  0',
  '  LINE  "B4"  BEAM  "1"  "2"  0',
  '  LINE  "B5"  BEAM  "1"  "2"  0',
  '  LINE  "B6"  BEAM  "1"  "2"  0',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "B1"  "Story1"  SECTION "W1"  RELEASE "PINNED"  ',
  '  LINEASSIGN  "B2"  "Story1"  SECTION "W1"  RELEASE "PINNED"  TRANSFORMSTIFF "Yes"  ',
  '  LINEASSIGN  "B3"  "Story1"  SECTION "W1"  RELEASE "TI M2I M2J M3I M3J"  ',
  '  LINEASSIGN  "B4"  "Story1"  SECTION "W1"  RELEASE "M2J M3J"  ',
  '  LINEASSIGN  "B5"  "Story1"  SECTION "W1"  RELEASE "HINGED"  ',
  '  LINEASSIGN  "B6"  "Story1"  SECTION "W1"  RELEASE "M3I"  PARTIALFIXM3I 1500  ',
  '$ END OF MODEL FILE',
  '',
].join('\n');

const bytes = new TextEncoder().encode(FILE);

function released(spec: string): Releases {
  const releases: Releases = { type: 'Releases', i: noEndReleases(), j: noEndReleases() };
  for (const word of spec.split(' ')) {
    const end = word.endsWith('I') ? releases.i : releases.j;
    const dof = word.slice(0, -1).toLowerCase() as keyof typeof releases.i;
    end[dof] = true;
  }
  return releases;
}

function beam(model: Model, name: string): FrameElement {
  return model.elements.find((element) => element.name === name) as FrameElement;
}

describe('ETABS frame releases', () => {
  it('reads RELEASE "PINNED" as M2 and M3 free at both ends, with no report item', () => {
    const { model, report } = readE2k(bytes);
    expect(beam(model, 'B1').releases).toEqual(released('M2I M3I M2J M3J'));
    expect(beam(model, 'B2').releases).toEqual(released('M2I M3I M2J M3J'));
    expect(beam(model, 'B1').attributes).toEqual({});
    expect(report.items.filter((item) => item.id === 'B1@Story1' || item.id === 'B2@Story1')).toEqual([]);
  });

  it('reads DOF lists as they are', () => {
    const { model } = readE2k(bytes);
    expect(beam(model, 'B3').releases).toEqual(released('TI M2I M2J M3I M3J'));
    expect(beam(model, 'B4').releases).toEqual(released('M2J M3J'));
  });

  it('reports what it cannot map with concept release and the element id', () => {
    const { model, report } = readE2k(bytes);
    expect(beam(model, 'B5').releases).toBeUndefined();
    expect(beam(model, 'B5').attributes['RELEASE']).toBe('HINGED');
    const items = report.items.filter((item) => item.concept === 'release');
    expect(items.map((item) => item.id).sort()).toEqual(['B5@Story1', 'B6@Story1']);
    expect(beam(model, 'B6').releases).toEqual(released('M3I'));
    expect(beam(model, 'B6').attributes['PARTIALFIXM3I']).toBe(1500);
  });

  it('gives the same model through the fast and the general path', () => {
    expect(readE2k(bytes)).toStrictEqual(readE2kGeneralPath(bytes));
  });

  it('writes M2/M3 free at both ends and nothing else as "PINNED", anything else as the DOF list', () => {
    const first = readE2k(bytes);
    const text = decodeText(writeE2k(first.model).bytes).text;
    expect(text).toMatch(/LINEASSIGN {2}"B1" {2}"Story1" {2}SECTION "W1" {2}RELEASE "PINNED"/);
    expect(text).toMatch(/LINEASSIGN {2}"B3" .*RELEASE "TI M2I M2J M3I M3J"/);
    expect(text).toMatch(/LINEASSIGN {2}"B4" .*RELEASE "M2J M3J"/);
    expect(text).toMatch(/LINEASSIGN {2}"B5" .*RELEASE "HINGED"/);
    const second = readE2k(writeE2k(first.model).bytes);
    expect(second.model.elements).toStrictEqual(first.model.elements);
  });

  it('writes a pinned beam from another tool as "PINNED", read back released', () => {
    const source: Source = { tool: 'sap2000' };
    const model = emptyModel(source, 'mm');
    model.nodes = [
      { id: 'a', source, name: 'a', type: 'Node', x: 0, y: 0, z: 3000, attributes: {} },
      { id: 'b', source, name: 'b', type: 'Node', x: 6000, y: 0, z: 3000, attributes: {} },
    ];
    model.elements = [
      {
        id: 'B',
        source,
        name: 'B',
        type: 'Beam',
        startNodeId: 'a',
        endNodeId: 'b',
        releases: released('M2I M3I M2J M3J'),
        attributes: {},
      },
    ];
    const text = decodeText(writeE2k(model).bytes).text;
    expect(text).toContain('RELEASE "PINNED"');
    const back = readE2k(writeE2k(model).bytes).model;
    expect((back.elements[0] as FrameElement).releases).toEqual(released('M2I M3I M2J M3J'));
  });
});
