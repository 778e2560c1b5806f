import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Model, Source } from '../schema';
import { emptyModel } from '../schema';
import { writeDxf } from './dxf';
import { FILE_TRANSLATORS, translatorById } from './registry';
import type { ReportItem, TranslationReport } from './report';
import type { FileTranslator } from './types';
import { propertyRuns } from '../testing/propertyRuns';

/**
 * Issue #22: a name is data in every format Gusset writes, never syntax. Hostile names (line breaks, quotes,
 * comment marks, separators, formula marks, control characters, Unicode, very long) go through every writer
 * and back through the same reader: the same objects come back, under the same names or under a rename the
 * write report names with the original's id.
 */

/** One round trip of a model of hostile names, per format (ms): the workbook and IFC writers are the heavy ones. */
const MS_PER_RUN: Record<string, number> = { e2k: 4, s2k: 3, json: 3, cis2: 7, ifc: 18, xlsx: 60, dxf: 2 };
const runsOf = (format: string) =>
  propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: MS_PER_RUN[format] ?? 60 });
const TIMEOUT = 600_000;
const SOURCE: Source = { tool: 'gusset' };

/** The probe that found the e2k defect: a section name that ends its line and starts a POINT record. */
const PROBE = 'COL"\n  POINT "INJECTED" 999 999\n$ X';

interface Names {
  level: string;
  nodes: [string, string, string];
  elements: [string, string];
  profile: string;
  material: string;
  patterns: [string, string];
  group: string;
}

function uniqueIn(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let suffix = 2; seen.has(unique); suffix++) unique = `${name}${suffix}`;
    seen.add(unique);
    return unique;
  });
}

/** A small model: three nodes, two beams, one section, material and storey, two patterns, a point load, a group. */
export function namedModel(names: Names): Model {
  const model = emptyModel(SOURCE, 'mm');
  const base = { source: SOURCE, attributes: {} };
  const nodes = uniqueIn([...names.nodes]);
  const elements = uniqueIn([...names.elements]);
  const patterns = uniqueIn([...names.patterns]);
  const level = names.level === 'Base' ? 'Base2' : names.level;
  model.levels = [
    { ...base, id: level, name: level, type: 'Level', elevation: 3000, height: 3000 },
    { ...base, id: 'Base', name: 'Base', type: 'Level', elevation: 0, height: 0 },
  ];
  model.materials = [
    {
      ...base,
      id: names.material,
      name: names.material,
      type: 'Material',
      kind: 'steel',
      elasticModulus: 2e11,
      poissonRatio: 0.3,
      unitWeight: 76_900,
    },
  ];
  model.profiles = [
    {
      ...base,
      id: names.profile,
      name: names.profile,
      type: 'Profile',
      kind: 'frame',
      materialId: names.material,
      section: { shape: 'rectangle', depth: 300, width: 200 },
    },
  ];
  model.nodes = nodes.map((name, index) => ({
    ...base,
    id: name,
    name,
    type: 'Node' as const,
    x: index * 5000,
    y: 0,
    z: 3000,
    levelId: level,
    ...(index === 0
      ? {
          restraint: {
            type: 'Restraint' as const,
            ux: true,
            uy: true,
            uz: true,
            rx: false,
            ry: false,
            rz: false,
          },
        }
      : {}),
  }));
  model.elements = elements.map((name, index) => ({
    ...base,
    id: name,
    name,
    type: 'Beam' as const,
    startNodeId: nodes[index] as string,
    endNodeId: nodes[index + 1] as string,
    profileId: names.profile,
    levelId: level,
  }));
  model.loadPatterns = patterns.map((name, index) => ({
    ...base,
    id: name,
    name,
    type: 'LoadPattern' as const,
    patternType: index === 0 ? 'Dead' : 'Live',
    selfWeightMultiplier: index === 0 ? 1 : 0,
  }));
  model.loads = patterns.map((pattern, index) => ({
    ...base,
    id: `point:${nodes[1] as string}:${pattern}`,
    name: nodes[1] as string,
    type: 'PointLoad' as const,
    nodeId: nodes[1] as string,
    patternId: pattern,
    coordinateSystem: 'global' as const,
    fx: 0,
    fy: 0,
    fz: -1000 * (index + 1),
    mx: 0,
    my: 0,
    mz: 0,
  }));
  model.groups = [
    {
      ...base,
      id: names.group,
      name: names.group,
      type: 'Group',
      members: [{ kind: 'element', id: elements[0] as string }],
    },
  ];
  return model;
}

