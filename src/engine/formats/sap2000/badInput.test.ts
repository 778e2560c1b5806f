import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { ParseError } from '../parseError';
import { readSap2000 } from './read';
import type { CsiTableData } from './tables';
import { writeCsiTables } from './tables';
import { writeSap2000 } from './write';
import { propertyRuns } from '../../testing/propertyRuns';

const NUM_RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 5 });

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function s2k(...tables: CsiTableData[]): string {
  return writeCsiTables({
    tables: [
      {
        name: 'PROGRAM CONTROL',
        rows: [['ProgramName', 'SAP2000', 'Version', '25.3.1', 'CurrUnits', 'KN, m, C']],
      },
      ...tables,
    ],
  }).text;
}

function parseError(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

const joints: CsiTableData = {
  name: 'JOINT COORDINATES',
  rows: [
    ['Joint', '1', 'CoordSys', 'GLOBAL', 'CoordType', 'Cartesian', 'XorR', '0', 'Y', '0', 'Z', '0'],
    ['Joint', '2', 'CoordSys', 'GLOBAL', 'CoordType', 'Cartesian', 'XorR', '0', 'Y', '0', 'Z', '3'],
  ],
};

describe('bad SAP2000 input', () => {
  it('refuses an empty file', () => {
    expect(parseError(() => readSap2000(new Uint8Array(0))).line).toBe(0);
  });

  it('refuses a binary file', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(parseError(() => readSap2000(png)).message).toMatch(/binary/);
  });

  it('refuses text that is not a table file, with the line where it gave up', () => {
    const e2k = Array.from({ length: 30 }, (_, index) => `POINT "${index}"  0 0`).join('\n');
    expect(parseError(() => readSap2000(bytesOf(e2k))).line).toBe(17);
  });

  it('refuses unknown units on the PROGRAM CONTROL line', () => {
    const text = s2k().replace('KN, m, C', 'KN, furlong, C');
    const error = parseError(() => readSap2000(bytesOf(text)));
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/furlong/);
  });

  it('refuses a file whose units are not given at all', () => {
    const text = writeCsiTables({ tables: [joints] }).text;
    expect(parseError(() => readSap2000(bytesOf(text))).message).toMatch(/units/);
  });

  it('refuses a coordinate that is not a number, on its line', () => {
    const text = s2k({
      name: 'JOINT COORDINATES',
      rows: [['Joint', '1', 'XorR', '1.2.3', 'Y', '0', 'Z', '0']],
    });
    const error = parseError(() => readSap2000(bytesOf(text)));
    expect(error.line).toBe(6);
    expect(error.message).toMatch(/XorR=1\.2\.3/);
  });

  it('reports a duplicate joint and keeps the first', () => {
    const text = s2k({
      name: 'JOINT COORDINATES',
      rows: [...joints.rows, ['Joint', '1', 'XorR', '9', 'Y', '9', 'Z', '9']],
    });
    const { model, report } = readSap2000(bytesOf(text));
    expect(model.nodes.find((node) => node.id === '1')).toMatchObject({ x: 0, y: 0, z: 0 });
    expect(report.items).toContainEqual(
      expect.objectContaining({
        severity: 'dropped',
        id: '1',
        line: 8,
        reason: expect.stringMatching(/twice/),
      }),
    );
  });

  it('reports a frame on a missing joint, drops it from the model and still writes its row back', () => {
    const text = s2k(joints, {
      name: 'CONNECTIVITY - FRAME',
      rows: [
        ['Frame', 'C1', 'JointI', '1', 'JointJ', '2'],
        ['Frame', 'B9', 'JointI', '2', 'JointJ', '99'],
      ],
    });
    const { model, report } = readSap2000(bytesOf(text));
    expect(model.elements.map((element) => [element.id, element.type])).toEqual([['C1', 'Column']]);
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'dropped', id: 'B9', reason: expect.stringMatching(/JointJ=99/) }),
    );
    const written = new TextDecoder().decode(writeSap2000(model).bytes);
    expect(written).toContain('Frame=B9   JointI=2   JointJ=99');
  });

  it('reads a file cut after a row, with a report entry, and refuses one cut inside a continued row', () => {
    const whole = s2k(joints);
    const cut = whole.slice(0, whole.indexOf('END TABLE DATA'));
    const { model, report } = readSap2000(bytesOf(cut));
    expect(model.nodes).toHaveLength(2);
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'warning', subject: 'END TABLE DATA' }),
    );
    const continued = `${whole.slice(0, whole.indexOf('   Joint=2'))}   Joint=2   XorR=0 _\r\n`;
    expect(parseError(() => readSap2000(bytesOf(continued))).message).toMatch(/continued/);
  });

  it('reads stray 0xA0 bytes as blanks and CRLF like LF', () => {
    const text = s2k(joints);
    const withNbsp = Uint8Array.from(
      [...bytesOf(text.replace('Joint=2   ', 'Joint=2\u0001'))].map((byte) => (byte === 1 ? 0xa0 : byte)),
    );
    const lf = bytesOf(text.replace(/\r\n/g, '\n'));
    const reference = hashModel(readSap2000(bytesOf(text)).model);
    expect(hashModel(readSap2000(withNbsp).model)).toBe(reference);
    expect(hashModel(readSap2000(lf).model)).toBe(reference);
  });

  it('reads a decimal comma and says so', () => {
    const text = s2k({
      name: 'JOINT COORDINATES',
      rows: [['Joint', '1', 'XorR', '1,5', 'Y', '0', 'Z', '0']],
    });
    const { model, report } = readSap2000(bytesOf(text));
    expect(model.nodes[0]?.x).toBe(1500);
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', reason: expect.stringMatching(/decimal comma/) }),
    );
  });

  it('keeps names such as __proto__ as data', () => {
    const text = s2k({
      name: 'JOINT COORDINATES',
      rows: [['Joint', '__proto__', 'XorR', '1', 'Y', '0', 'Z', '0', '__proto__', 'x']],
    });
    const { model } = readSap2000(bytesOf(text));
    expect(model.nodes[0]?.id).toBe('__proto__');
    expect(Object.getPrototypeOf(model.nodes[0]?.attributes['s2k:JOINT COORDINATES'])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('answers a 200 MB file with a ParseError, not a crash or a hang', () => {
    const size = 200 * 1024 * 1024;
    // CPU time, not wall-clock: a busy machine stretches the second, not the first. A hang would spend either.
    const started = process.cpuUsage();
    expect(parseError(() => readSap2000(new Uint8Array(size))).message).toMatch(/binary/);
    expect(parseError(() => readSap2000(new Uint8Array(size).fill(0x41))).message).toMatch(/longer than/);
    expect(
      parseError(() => readSap2000(new Uint8Array(size).fill(0x41), { maxBytes: 100 * 1024 * 1024 })).message,
    ).toMatch(/larger than 100 MiB/);
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(20_000);
  });

  it.skipIf(!fixturesPresent)(
    `never throws anything but ParseError on mutated fixtures (property)${FIXTURES_SKIP_NOTE}`,
    () => {
      const seed = readFixture('s2k', 'xbim__Example_1-001.s2k');
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(seed.length - 1), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 20,
          }),
          fc.nat(seed.length),
          (overlays, cutAt) => {
            const bytes = seed.slice(0, Math.max(1, cutAt));
            for (const [at, byte] of overlays) if (at < bytes.length) bytes[at] = byte;
            try {
              readSap2000(bytes);
            } catch (error) {
              expect(error).toBeInstanceOf(ParseError);
              expect(typeof (error as ParseError).line).toBe('number');
            }
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
  );
});

describe('random SAP2000 models (property)', () => {
  it('survive write → read with a hash-equal canonical model', () => {
    const coordinate = fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((value) => String(value));
    const model = fc
      .record({
        jointCount: fc.integer({ min: 2, max: 12 }),
        coordinates: fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 12, maxLength: 12 }),
        frames: fc.array(fc.tuple(fc.nat(11), fc.nat(11), fc.boolean()), { maxLength: 15 }),
        restrained: fc.array(fc.tuple(fc.nat(11), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 })), {
          maxLength: 4,
        }),
        loads: fc.array(fc.tuple(fc.nat(11), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
          maxLength: 6,
        }),
        units: fc.constantFrom('KN, m, C', 'Kip, in, F', 'lb, ft, F', 'N, mm, C', 'Kgf, cm, C'),
      })
      .map(({ jointCount, coordinates, frames, restrained, loads, units }) => {
        const jointName = (index: number): string => `J${index % jointCount}`;
        const tables: CsiTableData[] = [
          {
            name: 'PROGRAM CONTROL',
            rows: [['ProgramName', 'SAP2000', 'Version', '25.3.1', 'CurrUnits', units]],
          },
          {
            name: 'JOINT COORDINATES',
            rows: coordinates
              .slice(0, jointCount)
              .map(([x, y, z], index) => [
                'Joint',
                jointName(index),
                'CoordSys',
                'GLOBAL',
                'CoordType',
                'Cartesian',
                'XorR',
                x,
                'Y',
                y,
                'Z',
                z,
              ]),
          },
          {
            name: 'CONNECTIVITY - FRAME',
            rows: frames.map(([i, j, curved], index) => [
              'Frame',
              `F${index}`,
              'JointI',
              jointName(i),
              'JointJ',
              jointName(j),
              'IsCurved',
              curved ? 'Yes' : 'No',
            ]),
          },
          {
            name: 'JOINT RESTRAINT ASSIGNMENTS',
            rows: [...new Map(restrained.map(([joint, dofs]) => [jointName(joint), dofs])).entries()].map(
              ([joint, dofs]) => [
                'Joint',
                joint,
                ...['U1', 'U2', 'U3', 'R1', 'R2', 'R3'].flatMap((dof, k) => [dof, dofs[k] ? 'Yes' : 'No']),
              ],
            ),
          },
          {
            name: 'LOAD PATTERN DEFINITIONS',
            rows: [['LoadPat', 'DEAD', 'DesignType', 'Dead', 'SelfWtMult', '1']],
          },
          {
            name: 'JOINT LOADS - FORCE',
            rows: loads.map(([joint, force]) => [
              'Joint',
              jointName(joint),
              'LoadPat',
              'DEAD',
              'CoordSys',
              'GLOBAL',
              'F1',
              '0',
              'F2',
              '0',
              'F3',
              String(force),
              'M1',
              '0',
              'M2',
              '0',
              'M3',
              '0',
            ]),
          },
          {
            name: 'SOME FUTURE TABLE',
            rows: [
              ['Frame', 'F0', 'Flag', 'Yes'],
              ['Whatever', 'x y'],
            ],
          },
        ];
        return writeCsiTables({ tables }).text;
      });
    fc.assert(
      fc.property(model, (text) => {
        const first = readSap2000(bytesOf(text));
        const second = readSap2000(writeSap2000(first.model).bytes);
        expect(hashModel(second.model)).toBe(hashModel(first.model));
        expect(second.report.counts).toEqual(first.report.counts);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
