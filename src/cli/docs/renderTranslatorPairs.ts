import type { CapabilityConcept } from '../../engine/formats/capabilities';
import { CAPABILITY_CONCEPT_NAMES, fidelityOf } from '../../engine/formats/capabilities';
import { FILE_TRANSLATORS } from '../../engine/formats/registry';
import type { Capability, FileTranslator } from '../../engine/formats/types';
import { CONCEPT_WORDS, KIND_WORDS } from '../../engine/fidelity/words';

/** Where the generated page lives, relative to the repository root. */
export const TRANSLATOR_PAIRS_PATH = 'docs/translator-pairs.md';

/** Each concept as an engineer says it, from the words the fidelity certificate uses. */
export const CONCEPT_ROW_WORDS: Readonly<Record<CapabilityConcept, string>> = {
  Level: CONCEPT_WORDS.level,
  Node: KIND_WORDS.nodes,
  Grid: CONCEPT_WORDS.grid,
  Beam: KIND_WORDS.beams,
  Column: KIND_WORDS.columns,
  Brace: KIND_WORDS.braces,
  Floor: KIND_WORDS.floors,
  Wall: KIND_WORDS.walls,
  Area: KIND_WORDS.areas,
  Opening: KIND_WORDS.openings,
  Cable: KIND_WORDS.cables,
  Link: KIND_WORDS.links,
  Component: KIND_WORDS.components,
  Foundation: KIND_WORDS.foundations,
  GeoElement: KIND_WORDS.geometry,
  Material: KIND_WORDS.materials,
  Profile: KIND_WORDS.sections,
  'Section modifiers': `${CONCEPT_WORDS.modifier} of sections`,
  'Member modifiers': `${CONCEPT_WORDS.modifier} of members`,
  Orientation: CONCEPT_WORDS.localAxis,
  'Cardinal point': CONCEPT_WORDS.cardinalPoint,
  'End offsets': CONCEPT_WORDS.offset,
  'Rigid zones': CONCEPT_WORDS.rigidZone,
  'Insertion offsets': 'insertion offsets',
  Releases: CONCEPT_WORDS.release,
  Restraint: CONCEPT_WORDS.restraint,
  Springs: CONCEPT_WORDS.spring,
  Diaphragm: CONCEPT_WORDS.diaphragm,
  LinkProperty: KIND_WORDS.linkProperties,
  LoadPattern: KIND_WORDS.loadPatterns,
  LoadCase: `${KIND_WORDS.loadCases} (type, pattern factors)`,
  'Modal case': 'modal cases',
  'Response spectrum case': 'response spectrum cases',
  Function: KIND_WORDS.functions,
  LoadCombination: KIND_WORDS.loadCombinations,
  PointLoad: KIND_WORDS.pointLoads,
  LinearLoad: KIND_WORDS.lineLoads,
  AreaLoad: KIND_WORDS.areaLoads,
  Group: KIND_WORDS.groups,
  Results: CONCEPT_WORDS.results,
};

/** Short column names, in the order the tables and columns go; a format not listed goes by its id, last. */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  e2k: 'ETABS',
  s2k: 'SAP2000',
  ifc: 'IFC',
  cis2: 'CIS/2',
  xlsx: 'Excel',
  json: 'JSON',
};

export type PairMark = '✓' | '≈' | '✗' | '—';

/** One format as a side of a pair: its capabilities, or none declared when it carries everything (canonical JSON). */
interface Side {
  id: string;
  name: string;
  title: string;
  capabilities?: readonly Capability[];
}

function sideOf(translator: FileTranslator): Side {
  const capabilities =
    'capabilities' in translator ? (translator.capabilities as readonly Capability[]) : undefined;
  return {
    id: translator.id,
    name: SHORT_NAMES[translator.id] ?? translator.id,
    title: translator.title,
    ...(capabilities ? { capabilities } : {}),
  };
}

function capabilityOf(side: Side, concept: CapabilityConcept): Capability {
  // A format with no table (canonical JSON) carries every concept in full; an undeclared concept is not carried.
  if (!side.capabilities) return { concept, read: 'full', write: 'full' };
  return (
    side.capabilities.find((capability) => capability.concept === concept) ?? {
      concept,
      read: 'none',
      write: 'none',
    }
  );
}

/**
 * What happens to a concept going from `source` to `target`: ✓ maps (read in full, written in full), ≈ approximated
 * (either side partial), ✗ dropped by the target's writer, — not read from the source. `explained` names the
 * sides whose notes explain the mark.
 */
