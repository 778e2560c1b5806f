/**
 * Hash values are stored with versions and compared across releases, so a faster hashModel must give exactly the
 * values the first implementation gave. This file pins some of them, and checks the current functions against a
 * copy of that first implementation on every fixture model and on random values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readE2k } from '../formats/etabs';
import { readSap2000 } from '../formats/sap2000';
import type { Model } from '../schema';
import { emptyModel, MODEL_COLLECTIONS, setAttribute } from '../schema';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../testing/fixtures';
import { canonicalJson, fnv1a64, hashModel, hashModelCollections, hashObject } from './index';

// ------------------------------------------------------------------------------------------------------------
// The first implementation, kept verbatim as the oracle (only renamed).

function referenceNormalizeNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (value === 0) return 0;
  const rounded = Number(value.toPrecision(12));
  return rounded === 0 ? 0 : rounded;
}

function referenceNumberText(value: number): string {
  if (Number.isNaN(value)) return '"NaN"';
  if (value === Infinity) return '"Infinity"';
  if (value === -Infinity) return '"-Infinity"';
  return String(referenceNormalizeNumber(value));
}

function referenceCanonicalJson(value: unknown): string {
  const parts: string[] = [];
  referenceWrite(value, parts);
  return parts.join('');
}

function referenceWrite(value: unknown, out: string[]): void {
  switch (typeof value) {
    case 'number':
      out.push(referenceNumberText(value));
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'object':
      break;
    default:
      out.push('null');
      return;
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out.push(',');
      referenceWrite(value[index], out);
    }
    out.push(']');
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  out.push('{');
  keys.forEach((key, index) => {
    if (index > 0) out.push(',');
    out.push(JSON.stringify(key), ':');
    referenceWrite(record[key], out);
  });
  out.push('}');
}

function referenceFnv1a64(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  const multiply = (h: number, l: number): { high: number; low: number } => {
    const lowProduct = l * 0x1b3;
    const carry = Math.floor(lowProduct / 0x100000000);
    return { high: (h * 0x1b3 + carry + ((l << 8) >>> 0)) >>> 0, low: lowProduct >>> 0 };
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    low ^= code & 0xff;
    ({ high, low } = multiply(high, low >>> 0));
    if (code > 0xff) {
      low ^= code >>> 8;
      ({ high, low } = multiply(high, low >>> 0));
    }
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}

const referenceHashObject = (value: unknown): string => referenceFnv1a64(referenceCanonicalJson(value));

function referenceHashModel(model: Model): string {
  const parts: string[] = [];
  const { results, ...rest } = model;
  const header: Record<string, unknown> = { ...rest };
  for (const collection of MODEL_COLLECTIONS) delete header[collection];
  parts.push(referenceHashObject(header));
  for (const collection of MODEL_COLLECTIONS) {
    const items = model[collection] as readonly { id: string }[];
    const hashed = items.map((item) => `${item.id}\u0000${referenceHashObject(item)}`).sort();
    parts.push(`${collection}:${referenceFnv1a64(hashed.join('\n'))}`);
  }
  if (results) {
    const rows = results.memberForces.map((row) => referenceHashObject(row)).sort();
    parts.push(`results:${referenceFnv1a64(rows.join('\n'))}`);
  }
  return referenceFnv1a64(parts.join('\n'));
}

function referenceHashModelCollections(model: Model): Record<string, string> {
  const out: Record<string, string> = {};
  for (const collection of MODEL_COLLECTIONS) {
    const items = model[collection] as readonly { id: string }[];
    out[collection] = referenceFnv1a64(
      items
        .map((item) => `${item.id}\u0000${referenceHashObject(item)}`)
        .sort()
        .join('\n'),
    );
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------

/** A small model with the awkward values: escapes, surrogates, −0, float noise, shared ids, results. */
function awkwardModel(): Model {
  const model = emptyModel({ tool: 'etabs', version: '21.0.0' }, 'm');
  model.sourceUnits = { force: 'KN', length: 'M', temperature: 'C' };
  const source = model.source;
  for (let index = 0; index < 12; index++) {
    model.nodes.push({
      id: `${index % 5}@Story${index % 3}`,
      source,
      name: `N"${index}\\`,
      type: 'Node',
      x: index * 304.8 * 3,
      y: index === 0 ? -0 : (0.1 + 0.2) * index,
      z: index * 1e-7 + 1e21 * (index % 2),
      ...(index % 4 === 0 ? { levelId: `Story${index % 3}` } : {}),
      ...(index % 3 === 0
        ? {
            restraint: {
              type: 'Restraint',
              ux: true,
              uy: true,
              uz: true,
              rx: false,
              ry: false,
              rz: index > 5,
            },
          }
        : {}),
      attributes: {},
    });
  }
  const attributes = model.nodes[1]?.attributes ?? {};
  setAttribute(attributes, '__proto__', { nested: [1, 'two', null, true, { z: 1, a: -0 }] });
  setAttribute(attributes, 'tab\there', 'line\nbreak \u0001 \ud800 lone, \ud83d\ude00 pair, é ΣΩ');
  setAttribute(attributes, 'Ä', [1e-300, 123456789.12345679, -1.5e-12, 2 ** 53]);
  model.elements.push({
    id: 'B1@Story1',
    source,
    name: 'B1',
    type: 'Beam',
    startNodeId: '1@Story1',
    endNodeId: '2@Story1',
    profileId: 'W14X90',
    releases: {
      type: 'Releases',
      i: { p: false, v2: false, v3: false, t: false, m2: true, m3: true },
      j: { p: false, v2: false, v3: false, t: false, m2: false, m3: true },
    },
    attributes: { note: 'ok', empty: {}, list: [] },
  });
  model.elements.push({
    id: 'F1@Story1',
    source,
    name: 'F1',
    type: 'Floor',
    nodeIds: ['1@Story1', '2@Story1', '3@Story1', '4@Story1'],
    attributes: {},
  });
  model.attributes = { etabs: { header: 'File x', sections: [{ title: 'LOG', lines: ['  a', '"b"'] }] } };
  model.results = {
    memberForces: [
      { elementId: 'B1@Story1', loadCaseId: 'DEAD', station: 0, p: 1, v2: 2, v3: 3, t: 4, m2: 5, m3: 6 },
      {
        elementId: 'B1@Story1',
        loadCaseId: 'DEAD',
        station: 1,
        p: -1,
        v2: -2,
        v3: -3,
        t: -4,
        m2: -5,
        m3: -6,
      },
    ],
  } as unknown as Model['results'];
  return model;
}

