import { describe, expect, it } from 'vitest';
import { hashModel } from '../canonical';
import { readSap2000 } from '../formats/sap2000/read';
import { writeSap2000 } from '../formats/sap2000/write';
import { checkConnectivity } from './index';

/** Two frames 0→1 (fixed at 0) and 2→3, far apart; `extra` adds tables. */
function s2k(extra: string[]): Uint8Array {
  const lines = [
    'TABLE:  "PROGRAM CONTROL"',
    '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"',
    'TABLE:  "JOINT COORDINATES"',
    '   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0',
    '   Joint=2   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=3',
    '   Joint=3   CoordSys=GLOBAL   CoordType=Cartesian   XorR=5   Y=0   Z=3',
    '   Joint=4   CoordSys=GLOBAL   CoordType=Cartesian   XorR=10   Y=0   Z=3',
    'TABLE:  "JOINT RESTRAINT ASSIGNMENTS"',
    '   Joint=1   U1=Yes   U2=Yes   U3=Yes   R1=Yes   R2=Yes   R3=Yes',
    'TABLE:  "CONNECTIVITY - FRAME"',
    '   Frame=1   JointI=1   JointJ=2',
    '   Frame=2   JointI=3   JointJ=4',
    ...extra,
    'END TABLE DATA',
  ];
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

const BODY = [
  'TABLE:  "CONSTRAINT DEFINITIONS - BODY"',
  '   Name=B1   CoordSys=GLOBAL   UX=Yes   UY=Yes   UZ=Yes   RX=Yes   RY=Yes   RZ=Yes',
  'TABLE:  "JOINT CONSTRAINT ASSIGNMENTS"',
  '   Joint=2   Constraint=B1   Type=Body',
  '   Joint=3   Constraint=B1   Type=Body',
];

const errors = (bytes: Uint8Array) =>
  checkConnectivity(readSap2000(bytes).model).issues.filter((issue) => issue.severity !== 'info');

describe('joint constraints and grounded links in the checks (issue #21)', () => {
  it('two parts apart: the unsupported one floats and has free ends', () => {
    const checks = errors(s2k([])).map((issue) => issue.check);
    expect(checks).toContain('C09');
  });

  it('a BODY constraint joins the two frames into one supported part', () => {
    const model = readSap2000(s2k(BODY)).model;
    expect(model.constraints).toEqual([
      expect.objectContaining({ id: 'B1', kind: 'body', nodeIds: ['2', '3'] }),
    ]);
    const report = checkConnectivity(model);
    expect(report.summary.components).toBe(1);
    expect(report.counts.C09).toBe(0);
    // Joints 2 and 3 are tied, so neither is a free end; joint 4 is the cantilever tip.
    expect(report.issues.filter((issue) => issue.check === 'C08').map((issue) => issue.nodeIds)).toEqual([
      ['4'],
    ]);
  });

  it('an EQUAL constraint joins its joints too', () => {
    const equal = [
      'TABLE:  "CONSTRAINT DEFINITIONS - EQUAL"',
      '   Name=E1   CoordSys=GLOBAL   UX=Yes   UY=Yes   UZ=Yes   RX=No   RY=No   RZ=No',
      'TABLE:  "JOINT CONSTRAINT ASSIGNMENTS"',
      '   Joint=2   Constraint=E1',
      '   Joint=3   Constraint=E1',
    ];
    const report = checkConnectivity(readSap2000(s2k(equal)).model);
    expect(report.counts.C09).toBe(0);
  });

  it('a WELD constraint ties only joints within its tolerance', () => {
    const weld = (tolerance: string) => [
      'TABLE:  "CONSTRAINT DEFINITIONS - WELD"',
      `   Name=W1   UX=Yes   UY=Yes   UZ=Yes   RX=Yes   RY=Yes   RZ=Yes   Tolerance=${tolerance}`,
      'TABLE:  "JOINT CONSTRAINT ASSIGNMENTS"',
      '   Joint=2   Constraint=W1',
      '   Joint=3   Constraint=W1',
    ];
    expect(checkConnectivity(readSap2000(s2k(weld('0.01'))).model).counts.C09).toBe(1);
    expect(checkConnectivity(readSap2000(s2k(weld('6'))).model).counts.C09).toBe(0);
  });

  it('a part held only by a grounded (one-joint) link is supported', () => {
    const grounded = ['TABLE:  "CONNECTIVITY - LINK"', '   Link=L1   JointI=4'];
    const model = readSap2000(s2k(grounded)).model;
    expect(checkConnectivity(model).counts.C09).toBe(0);
  });

  it('a two-joint link connects its joints', () => {
    const link = ['TABLE:  "CONNECTIVITY - LINK"', '   Link=L1   JointI=2   JointJ=3'];
    expect(checkConnectivity(readSap2000(s2k(link)).model).counts.C09).toBe(0);
  });

  it('round-trips the constraint tables hash-equal, and a model without them keeps no constraints key', () => {
    const model = readSap2000(s2k(BODY)).model;
    const text = new TextDecoder().decode(writeSap2000(model).bytes);
    expect(text).toContain('CONSTRAINT DEFINITIONS - BODY');
    expect(text).toMatch(/Joint=3\s+Constraint=B1/);
    expect(hashModel(readSap2000(writeSap2000(model).bytes).model)).toBe(hashModel(model));
    expect('constraints' in readSap2000(s2k([])).model).toBe(false);
  });
});