export function pairMark(
  read: Capability,
  write: Capability,
): { mark: PairMark; explained: ('read' | 'write')[] } {
  if (read.read === 'none') return { mark: '—', explained: ['read'] };
  if (write.write === 'none') return { mark: '✗', explained: ['write'] };
  const explained: ('read' | 'write')[] = [];
  if (read.read === 'partial') explained.push('read');
  if (write.write === 'partial') explained.push('write');
  return { mark: explained.length > 0 ? '≈' : '✓', explained };
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * docs/translator-pairs.md: for every source format and every other target format, which concepts map, which are
 * approximated and which are dropped, from the same capability declarations as docs/supported-elements.md.
 * Deterministic: same registry, same bytes.
 */
export function renderTranslatorPairs(translators: readonly FileTranslator[] = FILE_TRANSLATORS): string {
  const order = Object.keys(SHORT_NAMES);
  const rank = (side: Side) => (order.includes(side.id) ? order.indexOf(side.id) : order.length);
  // Analysis tools first, then the exchange formats, then Gusset's own: the order engineers read them in.
  const sides = translators.map(sideOf).sort((a, b) => rank(a) - rank(b));
  const lines: string[] = [
    '<!-- Generated by `npm run docs:supported` from the capabilities each translator declares',
    '     (src/engine/formats/<tool>/index.ts). Do not edit: a test fails when this page and the code differ. -->',
    '',
    '# Translator pairs: what maps, what is approximated, what is dropped',
    '',
    'For every format Gusset reads (one table each) and every format it writes (the columns), what happens to each',
    'concept on the way, from the capabilities the translators declare (the same ones behind',
    '[supported-elements.md](supported-elements.md); [formats.md](formats.md) explains each translator).',
    '',
    '- **✓ maps**: the source reads it in full and the target writes it in full.',
    '- **≈ approximated**: one side carries it within limits (the numbered notes); the translation report lists',
    '  each object so changed.',
    '- **✗ dropped**: the target does not write it; the translation report lists each object dropped.',
    '- **— not read**: the source translator does not read it (the format has none, or it is kept as text for the',
    '  same format only), so no other format gets it.',
    '',
    'Each row is the concept the report and the fidelity certificate name (`concept` in a report item). A format',
    'written back to itself keeps, besides, what it read as attributes, so it is not listed as its own target.',
    '',
  ];
  for (const source of sides) {
    const targets = sides.filter((target) => target.id !== source.id);
    // One footnote per side and note, naming every concept it explains: the same sentence is not repeated.
    const footnotes = new Map<string, { number: number; side: Side; note: string; concepts: string[] }>();
    const footnote = (side: Side, capability: Capability, direction: 'read' | 'write'): string => {
      const note = capability.note ?? `${direction} ${capability[direction]}`;
      const key = `${side.id}\u0000${note}`;
      let entry = footnotes.get(key);
      if (entry === undefined) {
        entry = { number: footnotes.size + 1, side, note, concepts: [] };
        footnotes.set(key, entry);
      }
      const words = CONCEPT_ROW_WORDS[capability.concept];
      if (!entry.concepts.includes(words)) entry.concepts.push(words);
      return String(entry.number);
    };
    const counts = targets.map(() => ({ '✓': 0, '≈': 0, '✗': 0, '—': 0 }) as Record<PairMark, number>);

    lines.push(`## From ${source.name} (\`${source.id}\`)`, '', `${cell(source.title)}.`, '');
    lines.push(
      `| Concept | ${targets.map((target) => `→ ${target.name}`).join(' | ')} |`,
      `| --- | ${targets.map(() => ':-:').join(' | ')} |`,
    );
    for (const concept of CAPABILITY_CONCEPT_NAMES) {
      const read = capabilityOf(source, concept);
      const cells = targets.map((target, index) => {
        const write = capabilityOf(target, concept);
        const { mark, explained } = pairMark(read, write);
        counts[index]![mark]++;
        // A ✗ or — with no declared note needs no footnote; a partial side always gets one.
        const numbers = explained
          .map((direction) =>
            direction === 'read'
              ? ({ side: source, capability: read, direction } as const)
              : ({ side: target, capability: write, direction } as const),
          )
          .filter(
            ({ capability, direction }) =>
              capability.note !== undefined || capability[direction] === 'partial',
          )
          .map(({ side, capability, direction }) => footnote(side, capability, direction))
          .filter((number, at, all) => all.indexOf(number) === at);
        return numbers.length > 0 ? `${mark} ${numbers.join(',')}` : mark;
      });
      lines.push(
        `| ${cell(CONCEPT_ROW_WORDS[concept])} (\`${fidelityOf(concept)}\`) | ${cells.join(' | ')} |`,
      );
    }
    lines.push(
      `| **maps / approximated / dropped / not read** | ${counts
        .map((count) => `${count['✓']} / ${count['≈']} / ${count['✗']} / ${count['—']}`)
        .join(' | ')} |`,
      '',
    );
    for (const { number, side, note, concepts } of footnotes.values()) {
      lines.push(`${number}. ${side.name}, ${concepts.join('; ')}: ${cell(note)}`);
    }
    if (footnotes.size > 0) lines.push('');
  }
  return lines.join('\n');
}
