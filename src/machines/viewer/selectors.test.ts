import { describe, expect, it } from 'vitest';
import { boundsOf, facetsOf, shownElementsOf } from './sceneFacts';
import { formatLength, propertiesOf } from './selectors';
import { aScene, anElementProperties } from './viewerTestKit';

describe('properties panel rows', () => {
  it("reads the element's name, type, profile, material, level, length and loads, lengths in metres", () => {
    const view = propertiesOf(anElementProperties());
    expect(view.title).toBe('B1');
    expect(view.rows).toEqual([
      { label: 'Name', value: 'B1' },
      { label: 'Id', value: 'B1@L1' },
      { label: 'Type', value: 'Beam' },
      { label: 'Profile', value: 'W12X26' },
      { label: 'Material', value: 'A992Fy50' },
      { label: 'Level', value: 'Level 1' },
      { label: 'Releases', value: 'None (both ends fixed)' },
      { label: 'Length', value: '6 m' },
      { label: 'Loads', value: '2' },
      { label: 'Source', value: 'etabs 21.0.0' },
    ]);
    expect(view.nodes).toEqual([
      { id: '5', x: '0', y: '0', z: '3' },
      { id: '6', x: '6', y: '0', z: '3' },
    ]);
  });

  it("converts every length to the model's display units", () => {
    const inFeet = propertiesOf(anElementProperties({ units: 'ft', lengthMm: 6096 }));
    expect(inFeet.rows.find((row) => row.label === 'Length')?.value).toBe('20 ft');
    expect(inFeet.nodes[1]).toEqual({ id: '6', x: '19.685', y: '0', z: '9.8425' });
    const inMillimetres = propertiesOf(anElementProperties({ units: 'mm' }));
    expect(inMillimetres.rows.find((row) => row.label === 'Length')?.value).toBe('6,000 mm');
    expect(formatLength(1234.56, 'cm')).toBe('123.46 cm');
    expect(formatLength(-0.00001, 'm')).toBe('0 m');
  });

  it('lists source attributes by key, objects as JSON, and says None for a missing profile or level', () => {
    const view = propertiesOf(
      anElementProperties({
        element: { id: 'N7', name: '', type: 'Link', attributes: { b: true, a: 'text', c: { x: 1 } } },
        profile: null,
        material: null,
        level: null,
        lengthMm: null,
      }),
    );
    expect(view.title).toBe('N7');
    expect(view.rows.find((row) => row.label === 'Profile')?.value).toBe('None');
    expect(view.rows.find((row) => row.label === 'Level')?.value).toBe('None');
    expect(view.rows.some((row) => row.label === 'Length')).toBe(false);
    expect(view.attributes).toEqual([
      { label: 'a', value: 'text' },
      { label: 'b', value: 'true' },
      { label: 'c', value: '{"x":1}' },
    ]);
  });
});

describe('filter checklists', () => {
  it('counts elements per type, level, profile and material, levels bottom to top, only values in use', () => {
    const scene = aScene();
    const facets = facetsOf(scene);
    expect(facets.types).toEqual([
      { value: 'Beam', label: 'Beam', count: 2 },
      { value: 'Column', label: 'Column', count: 4 },
      { value: 'Floor', label: 'Floor', count: 1 },
    ]);
    // BASE has no element on it: nothing to check there.
    expect(facets.levels).toEqual([{ value: 'L1', label: 'Level 1', count: 7 }]);
    expect(facets.profiles).toEqual([
      { value: 'W14X90', label: 'W14X90', count: 4 },
      { value: 'W12X26', label: 'W12X26', count: 2 },
    ]);
    expect(facets.materials.map((entry) => [entry.value, entry.count])).toEqual([
      ['A992', 6],
      ['4000Psi', 1],
    ]);
    expect(facetsOf(scene)).toBe(facets);
  });

  it('orders levels by elevation whatever order the scene lists them in', () => {
    const scene = aScene();
    const levels = [...scene.elements.levels];
    levels[0] = 1;
    const facets = facetsOf({ ...scene, elements: { ...scene.elements, levels } });
    expect(facets.levels.map((entry) => entry.label)).toEqual(['Base', 'Level 1']);
  });

  it('turns unchecked boxes into the values to show', () => {
    const facets = facetsOf(aScene());
    const hidden = { types: ['Floor'], levels: [], profiles: ['W12X26'], materials: [] };
    expect(shownElementsOf(hidden, ' C ', facets)).toEqual({
      types: ['Beam', 'Column'],
      levels: null,
      profiles: ['W14X90'],
      materials: null,
      search: 'C',
    });
    const everyLevel = { types: [], levels: ['L1'], profiles: [], materials: [] };
    expect(shownElementsOf(everyLevel, '', facets).levels).toEqual([]);
  });

  it('puts the section box around every node', () => {
    expect(boundsOf(aScene())).toEqual({ min: [0, 0, 0], max: [6000, 4000, 3000] });
    const empty = aScene({ nodes: { ids: [], xyz: [], restraints: [] } });
    expect(boundsOf(empty)).toBeNull();
  });
});
