import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../testing/building';
import type { FrameElement, Model, Node, Profile } from '../schema';
import { isFrameElement, noEndReleases } from '../schema';
import {
  applyDiff,
  changeSummaryText,
  diffModels,
  selectChangeParts,
  selectedDiff,
  summarizeDiff,
} from './index';
import type { Change, ModifiedChange } from './types';

/** A 2-storey, 2 × 2-bay steel frame: small enough to reason about every object an edit touches. */
function building(): Model {
  return generateBuilding({
    storeys: 2,
    baysX: 2,
    baysY: 2,
    braceEvery: 0,
    coreBaysX: 0,
    coreBaysY: 0,
    seed: 7,
  });
}

function beamOf(model: Model, id?: string): FrameElement {
  const beam = model.elements
    .filter(isFrameElement)
    .find((item) => item.type === 'Beam' && (!id || item.id === id));
  if (!beam) throw new Error('no beam');
  return beam;
}

function nodeOf(model: Model, id: string): Node {
  const found = model.nodes.find((item) => item.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

function modified(changes: readonly Change[], key: string): ModifiedChange {
  const change = changes.find((item) => item.key === key);
  if (!change || change.kind !== 'modified') throw new Error(`${key} is not modified`);
  return change;
}

function otherProfile(model: Model, beam: FrameElement): string {
  const other = model.profiles.find(
    (profile) => profile.id !== beam.profileId && profile.id.startsWith('BEAM'),
  );
  if (!other) throw new Error('no other beam profile');
  return other.id;
}

/** The beam: its end j moved 100 mm in x (the node, so the beam moves) and resized to another section. */
function movedAndResized() {
  const before = building();
  const after = building();
  const beam = beamOf(after);
  const to = otherProfile(after, beam);
  beam.profileId = to;
  nodeOf(after, beam.endNodeId).x += 100;
  return {
    before,
    after,
    beamId: beam.id,
    endNodeId: beam.endNodeId,
    to,
    from: beamOf(before, beam.id).profileId,
  };
}

describe('taking a change by property group', () => {
  it('a moved and resized beam lists both groups, its node move apart', () => {
    const { before, after, beamId, endNodeId } = movedAndResized();
    const diff = diffModels(before, after);
    expect(modified(diff.changes, `elements:${beamId}`).groups).toEqual(['Geometry', 'Profile']);
    expect(modified(diff.changes, `nodes:${endNodeId}`).groups).toEqual(['Geometry']);
  });

  it('its Profile alone gives the new section without the move, and the next diff has exactly that change', () => {
    const { before, after, beamId, endNodeId, to, from } = movedAndResized();
    const diff = diffModels(before, after);
    const taken = applyDiff(before, diff, { parts: { [`elements:${beamId}`]: ['Profile'] } });
    expect(beamOf(taken, beamId).profileId).toBe(to);
    expect(nodeOf(taken, endNodeId).x).toBe(nodeOf(before, endNodeId).x);
    const made = diffModels(before, taken);
    expect(made.changes.map((change) => change.key)).toEqual([`elements:${beamId}`]);
    expect(modified(made.changes, `elements:${beamId}`).changes).toEqual([
      { path: 'profileId', group: 'Profile', before: from, after: to },
    ]);
  });

  it('its Geometry alone brings the node move and keeps the old section', () => {
    const { before, after, beamId, endNodeId, from } = movedAndResized();
    const diff = diffModels(before, after);
    const parts = selectChangeParts(diff, { parts: { [`elements:${beamId}`]: ['Geometry'] } });
    expect(parts.get(`elements:${beamId}`)).toEqual(['Geometry']);
    expect(parts.get(`nodes:${endNodeId}`)).toBe('whole');
    const taken = applyDiff(before, diff, { parts: { [`elements:${beamId}`]: ['Geometry'] } });
    expect(beamOf(taken, beamId).profileId).toBe(from);
    expect(nodeOf(taken, endNodeId).x).toBe(nodeOf(after, endNodeId).x);
  });

  it('every group of a change named in parts is the change whole; a key named whole wins over its part', () => {
    const { before, after, beamId } = movedAndResized();
    const diff = diffModels(before, after);
    const key = `elements:${beamId}`;
    expect(selectChangeParts(diff, { parts: { [key]: ['Profile', 'Geometry'] } }).get(key)).toBe('whole');
    expect(selectChangeParts(diff, { keys: [key], parts: { [key]: ['Profile'] } }).get(key)).toBe('whole');
    // A group the change does not have takes nothing of it.
    expect(selectChangeParts(diff, { parts: { [key]: ['Loads'] } }).has(key)).toBe(false);
  });

  it('a profile part that names a new section brings the section, and nothing else', () => {
    const before = building();
    const after = building();
    const beam = beamOf(after);
    const profile = after.profiles.find((item) => item.id === beam.profileId) as Profile;
    after.profiles.push({ ...profile, id: 'W21X44', name: 'W21X44' });
    beam.profileId = 'W21X44';
    nodeOf(after, beam.startNodeId).y += 50;
    const diff = diffModels(before, after);
    const parts = selectChangeParts(diff, { parts: { [`elements:${beam.id}`]: ['Profile'] } });
    expect([...parts.keys()].sort()).toEqual([`elements:${beam.id}`, 'profiles:W21X44']);
    const taken = applyDiff(before, diff, { parts: { [`elements:${beam.id}`]: ['Profile'] } });
    expect(taken.profiles.some((item) => item.id === 'W21X44')).toBe(true);
    expect(nodeOf(taken, beam.startNodeId).y).toBe(nodeOf(before, beam.startNodeId).y);
  });

  it('releases are their own group, and a member drawn the other way gets them on the right ends', () => {
    const before = building();
    const after = building();
    const beam = beamOf(after);
    const pinnedAtI = { type: 'Releases' as const, i: { ...noEndReleases(), m3: true }, j: noEndReleases() };
    // The after file draws the beam from its end j, pinned at the node that was its start, and resizes it.
    Object.assign(beam, {
      startNodeId: beam.endNodeId,
      endNodeId: beam.startNodeId,
      releases: { ...pinnedAtI, i: pinnedAtI.j, j: pinnedAtI.i },
      profileId: otherProfile(after, beam),
    });
    const diff = diffModels(before, after);
    const change = modified(diff.changes, `elements:${beam.id}`);
    expect(change.groups).toEqual(['Profile', 'Releases']);
    const taken = applyDiff(before, diff, { parts: { [change.key]: ['Releases'] } });
    const kept = beamOf(taken, beam.id);
    expect(kept.startNodeId).toBe(beamOf(before, beam.id).startNodeId);
    expect(kept.releases).toEqual(pinnedAtI);
    expect(kept.profileId).toBe(beamOf(before, beam.id).profileId);
  });

  it('a node restraint is a Supports change', () => {
    const before = building();
    const after = building();
    const node = after.nodes[0] as Node;
    node.restraint = { type: 'Restraint', ux: true, uy: true, uz: true, rx: false, ry: false, rz: false };
    const diff = diffModels(before, after);
    expect(modified(diff.changes, `nodes:${node.id}`).groups).toEqual(['Supports']);
  });

  it('an attribute part takes only the attributes of that group, a dotted name kept whole', () => {
    const before = building();
    const after = building();
    const beam = beamOf(after);
    beam.attributes = { ...beam.attributes, 'DESIGN.CODE': 'AISC 360-16' };
    beam.profileId = otherProfile(after, beam);
    const diff = diffModels(before, after);
    const taken = applyDiff(before, diff, { parts: { [`elements:${beam.id}`]: ['Attributes'] } });
    const kept = beamOf(taken, beam.id);
    expect(kept.attributes?.['DESIGN.CODE']).toBe('AISC 360-16');
    expect(kept.profileId).toBe(beamOf(before, beam.id).profileId);
  });

  it('the diff of a part tells only what it takes: resized, not moved', () => {
    const { before, after, beamId, to, from } = movedAndResized();
    const diff = diffModels(before, after);
    const selection = { parts: { [`elements:${beamId}`]: ['Profile' as const] } };
    const text = changeSummaryText(summarizeDiff(selectedDiff(diff, selection), before, after), 'mm');
    expect(text).toBe(`1 beam resized ${from} → ${to}`);
    expect(changeSummaryText(summarizeDiff(diff, before, after), 'mm')).toContain('moved');
  });
});
