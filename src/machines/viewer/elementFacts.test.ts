import { describe, expect, it } from 'vitest';
import { materialFacts, profileFacts, releaseFacts } from './elementFacts';
import type { CanonicalObject } from './types';

const profile = (fields: Record<string, unknown>): CanonicalObject => ({
  id: 'P1',
  name: 'P1',
  type: 'Profile',
  ...fields,
});
const free = { p: false, v2: false, v3: false, t: false, m2: false, m3: false };

describe('what the properties panel reads off an element', () => {
  it('gives a section its dimensions in mm on a metric model and in inches on an imperial one', () => {
    const wide = profile({
      kind: 'frame',
      section: { shape: 'i', depth: 355.6, flangeWidth: 368.3, flangeThickness: 18, webThickness: 11.2 },
    });
    expect(profileFacts(wide, 'm')).toEqual([
      { label: 'Section', value: 'I: depth 355.6 mm, flange 368.3 mm, tf 18 mm, tw 11.2 mm' },
    ]);
    expect(profileFacts(wide, 'ft')).toEqual([
      { label: 'Section', value: 'I: depth 14 in, flange 14.5 in, tf 0.709 in, tw 0.441 in' },
    ]);
    const column = profile({ kind: 'frame', section: { shape: 'rectangle', depth: 600, width: 400 } });
    expect(profileFacts(column, 'cm')[0]?.value).toBe('Rectangle: depth 600 mm, width 400 mm');
    const named = profile({
      kind: 'frame',
      section: { shape: 'library', library: 'AISC16', designation: 'W14X90' },
    });
    expect(profileFacts(named, 'in')[0]?.value).toBe('W14X90 (AISC16)');
  });

  it("gives a slab's or wall's property its thickness, and says nothing it does not know", () => {
    expect(profileFacts(profile({ kind: 'shell', use: 'slab', thickness: 88.9 }), 'in')).toEqual([
      { label: 'Thickness', value: '3.5 in' },
    ]);
    expect(profileFacts(profile({ kind: 'shell', use: 'slab' }), 'm')).toEqual([]);
    expect(profileFacts(null, 'm')).toEqual([]);
    // A malformed section shows no half-made line.
    expect(profileFacts(profile({ kind: 'frame', section: { shape: 'i', depth: 300 } }), 'm')).toEqual([]);
  });

  it('gives the material its kind, grade and strengths in MPa or ksi', () => {
    const steel: CanonicalObject = { id: 'A992', name: 'A992', kind: 'steel', grade: 'Gr50', fy: 344.7379e6 };
    expect(materialFacts(steel, 'ft')).toEqual([{ label: 'Material kind', value: 'steel, Gr50, fy 50 ksi' }]);
    const concrete: CanonicalObject = { id: 'C30', name: 'C30', kind: 'concrete', fc: 30e6 };
    expect(materialFacts(concrete, 'm')).toEqual([{ label: 'Material kind', value: "concrete, f'c 30 MPa" }]);
  });

  it('names the released forces at each end of a frame member, and says when there are none', () => {
    const beam = (releases: unknown): CanonicalObject => ({ id: 'B1', name: 'B1', type: 'Beam', releases });
    expect(releaseFacts(beam({ type: 'Releases', i: { ...free, m2: true, m3: true }, j: free }))).toEqual([
      { label: 'Releases', value: 'I end: M2 M3 · J end: fixed' },
    ]);
    expect(releaseFacts(beam(undefined))).toEqual([{ label: 'Releases', value: 'None (both ends fixed)' }]);
    expect(releaseFacts({ id: 'F1', name: 'F1', type: 'Floor' })).toEqual([]);
  });
});