/** The characters that have broken a writer somewhere: line and record ends, quotes, comment and formula marks. */
const DANGEROUS = [
  '"',
  "'",
  '""',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '$',
  '$ ',
  ';',
  ',',
  '=',
  '+',
  '-',
  '@',
  '\\',
  '\\X2\\',
  '\\P',
  '_',
  ' ',
  '  ',
  '#',
  '*',
  '/',
  '&',
  '<',
  '>',
  '(',
  ')',
  '%%',
  '{',
  'é',
  'ß',
  'β',
  'Ø',
  '中',
  '😀',
  '\ud800',
  '€',
  '\n  POINT "X" 1 1\n',
  '\nTABLE:  "JOINT COORDINATES"\n',
  "');\n#9=IFCWALL('",
  '\n0\nLINE\n8\n0\n',
];

const fragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...DANGEROUS) },
  { weight: 2, arbitrary: fc.constantFrom('A', 'B', 'W12X26', '1', '0', 'x') },
  { weight: 1, arbitrary: fc.string({ maxLength: 3, unit: 'binary' }) },
);

/** A name an engineer would not type but a script or a hostile user could: never empty, sometimes very long. */
const hostileName = fc
  .oneof(
    {
      weight: 8,
      arbitrary: fc
        .array(fragment, { minLength: 1, maxLength: 6 })
        .map((parts) => parts.join(''))
        .filter((name) => name !== ''),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fragment, fc.integer({ min: 100, max: 400 }))
        .map(([part, count]) => part.repeat(count)),
    },
    { weight: 1, arbitrary: fc.constant(PROBE) },
  )
  .filter((name) => name !== '');

/** A second name that differs from the first only where a writer may replace characters, to test uniqueness. */
function twin(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    hostileName,
    fc.constantFrom(
      name.replace(/[\r\n]/g, ' '),
      name.replace(/[^ -~]/g, '?'),
      name.replace(/"/g, "'"),
      name.replace(/[^A-Za-z0-9]/g, '_'),
      `${name} (2)`,
    ),
  );
}

const namesArbitrary: fc.Arbitrary<Names> = fc
  .record({ node: hostileName, element: hostileName, pattern: hostileName })
  .chain(({ node, element, pattern }) =>
    fc.record({
      level: hostileName,
      nodes: fc.tuple(fc.constant(node), twin(node), hostileName),
      elements: fc.tuple(fc.constant(element), twin(element)),
      profile: hostileName,
      material: hostileName,
      patterns: fc.tuple(fc.constant(pattern), twin(pattern)),
      group: hostileName,
    }),
  );

type Kind = 'levels' | 'nodes' | 'elements' | 'profiles' | 'materials' | 'loadPatterns' | 'groups';
const KINDS: readonly Kind[] = [
  'levels',
  'nodes',
  'elements',
  'profiles',
  'materials',
  'loadPatterns',
  'groups',
];

/** The report counts of a kind: what the writer says it wrote. */
const COUNT_KEY = {
  levels: 'levels',
  nodes: 'nodes',
  elements: 'beams',
  profiles: 'sections',
  materials: 'materials',
  loadPatterns: 'loadPatterns',
  groups: 'groups',
} as const;

const CONCEPT = {
  levels: 'level',
  nodes: 'node',
  elements: 'element',
  profiles: 'section',
  materials: 'material',
  loadPatterns: 'pattern',
  groups: 'group',
} as const;

function namesOf(model: Model, kind: Kind): string[] {
  return (model[kind] as readonly { name: string }[]).map((item) => item.name);
}

/** The write report's item about this object's name: an approximation of its kind naming its id. */
function renameItem(items: readonly ReportItem[], kind: Kind, id: string): ReportItem | undefined {
  return items.find(
    (item) =>
      item.severity === 'approximated' &&
      item.concept === CONCEPT[kind] &&
      (item.id === id || item.ids?.includes(id)),
  );
}

/** What differs between the model and its read-back that the write report does not explain; empty when none. */
function unexplained(model: Model, written: TranslationReport, back: Model): string[] {
  const problems: string[] = [];
  const backCounts = { ...written.counts };
  for (const kind of KINDS) {
    const key = COUNT_KEY[kind];
    const wrote = written.counts[key];
    const read = kind === 'elements' ? back.elements.length : (back[kind] as unknown[]).length;
    backCounts[key] = read;
    // A kind the writer says it does not write (IFC groups, SAP2000 storeys) has nothing to come back.
    if (
      wrote === 0 ||
      written.items.some((item) => item.severity === 'dropped' && item.concept === CONCEPT[kind])
    )
      continue;
    if (read !== wrote) problems.push(`${kind}: wrote ${wrote}, read back ${read}`);
    const found = new Set(namesOf(back, kind));
    for (const item of model[kind] as readonly { id: string; name: string }[]) {
      if (found.has(item.name)) continue;
      if (!renameItem(written.items, kind, item.id)) {
        problems.push(
          `${kind}: ${JSON.stringify(item.name)} read back as none of ${JSON.stringify([...found])}`,
        );
      }
    }
  }
  if (back.loads.length !== written.counts.pointLoads) {
    problems.push(`point loads: wrote ${written.counts.pointLoads}, read back ${back.loads.length}`);
  }
  return problems;
}

