import { describe, expect, it } from 'vitest';
import { ModelSchema } from '../../schema';
import { readIfc } from './read';
import { SMALL_IFC, smallIfcBytes } from './readTestFile';

/**
 * Sections as exporters write them: the same profile repeated per member with float noise, different profiles
 * under one name, and (Tekla) members with a faceted body whose only section is their type name. Added to the
 * small hand-written file, whose beam #54 has the 300 × 500 'R300x500' in C30/37.
 */

let next = 1000;
const guid = (n: number) => String(n).padStart(22, '0');

/** An analysis member along x at height z, with its own IfcRectangleProfileDef named `name` in C30/37. */
function memberWithProfile(name: string, width: string, depth: string, z: number): string {
  const n = (next += 20);
  return [
    `#${n}=IFCCARTESIANPOINT((0.,0.,${z}.));`,
    `#${n + 1}=IFCVERTEXPOINT(#${n});`,
    `#${n + 2}=IFCCARTESIANPOINT((4000.,0.,${z}.));`,
    `#${n + 3}=IFCVERTEXPOINT(#${n + 2});`,
    `#${n + 4}=IFCEDGE(#${n + 1},#${n + 3});`,
    `#${n + 5}=IFCTOPOLOGYREPRESENTATION(#2,'Reference','Edge',(#${n + 4}));`,
    `#${n + 6}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 5}));`,
    `#${n + 7}=IFCSTRUCTURALCURVEMEMBER('${guid(n + 7)}',$,'M${n}',$,$,#12,#${n + 6},.RIGID_JOINED_MEMBER.,#53);`,
    `#${n + 8}=IFCRECTANGLEPROFILEDEF(.AREA.,'${name}',$,${width},${depth});`,
    `#${n + 9}=IFCMATERIALPROFILE($,$,#60,#${n + 8},$,$);`,
    `#${n + 10}=IFCMATERIALPROFILESET($,$,(#${n + 9}),$);`,
    `#${n + 11}=IFCMATERIALPROFILESETUSAGE(#${n + 10},8,$);`,
    `#${n + 12}=IFCRELASSOCIATESMATERIAL('${guid(n + 12)}',$,$,$,(#${n + 7}),#${n + 11});`,
  ].join('\n');
}

/** A physical beam with only an Axis (no profile definition), its type name `objectType`, optionally in C30/37. */
function beamNamedByType(objectType: string, y: number, concrete: boolean): string {
  const n = (next += 20);
  return [
    `#${n}=IFCCARTESIANPOINT((0.,${y}.,0.));`,
    `#${n + 1}=IFCCARTESIANPOINT((6000.,${y}.,0.));`,
    `#${n + 2}=IFCPOLYLINE((#${n},#${n + 1}));`,
    `#${n + 3}=IFCSHAPEREPRESENTATION(#2,'Axis','Curve3D',(#${n + 2}));`,
    `#${n + 4}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 3}));`,
    `#${n + 5}=IFCBEAM('${guid(n + 5)}',$,'B${n}',$,'${objectType}',#12,#${n + 4},$,.BEAM.);`,
    concrete ? `#${n + 6}=IFCRELASSOCIATESMATERIAL('${guid(n + 6)}',$,$,$,(#${n + 5}),#60);` : '',
  ].join('\n');
}

function withLines(...lines: string[]): Uint8Array {
  return smallIfcBytes(SMALL_IFC.replace('ENDSEC;\nEND-ISO', `${lines.join('\n')}\nENDSEC;\nEND-ISO`));
}

describe('IFC reader sections', () => {
  it('makes one section of a profile repeated with float noise, and names different ones apart', async () => {
    const { model, report } = await readIfc(
      withLines(
        memberWithProfile('R300x500', '300.000000000003', '499.999999999995', 6000),
        memberWithProfile('R300x500', '300.', '600.', 9000),
      ),
    );
    expect(ModelSchema.safeParse(model).success).toBe(true);
    const frames = model.profiles.filter((profile) => profile.kind === 'frame');
    // 300 × 500 (the file's own beam and the noisy copy) and 300 × 600: two sections, not three.
    expect(frames.map((profile) => profile.name)).toEqual(['R300x500', 'R300x500 (2)']);
    expect(frames.map((profile) => profile.id)).toEqual(['R300x500', 'R300x500 (2)']);
    const sectionOf = (z: number) => {
      const nodes = new Map(model.nodes.map((node) => [node.id, node]));
      const member = model.elements.find(
        (element) => 'startNodeId' in element && nodes.get(element.startNodeId)?.z === z,
      );
      return member && 'profileId' in member ? member.profileId : undefined;
    };
    expect(sectionOf(6000)).toBe('R300x500');
    expect(sectionOf(9000)).toBe('R300x500 (2)');
    expect(frames[1]).toMatchObject({ section: { shape: 'rectangle', depth: 600 }, materialId: 'C30/37' });
    expect(report.items).toContainEqual(
      expect.objectContaining({
        severity: 'approximated',
        subject: 'Profile',
        reason: expect.stringContaining('"R300x500 (2)"') as unknown,
      }),
    );
  });

  it("names a faceted member's section by its type, or gives it the file's profile of that name", async () => {
    const { model, report } = await readIfc(
      withLines(beamNamedByType('HEA200', 5000, false), beamNamedByType('R300x500', 8000, true)),
    );
    expect(ModelSchema.safeParse(model).success).toBe(true);
    const byY = (y: number) => {
      const nodes = new Map(model.nodes.map((node) => [node.id, node]));
      return model.elements.find(
        (element) => element.type === 'Beam' && nodes.get(element.startNodeId)?.y === y,
      );
    };
    const hea = byY(5000);
    expect(hea && 'profileId' in hea ? hea.profileId : undefined).toBe('HEA200');
    expect(model.profiles.find((profile) => profile.id === 'HEA200')).toMatchObject({
      name: 'HEA200',
      section: { shape: 'library', designation: 'HEA200' },
    });
    // Same name and material as the file's rectangle: that section, not a second 'R300x500 (2)' without shape.
    const concrete = byY(8000);
    expect(concrete && 'profileId' in concrete ? concrete.profileId : undefined).toBe('R300x500');
    expect(concrete && 'materialId' in concrete ? concrete.materialId : undefined).toBeUndefined();
    expect(model.profiles.map((profile) => profile.id)).toEqual(['R300x500', 'HEA200']);
    expect(report.items).toContainEqual(
      expect.objectContaining({
        subject: 'Profile',
        reason: expect.stringContaining('"HEA200"') as unknown,
      }),
    );
  });
});
