import { describe, expect, it } from 'vitest';
import { etabsTranslator } from '../src/engine/formats/etabs';
import { ifcTranslator } from '../src/engine/formats/ifc';
import type { Translator } from '../src/engine/formats/types';
import type { Model, Node } from '../src/engine/schema';
import { isFrameElement } from '../src/engine/schema';
import {
  FIXTURES_SKIP_NOTE,
  fixturesPresent,
  listFixtures,
  readFixture,
} from '../src/engine/testing/fixtures';

/**
 * Issue #9's cross-translation: IFC from Revit and Tekla → .e2k → IFC, and every .e2k fixture → IFC → .e2k, keep the
 * members, their end points (1 mm), profiles and materials. Members are matched by their end points, either way
 * round (ETABS may draw a member from its other end), not by id or type: IFC GlobalIds are derived anew when Gusset
 * writes a file, and readIfc types analytical members by slope.
 */

const END_TOLERANCE_MM = 1;

/** The IFC fixtures that are physical models from Revit or Tekla (the others are analysis models, from ETABS). */
const REVIT_AND_TEKLA = [
  'xbim__StructuralModel.ifc',
  'web-ifc__example.ifc',
  'web-ifc__duplex.ifc',
  'web-ifc__ISSUE_021_Mini_Project.ifc',
];

interface Member {
  id: string;
  start: Node;
  end: Node;
  profile: string | undefined;
  material: string | undefined;
}

function membersOf(model: Model): Member[] {
  const nodes = new Map(model.nodes.map((node) => [node.id, node]));
  const profiles = new Map(model.profiles.map((profile) => [profile.id, profile]));
  const materials = new Map(model.materials.map((material) => [material.id, material.name]));
  const members: Member[] = [];
  for (const element of model.elements.filter(isFrameElement)) {
    const start = nodes.get(element.startNodeId);
    const end = nodes.get(element.endNodeId);
    if (!start || !end) throw new Error(`${element.id} names a node the model does not have`);
    const profile = element.profileId === undefined ? undefined : profiles.get(element.profileId);
    const materialId = element.materialId ?? profile?.materialId;
    members.push({
      id: element.id,
      start,
      end,
      profile: profile?.name,
      material: materialId === undefined ? undefined : materials.get(materialId),
    });
  }
  return members;
}

const near = (a: Node, b: Node) =>
  Math.abs(a.x - b.x) <= END_TOLERANCE_MM &&
  Math.abs(a.y - b.y) <= END_TOLERANCE_MM &&
  Math.abs(a.z - b.z) <= END_TOLERANCE_MM;

const sameEnds = (a: Member, b: Member) =>
  (near(a.start, b.start) && near(a.end, b.end)) || (near(a.start, b.end) && near(a.end, b.start));

/** What did not come back: members with no counterpart within 1 mm, or whose section or material changed. */
function lostOnTheWay(before: Member[], after: Member[]): string[] {
  const cell = (member: Member) =>
    `${Math.floor((member.start.x + member.end.x) / 2000)},${Math.floor((member.start.y + member.end.y) / 2000)}`;
  // Members bucketed by the 1 m plan cell of their midpoint, so matching is not quadratic on the Tekla model.
  const buckets = new Map<string, Member[]>();
  for (const member of after) {
    const key = cell(member);
    const list = buckets.get(key);
    if (list) list.push(member);
    else buckets.set(key, [member]);
  }
  const taken = new Set<Member>();
  const problems: string[] = [];
  for (const member of before) {
    const [cx, cy] = cell(member).split(',').map(Number) as [number, number];
    let match: Member | undefined;
    for (let dx = -1; dx <= 1 && !match; dx++)
      for (let dy = -1; dy <= 1 && !match; dy++)
        match = buckets
          .get(`${cx + dx},${cy + dy}`)
          ?.find((candidate) => !taken.has(candidate) && sameEnds(member, candidate));
    if (!match) {
      problems.push(`${member.id}: no member between the same end points`);
      continue;
    }
    taken.add(match);
    if (match.profile !== member.profile)
      problems.push(`${member.id}: section ${member.profile ?? 'none'} → ${match.profile ?? 'none'}`);
    if (match.material !== member.material)
      problems.push(`${member.id}: material ${member.material ?? 'none'} → ${match.material ?? 'none'}`);
  }
  return problems;
}

async function roundTrip(home: Translator, middle: Translator, bytes: Uint8Array) {
  const original = (await home.read(bytes)).model;
  const middleModel = (await middle.read((await middle.write(original)).bytes)).model;
  const back = (await home.read((await home.write(middleModel)).bytes)).model;
  return { original, back };
}

describe.skipIf(!fixturesPresent)(`IFC (Revit, Tekla) → .e2k → IFC${FIXTURES_SKIP_NOTE}`, () => {
  for (const name of REVIT_AND_TEKLA) {
    it(`${name} keeps its members, their end points (1 mm), sections and materials`, async () => {
      const { original, back } = await roundTrip(ifcTranslator, etabsTranslator, readFixture('ifc', name));
      const before = membersOf(original);
      expect(before.length).toBeGreaterThan(0);
      expect(lostOnTheWay(before, membersOf(back)).slice(0, 20)).toEqual([]);
      expect(membersOf(back)).toHaveLength(before.length);
    });
  }
});

describe.skipIf(!fixturesPresent)(`.e2k → IFC → .e2k${FIXTURES_SKIP_NOTE}`, () => {
  for (const name of listFixtures('e2k')) {
    it(`${name} keeps its members, their end points (1 mm), sections and materials`, async () => {
      const { original, back } = await roundTrip(etabsTranslator, ifcTranslator, readFixture('e2k', name));
      const before = membersOf(original);
      expect(lostOnTheWay(before, membersOf(back)).slice(0, 20)).toEqual([]);
      expect(membersOf(back)).toHaveLength(before.length);
    });
  }
});
