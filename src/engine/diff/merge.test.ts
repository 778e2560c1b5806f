import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../testing/building';
import { hashModel } from '../canonical';
import type { FrameElement, Model, Node, Profile } from '../schema';
import { isFrameElement, noEndReleases } from '../schema';
import { forEachRef } from './refs';
import { mergeModels } from './index';

function building(): Model {
  return generateBuilding({
    storeys: 2,
    baysX: 2,
    baysY: 2,
    braceEvery: 0,
    coreBaysX: 0,
    coreBaysY: 0,
    seed: 11,
  });
}

function beams(model: Model): FrameElement[] {
  return model.elements.filter((item): item is FrameElement => isFrameElement(item) && item.type === 'Beam');
}

function beam(model: Model, index = 0): FrameElement {
  const found = beams(model)[index];
  if (!found) throw new Error('no beam');
  return found;
}

function find(model: Model, id: string): FrameElement | undefined {
  return model.elements.find((item): item is FrameElement => item.id === id && isFrameElement(item));
}

function other(profileId: string | undefined): string {
  return profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
}

/** base, and a target and a source each edited from an independent copy of it. */
function sides(editTarget: (model: Model) => void, editSource: (model: Model) => void) {
  const base = building();
  const target = building();
  const source = building();
  editTarget(target);
  editSource(source);
  return { base, target, source };
}

function dangling(model: Model): string[] {
  const out: string[] = [];
  const ids = (collection: keyof Model) =>
    new Set((model[collection] as { id: string }[]).map((item) => item.id));
  for (const collection of ['nodes', 'elements', 'loads', 'profiles', 'groups'] as const) {
    for (const item of model[collection] as { id: string }[]) {
      forEachRef(collection, item, (target, id) => {
        if (!ids(target).has(id)) out.push(`${item.id} → ${target}:${id}`);
      });
    }
  }
  return out;
}