describe('hash values stay what the first implementation gave', () => {
  it('pins concrete values', () => {
    expect(fnv1a64('Gusset \u00e9\u4e2d\ud83d\ude00')).toBe('68de0c7d12593045');
    expect(canonicalJson({ b: [1, -0, 0.1 + 0.2, 1e21, 1e-7], a: 'q"\n' })).toBe(
      '{"a":"q\\"\\n","b":[1,0,0.3,1e+21,1e-7]}',
    );
    expect(hashObject({ z: 1, y: [true, null, 'ΣΩ'], x: { b: 2.000000000000001, a: NaN } })).toBe(
      '516560382ee73624',
    );
    const model = awkwardModel();
    expect(hashModel(model)).toBe('322e804cdcc49697');
    expect(hashModelCollections(model)).toMatchObject({
      nodes: 'b060621d325173d4',
      elements: 'af43e6543d2c2e7f',
      levels: 'cbf29ce484222325',
    });
  });

  it('agrees with the first implementation on random values', () => {
    const number = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(-0, 0.1 + 0.2, 1e21, 1e-7, 304.8 * 3, 2 ** 53 + 2, 1e15, 123456.789012345),
    );
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(number, text, fc.boolean(), fc.constant(null), fc.constant(undefined)),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(text, tie('node'), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (random) => {
        expect(canonicalJson(random)).toBe(referenceCanonicalJson(random));
        expect(hashObject(random)).toBe(referenceHashObject(random));
      }),
    );
    fc.assert(
      fc.property(text, (random) => {
        expect(fnv1a64(random)).toBe(referenceFnv1a64(random));
      }),
    );
  });

  it('agrees with the first implementation on models with shuffled, repeated and odd ids', () => {
    const id = fc.oneof(fc.constantFrom('1', '1@A', '10', '1\u0000x', 'é', ''), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(id, fc.double()), { maxLength: 30 }), (rows) => {
        const model = awkwardModel();
        model.nodes = rows.map(([nodeId, x]) => ({
          id: nodeId,
          source: model.source,
          name: nodeId,
          type: 'Node',
          x,
          y: 0,
          z: 0,
          attributes: {},
        }));
        expect(hashModel(model)).toBe(referenceHashModel(model));
        expect(hashModelCollections(model)).toEqual(referenceHashModelCollections(model));
      }),
    );
  });
});

describe(`hash values of the fixture models${FIXTURES_SKIP_NOTE}`, () => {
  const cases = [
    ...listFixtures('e2k').map((name) => ({ name, read: () => readE2k(readFixture('e2k', name)).model })),
    ...listFixtures('s2k').map((name) => ({ name, read: () => readSap2000(readFixture('s2k', name)).model })),
  ];
  it.each(cases)('$name hashes as the first implementation did', ({ read }) => {
    const model = read();
    expect(hashModel(model)).toBe(referenceHashModel(model));
    expect(hashModelCollections(model)).toEqual(referenceHashModelCollections(model));
  });
});
