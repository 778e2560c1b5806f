import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../testing/building';
import { presetParameters } from '../../testing/presets';
import type { Difference } from '../../../../tests/support/modelCorrespondence';
import { compareModels } from '../../../../tests/support/modelCorrespondence';
import type { Element, Model } from '../../schema';
import { isFrameElement } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, listFixtures, readFixture } from '../../testing/fixtures';
import { readE2k } from '../etabs';
import { readCis2 } from './read';
import { writeCis2 } from './write';
import { reportItemIds } from '../report';

/**
 * Models → CIS/2 → canonical, on files we write ourselves (no public CIS/2 file exists; these are synthetic): the
 * generated steel building and every ETABS fixture's frame part. Nodes (positions, 1 mm), members and their ends,
 * sections, materials, supports, releases, orientations, cardinal points and loads must come back; what CIS/2 as
 * Gusset writes it cannot carry is listed in NOT_CARRIED, and the writer must say so in its report.
 */

const notFrame = (element: Element) => !isFrameElement(element);

/** Differences CIS/2 cannot avoid, each with the report subject that must announce it. */
const NOT_CARRIED: { matches: (difference: Difference) => boolean; subject: string; why: string }[] = [
  {
    matches: (d) => d.aspect === 'sections' && d.field === 'profile' && d.before === 'shell',
    subject: 'Profile',
    why: 'shell properties (slabs, walls) have no CIS/2 curve-element place',
  },
  {
    matches: (d) => d.aspect === 'springs',
    subject: 'Spring',
    why: 'joint springs are not written',
  },
  {
    matches: (d) => d.aspect === 'frameAssignments' && d.field.startsWith('endOffsets'),
    subject: 'EndOffset',
    why: 'end length offsets are not written',
  },
  {
    matches: (d) => d.aspect === 'frameAssignments' && d.field.startsWith('insertionOffsets'),
    subject: 'InsertionOffset',
    why: 'insertion offsets are not written',
  },
  {
    matches: (d) => d.aspect === 'frameAssignments' && d.field.startsWith('rigidZoneFactor'),
    subject: 'RigidZone',
    why: 'rigid zone factors are not written',
  },
  {
    matches: (d) => d.aspect === 'sections' && d.field.startsWith('properties.'),
    subject: 'Profile',
    why: 'stated section properties are not written',
  },
];

function unexplained(differences: readonly Difference[]): string[] {
  return differences
    .filter((difference) => !NOT_CARRIED.some((loss) => loss.matches(difference)))
    .slice(0, 20)
    .map(
      (d) => `${d.aspect} ${d.object} ${d.field}: ${JSON.stringify(d.before)} → ${JSON.stringify(d.after)}`,
    );
}

function trip(model: Model) {
  const written = writeCis2(model, { timeStamp: '2025-01-01T00:00:00' });
  const read = readCis2(written.bytes);
  const { differences } = compareModels(model, read.model, { excluded: notFrame });
  return { written, read, differences };
}

describe('CIS/2 round trip of the synthetic building (1k preset)', () => {
  const model = generateBuilding(presetParameters('1k'));
  const { written, read, differences } = trip(model);

  it('keeps nodes, members, sections, materials, supports, releases, orientations and loads', () => {
    expect(unexplained(differences)).toEqual([]);
    // The comparison would pass on an empty read: make sure the building really came back.
    expect(read.model.elements.filter(isFrameElement)).toHaveLength(
      model.elements.filter(isFrameElement).length,
    );
    expect(read.model.loadCases.map((loadCase) => loadCase.id).sort()).toEqual(
      model.loadCases.map((loadCase) => loadCase.id).sort(),
    );
    expect(read.model.loadCombinations).toHaveLength(model.loadCombinations.length);
  });

  it('puts every member end within 1 mm of where it was', () => {
    const before = new Map(model.nodes.map((node) => [node.id, node]));
    const after = new Map(read.model.nodes.map((node) => [node.id, node]));
    const worst = model.elements.filter(isFrameElement).reduce((max, element) => {
      const back = read.model.elements.find((candidate) => candidate.id === element.id);
      if (!back || !isFrameElement(back)) return Infinity;
      for (const [was, now] of [
        [element.startNodeId, back.startNodeId],
        [element.endNodeId, back.endNodeId],
      ] as const) {
        const a = before.get(was);
        const b = after.get(now);
        if (!a || !b) return Infinity;
        max = Math.max(max, Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z));
      }
      return max;
    }, 0);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('counts in the write report what reading the file gives, and reports what it left out', () => {
    expect(written.report.counts).toEqual(read.report.counts);
    const dropped = new Set(
      written.report.items
        .filter((item) => item.severity === 'dropped')
        // Every id the item stands for, also past the report's cap of listed ids.
        .flatMap((item) => [...reportItemIds(item)]),
    );
    expect(model.elements.filter(notFrame).filter((element) => !dropped.has(element.id))).toEqual([]);
    expect(dropped.has('SLAB200')).toBe(true);
  });

  it('reads a file Gusset wrote as source tool cis2', () => {
    expect(read.model.source.tool).toBe('cis2');
  });
});

describe.skipIf(!fixturesPresent)(
  `CIS/2 round trip of the ETABS fixtures' frames (synthetic CIS/2)${FIXTURES_SKIP_NOTE}`,
  () => {
    describe.each(listFixtures('e2k'))('%s', (name) => {
      const model = readE2k(readFixture('e2k', name)).model;
      const { written, read, differences } = trip(model);

      it('keeps what CIS/2 carries', () => {
        expect(unexplained(differences)).toEqual([]);
        expect(read.model.elements).toHaveLength(model.elements.filter(isFrameElement).length);
      });

      it('reports each kind of loss it had', () => {
        const subjects = written.report.items.map((item) => `${item.subject} ${item.reason}`).join('\n');
        for (const loss of NOT_CARRIED) {
          if (differences.some(loss.matches)) expect(subjects, loss.why).toContain(loss.subject);
        }
      });
    });
  },
);