describe('mergeModels (three-way)', () => {
  it('brings source changes into a target that changed other things, with no conflict', () => {
    const { base, target, source } = sides(
      (model) => {
        (model.nodes[4] as Node).z += 40;
      },
      (model) => {
        beam(model).profileId = other(beam(model).profileId);
      },
    );
    const result = mergeModels({ base, target, source, selection: { all: true } });
    expect(result.conflicts).toEqual([]);
    expect(result.applied).toEqual([`elements:${beam(source).id}`]);
    expect(find(result.model, beam(source).id)?.profileId).toBe(beam(source).profileId);
    expect(result.model.nodes[4]?.z).toBe((base.nodes[4] as Node).z + 40);
  });

  it('merges edits of different fields of one object; the same field changed two ways is a conflict', () => {
    const { base, target, source } = sides(
      (model) => {
        beam(model).orientationAngle = 30;
        beam(model, 1).profileId = 'BRACE-SHS';
      },
      (model) => {
        beam(model).profileId = other(beam(model).profileId);
        beam(model, 1).profileId = 'COL-LIGHT';
      },
    );
    const first = beam(base).id;
    const second = beam(base, 1).id;
    const result = mergeModels({ base, target, source, selection: { all: true } });
    expect(find(result.model, first)).toMatchObject({
      orientationAngle: 30,
      profileId: beam(source).profileId,
    });
    expect(result.conflicts.map((item) => [item.kind, item.key])).toEqual([
      ['modify/modify', `elements:${second}`],
    ]);
    expect(find(result.model, second)?.profileId).toBe('BRACE-SHS');
    const taken = mergeModels({
      base,
      target,
      source,
      selection: { all: true },
      resolutions: { [`elements:${second}`]: 'source' },
    });
    expect(find(taken.model, second)?.profileId).toBe('COL-LIGHT');
    expect(taken.applied).toContain(`elements:${second}`);
  });

  it('takes one property group of a change: no conflict with what the target did to the others', () => {
    const pinned = (end: 'i' | 'j') => ({
      type: 'Releases' as const,
      i: { ...noEndReleases(), m3: end === 'i' },
      j: { ...noEndReleases(), m3: end === 'j' },
    });
    const { base, target, source } = sides(
      (model) => {
        beam(model).releases = pinned('i');
      },
      (model) => {
        beam(model).profileId = other(beam(model).profileId);
        beam(model).releases = pinned('j');
      },
    );
    const id = beam(base).id;
    const key = `elements:${id}`;
    const whole = mergeModels({ base, target, source, selection: { keys: [key] } });
    expect(whole.conflicts.map((item) => item.key)).toEqual([key]);

    const profileOnly = mergeModels({ base, target, source, selection: { parts: { [key]: ['Profile'] } } });
    expect(profileOnly.conflicts).toEqual([]);
    expect(find(profileOnly.model, id)).toMatchObject({
      profileId: beam(source).profileId,
      releases: pinned('i'),
    });

    // Resolved to the source side, a conflicting part still takes only its group.
    const releasesOnly = mergeModels({
      base,
      target,
      source,
      selection: { parts: { [key]: ['Releases'] } },
      resolutions: { [key]: 'source' },
    });
    expect(releasesOnly.conflicts.map((item) => item.key)).toEqual([key]);
    expect(find(releasesOnly.model, id)).toMatchObject({
      profileId: beam(base).profileId,
      releases: pinned('j'),
    });
  });

  it('lists delete/modify and modify/delete, keeping the target unless the source side is chosen', () => {
    const deletedBySource = () => beam(building(), 0).id;
    const deletedByTarget = () => beam(building(), 1).id;
    const { base, target, source } = sides(
      (model) => {
        beam(model, 0).profileId = 'BRACE-SHS';
        model.elements = model.elements.filter((item) => item.id !== deletedByTarget());
        model.loads = model.loads.filter(
          (load) => !('elementId' in load) || load.elementId !== deletedByTarget(),
        );
      },
      (model) => {
        beam(model, 1).profileId = 'COL-LIGHT';
        model.elements = model.elements.filter((item) => item.id !== deletedBySource());
        model.loads = model.loads.filter(
          (load) => !('elementId' in load) || load.elementId !== deletedBySource(),
        );
      },
    );
    const kept = mergeModels({ base, target, source, selection: { types: ['Beam'] } });
    expect(kept.conflicts.map((item) => [item.kind, item.key]).sort()).toEqual(
      [
        ['delete/modify', `elements:${deletedBySource()}`],
        ['modify/delete', `elements:${deletedByTarget()}`],
      ].sort(),
    );
    expect(find(kept.model, deletedBySource())?.profileId).toBe('BRACE-SHS');
    expect(find(kept.model, deletedByTarget())).toBeUndefined();

    const fromSource = mergeModels({
      base,
      target,
      source,
      selection: { types: ['Beam'] },
      resolutions: {
        [`elements:${deletedBySource()}`]: 'source',
        [`elements:${deletedByTarget()}`]: 'source',
      },
    });
    expect(find(fromSource.model, deletedBySource())).toBeUndefined();
    expect(find(fromSource.model, deletedByTarget())?.profileId).toBe('COL-LIGHT');
    expect(dangling(fromSource.model)).toEqual([]);
  });

  it('flags an added member that duplicates one the target added at the same place', () => {
    const add = (id: string) => (model: Model) => {
      const template = beam(model);
      model.elements.push({
        ...template,
        id,
        name: id,
        startNodeId: template.startNodeId,
        endNodeId: template.endNodeId,
      });
    };
    // Both sides add a second member on the first beam's nodes, under different labels.
    const { base, target, source } = sides(add('T1'), add('S1'));
    const result = mergeModels({ base, target, source, selection: { all: true } });
    expect(result.conflicts.map((item) => [item.kind, item.key])).toEqual([['duplicate add', 'elements:S1']]);
    expect(find(result.model, 'S1')).toBeUndefined();
    const both = mergeModels({
      base,
      target,
      source,
      selection: { all: true },
      resolutions: { 'elements:S1': 'source' },
    });
    expect(find(both.model, 'S1')).toBeDefined();
    expect(find(both.model, 'T1')).toBeDefined();
  });

  it('takes only the selected category, and an added member brings its new node and section', () => {
    const { base, target, source } = sides(
      () => undefined,
      (model) => {
        (model.nodes[3] as Node).x += 100;
        beam(model).profileId = other(beam(model).profileId);
        const profile: Profile = {
          ...(model.profiles[0] as Profile),
          id: 'NEW-SECTION',
          name: 'NEW-SECTION',
        };
        model.profiles.push(profile);
        const start = model.nodes[0] as Node;
        model.nodes.push({
          ...start,
          id: 'NEWNODE',
          name: 'NEWNODE',
          x: start.x + 1234,
          restraint: undefined,
        });
        model.elements.push({
          ...beam(model, 2),
          id: 'NEWBEAM',
          name: 'NEWBEAM',
          endNodeId: 'NEWNODE',
          profileId: 'NEW-SECTION',
        });
      },
    );
    const profilesOnly = mergeModels({ base, target, source, selection: { groups: ['Profile'] } });
    expect(profilesOnly.applied).toEqual([`elements:${beam(source).id}`]);
    expect(profilesOnly.model.nodes[3]?.x).toBe(base.nodes[3]?.x);

    const newBeam = mergeModels({ base, target, source, selection: { keys: ['elements:NEWBEAM'] } });
    expect(newBeam.applied.sort()).toEqual(['elements:NEWBEAM', 'nodes:NEWNODE', 'profiles:NEW-SECTION']);
    expect(dangling(newBeam.model)).toEqual([]);
    expect(find(newBeam.model, beam(base).id)?.profileId).toBe(beam(base).profileId);
  });

  it('brings a section the target deleted when a merged member needs it', () => {
    const { base, target, source } = sides(
      (model) => {
        model.profiles = model.profiles.filter((item) => item.id !== 'COL-LIGHT');
        for (const item of model.elements)
          if (isFrameElement(item) && item.profileId === 'COL-LIGHT') item.profileId = 'COL-MEDIUM';
      },
      (model) => {
        beam(model).profileId = 'COL-LIGHT';
      },
    );
    const result = mergeModels({ base, target, source, selection: { types: ['Beam'] } });
    expect(find(result.model, beam(base).id)?.profileId).toBe('COL-LIGHT');
    expect(result.model.profiles.some((item) => item.id === 'COL-LIGHT')).toBe(true);
    expect(result.applied).toContain('profiles:COL-LIGHT');
    expect(dangling(result.model)).toEqual([]);
  });
});

describe('mergeModels without a base (two-way)', () => {
  it('takes everything target → source and gives the source', () => {
    const target = building();
    const source = building();
    beam(source).profileId = other(beam(source).profileId);
    (source.nodes[2] as Node).y -= 300;
    const gone = beam(source, 3).id;
    source.elements = source.elements.filter((item) => item.id !== gone);
    source.loads = source.loads.filter((load) => !('elementId' in load) || load.elementId !== gone);
    const result = mergeModels({
      base: null,
      target,
      source,
      selection: { all: true },
      options: { lengthTolerance: 0, relativeTolerance: 0 },
    });
    expect(result.conflicts).toEqual([]);
    expect(hashModel(result.model)).toBe(hashModel(source));
    expect(hashModel(result.model)).not.toBe(hashModel(target));
  });
});