async function roundTrip(translator: FileTranslator, model: Model): Promise<string[]> {
  const written = await translator.write(model);
  const back = await translator.read(written.bytes);
  return unexplained(model, written.report, back.model);
}

/** DXF has no reader: every line pair must be a group code and its value, and names add no entity. */
function dxfEntities(bytes: Uint8Array): Map<string, number> | string {
  const lines = new TextDecoder().decode(bytes).split(/\r\n|\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length % 2 !== 0) return 'an odd number of lines';
  const entities = new Map<string, number>();
  for (let index = 0; index < lines.length; index += 2) {
    const code = (lines[index] as string).trim();
    if (!/^-?\d+$/.test(code)) return `line ${index + 1} is not a group code: ${JSON.stringify(code)}`;
    const value = lines[index + 1] as string;
    // eslint-disable-next-line no-control-regex -- a control character in a value is what this looks for
    if (/[\u0000-\u001f]/.test(value)) return `line ${index + 2} holds a control character`;
    if (code === '0') entities.set(value, (entities.get(value) ?? 0) + 1);
  }
  return entities;
}

const PLAIN: Names = {
  level: 'L1',
  nodes: ['N1', 'N2', 'N3'],
  elements: ['B1', 'B2'],
  profile: 'W12X26',
  material: 'A992',
  patterns: ['Dead', 'Live'],
  group: 'G1',
};
const PLAIN_DXF = dxfEntities(writeDxf(namedModel(PLAIN)).bytes);

const TRANSLATORS = FILE_TRANSLATORS.map((translator) => [translator.id, translator] as const);

describe('hostile names through every writer', () => {
  const probeNames: Names = {
    level: `L${PROBE}`,
    nodes: [`N${PROBE}`, 'N2', 'N3'],
    elements: [`B${PROBE}`, 'B2'],
    profile: PROBE,
    material: `S${PROBE}`,
    patterns: [`D${PROBE}`, 'Live'],
    group: `G${PROBE}`,
  };

  it.each(TRANSLATORS)('%s: the probe adds no record and every rename is reported', async (_, translator) => {
    expect(await roundTrip(translator, namedModel(probeNames))).toEqual([]);
  });

  it('xlsx: a name that starts with =, +, - or @ is text, never a formula', async () => {
    const formulas = ['=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)'];
    const model = namedModel({
      ...PLAIN,
      nodes: formulas.slice(0, 3) as [string, string, string],
      group: '@SUM(A1)',
    });
    const { bytes } = await translatorById('xlsx')!.write(model);
    const parts = unzipSync(bytes);
    for (const [name, data] of Object.entries(parts)) {
      if (name.startsWith('xl/worksheets/')) expect(strFromU8(data)).not.toMatch(/<f[ >]/);
    }
    const back = (await translatorById('xlsx')!.read(bytes)).model;
    expect(back.nodes.map((node) => node.name)).toEqual(formulas.slice(0, 3));
    expect(back.groups.map((group) => group.name)).toEqual(['@SUM(A1)']);
  });

  it('dxf: the probe adds no entity', () => {
    expect(dxfEntities(writeDxf(namedModel(probeNames)).bytes)).toEqual(PLAIN_DXF);
  });

  it.each(TRANSLATORS)(
    '%s: random hostile names come back or are reported renamed',
    async (format, translator) => {
      await fc.assert(
        fc.asyncProperty(namesArbitrary, async (names) => {
          expect(await roundTrip(translator, namedModel(names))).toEqual([]);
        }),
        { numRuns: runsOf(format) },
      );
    },
    // Runs scale with FC_NUM_RUNS and the machine is shared: a bound on time, not on speed.
    TIMEOUT,
  );

  it(
    `dxf: random hostile names add no entity (${runsOf('dxf')} runs)`,
    () => {
      fc.assert(
        fc.property(namesArbitrary, (names) => {
          expect(dxfEntities(writeDxf(namedModel(names)).bytes)).toEqual(PLAIN_DXF);
        }),
        { numRuns: runsOf('dxf') },
      );
    },
    TIMEOUT,
  );
});
