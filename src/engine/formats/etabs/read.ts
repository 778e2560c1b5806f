import type {
  AnalysisFunction,
  AreaAutoMesh,
  AreaElement,
  AreaLoad,
  AttributeValue,
  Attributes,
  Diaphragm,
  Element,
  FrameAutoMesh,
  FrameElement,
  FrameProfile,
  Grid,
  Group,
  Level,
  LinearLoad,
  LinkProperty,
  LoadCase,
  LoadCombination,
  LoadDirection,
  LoadPattern,
  Material,
  MaterialKind,
  Model,
  Node,
  PointLoad,
  Profile,
  Releases,
  Restraint,
  SectionShape,
  Source,
  SpringProperty,
} from '../../schema';
import { emptyModel, MATERIAL_KINDS, noEndReleases, setAttribute } from '../../schema';
import { decodeText } from '../../text/encoding';
import type { QuantityFactors, UnitSystem } from '../../units';
import {
  parseForceUnit,
  parseLengthUnit,
  parseTemperatureUnit,
  quantityFactors,
  UnknownUnitError,
} from '../../units';
import { checkLimit, type ReadLimits } from '../limits';
import { ParseError } from '../parseError';
import type { FidelityConcept, ReportWhere } from '../report';
import { ReportBuilder } from '../report';
import type { ReadResult } from '../types';
import {
  AREAASSIGN_MODIFIERS,
  FRAMESECTION_MODIFIERS,
  FUNCTIONS_SECTION,
  LINEASSIGN_MODIFIERS,
  SHELLPROP_MODIFIERS,
  takeCaseParameters,
  takeFunction,
  takeModifiers,
} from './analysis';
import { normalizeTitle, SECTION } from './dialect';
import { isotropicShearModulus } from './materialRules';
import type { E2kLine } from './tokenizer';
import {
  E2kLineTokens,
  FORMAT_NAME,
  parseE2kNumber,
  quoteE2k,
  scanE2kTokens,
  tokenizeE2kRange,
} from './tokenizer';

/** What the reader keeps of the file itself, under `model.attributes.etabs`, so the writer can answer in kind. */
export interface E2kFileAttributes {
  header: string;
  lineEnding: '\n' | '\r\n';
  /** Every section in file order, with the lines no mapping consumed (written back verbatim). */
  sections: { title: string; lines: string[] }[];
  /** Plan points no story uses: `[label, x, y, dz]` in file units. */
  unusedPoints: (string | number)[][];
}

export const ETABS_ATTRIBUTE_KEY = 'etabs';
/** Attribute keys starting with `$` are ours (never ETABS keys) and are not written as `KEY value` pairs. */
export const META_AREA_TYPE = '$areaType';
/** Load attribute: the DIR word as the file wrote it, when it was not one the reader maps (a blank). */
export const META_DIRECTION_WORD = '$direction';

const SOURCE_TOOL = 'etabs' as const;

/** Appended to the id of an area whose label a line also has (see `areaId`). */
export const AREA_ID_MARK = '#area';

/**
 * The attribute bag of every node, element and load that has no attributes: one frozen object rather than a
 * million empty ones for the garbage collector to copy. Code of this reader that adds attributes to such an
 * object gives it a bag of its own first; anything else that tries to fails loudly instead of changing them all.
 */
const NO_ATTRIBUTES: Attributes = Object.freeze({}) as Attributes;

interface Pair {
  key: string;
  value: string | null;
  quoted: boolean;
  /** Index of the source line within its object, so keys of one line can be grouped. */
  lineIndex: number;
  lineNo: number;
  used: boolean;
}

/** One named object spread over one or more lines (`MATERIAL "x" …` repeated). */
interface NamedObject {
  name: string;
  section: string;
  lineNo: number;
  pairs: Pair[];
}

interface PlanPoint {
  label: string;
  x: number;
  y: number;
  dz: number;
  hasDz: boolean;
  lineNo: number;
  used: boolean;
  /** Its nodes by story index, filled as they are created (a cache of `E2kReader.nodes`). */
  nodes: (Node | undefined)[] | undefined;
}

interface LineDefinition {
  label: string;
  kind: string;
  i: string;
  j: string;
  drop: number;
  lineNo: number;
  /** Where the line sits in the text: sliced only if it is kept as text, not kept a million times over. */
  lineStart: number;
  lineEnd: number;
  /** The plan points of i and j, looked up once when the model is built. */
  planPoints?: [PlanPoint | undefined, PlanPoint | undefined];
}

interface AreaDefinition {
  label: string;
  kind: string;
  points: string[];
  drops: number[];
  lineNo: number;
  lineStart: number;
  lineEnd: number;
  /** The plan points of its vertices, looked up once when the model is built. */
  planPoints?: (PlanPoint | undefined)[];
}

/** Where the key/value pairs of one assignment line sit in the text; tokenised only when the model is built. */
interface AssignmentLine {
  lineNo: number;
  /** After the story token. */
  pairsStart: number;
  lineEnd: number;
}

/**
 * An assignment or load line (`LINEASSIGN "B1" "L3" SECTION …`). Its pairs are not kept from the scan: they are
 * read again from the text when the model is built, so a million of them do not outlive the scan as objects.
 */
interface Assignment extends AssignmentLine {
  name: string;
  story: string;
  lineStart: number;
  section: string;
  /** Later lines for the same object and story, merged into it (ETABS splits long assignments). */
  continuations: AssignmentLine[] | undefined;
}

/**
 * Assignment lines stored by column (strings in arrays, positions in one Int32Array) rather than one object per
 * line: a million objects kept from the scan to the build cost the garbage collector more than building them.
 * Rows are read back as short-lived `Assignment` objects.
 */
class AssignmentTable implements Iterable<Assignment> {
  private readonly names: string[] = [];
  private readonly stories: string[] = [];
  private readonly sections: string[] = [];
  /** lineNo, lineStart, pairsStart, lineEnd of each row. */
  private numbers = new Int32Array(4 * 256);
  private readonly continuations = new Map<number, AssignmentLine[]>();

  get length(): number {
    return this.names.length;
  }

  /** Adds a row and returns its index. */
  push(assignment: Assignment): number {
    const row = this.names.length;
    if ((row + 1) * 4 > this.numbers.length) {
      const grown = new Int32Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.names.push(assignment.name);
    this.stories.push(assignment.story);
    this.sections.push(assignment.section);
    const base = row * 4;
    this.numbers[base] = assignment.lineNo;
    this.numbers[base + 1] = assignment.lineStart;
    this.numbers[base + 2] = assignment.pairsStart;
    this.numbers[base + 3] = assignment.lineEnd;
    return row;
  }

  /** Merges a later line for the same object and story into row `row`. */
  continueRow(row: number, line: AssignmentLine): void {
    let lines = this.continuations.get(row);
    if (!lines) {
      lines = [];
      this.continuations.set(row, lines);
    }
    lines.push(line);
  }

  at(row: number): Assignment {
    const base = row * 4;
    return {
      name: this.names[row] as string,
      story: this.stories[row] as string,
      section: this.sections[row] as string,
      lineNo: this.numbers[base] as number,
      lineStart: this.numbers[base + 1] as number,
      pairsStart: this.numbers[base + 2] as number,
      lineEnd: this.numbers[base + 3] as number,
      continuations: this.continuations.get(row),
    };
  }

  nameList(): readonly string[] {
    return this.names;
  }

  /** Rows merged into an earlier row by `mergeRepeats`; iteration skips them. */
  private merged: Uint8Array | undefined;

  /**
   * ETABS splits one object's assignment over several lines (SECTION… then OFFSETXI…): each later row for the
   * same name and story becomes a continuation of the first. Done once all lines are read, with a slot per level
   * for each name (`levelOf` gives a story's level, or undefined), rather than while scanning with a map entry
   * per row: a million entries kept through the scan cost more to collect than to make.
   */
  mergeRepeats(levelOf: (story: string) => number | undefined, levelCount: number): void {
    const slotsByName = new Map<string, Int32Array>();
    let others: Map<string, Map<string, number>> | undefined;
    let story = '';
    let level: number | undefined;
    for (let row = 0; row < this.names.length; row++) {
      const name = this.names[row] as string;
      if (row === 0 || this.stories[row] !== story) {
        story = this.stories[row] as string;
        level = levelOf(story);
      }
      let first: number;
      if (level !== undefined) {
        let slots = slotsByName.get(name);
        if (!slots) {
          slots = new Int32Array(levelCount).fill(-1);
          slotsByName.set(name, slots);
        }
        first = slots[level] as number;
        if (first < 0) {
          slots[level] = row;
          continue;
        }
      } else {
        others ??= new Map();
        let byName = others.get(story);
        if (!byName) {
          byName = new Map();
          others.set(story, byName);
        }
        const seen = byName.get(name);
        if (seen === undefined) {
          byName.set(name, row);
          continue;
        }
        first = seen;
      }
      const base = row * 4;
      this.continueRow(first, {
        lineNo: this.numbers[base] as number,
        pairsStart: this.numbers[base + 2] as number,
        lineEnd: this.numbers[base + 3] as number,
      });
      (this.merged ??= new Uint8Array(this.names.length))[row] = 1;
    }
  }

  /**
   * Every row in order, as ONE object refilled for each row (and one result object): a loop must read it before
   * its next turn and keep none of it but its strings, which every loop of this reader does.
   */
  [Symbol.iterator](): Iterator<Assignment> {
    let row = 0;
    const current: Assignment = {
      name: '',
      story: '',
      section: '',
      lineNo: 0,
      lineStart: 0,
      pairsStart: 0,
      lineEnd: 0,
      continuations: undefined,
    };
    const result: IteratorResult<Assignment> = { value: current, done: false };
    const merged = this.merged;
    return {
      next: (): IteratorResult<Assignment> => {
        if (merged) while (row < this.names.length && merged[row] === 1) row++;
        if (row >= this.names.length) return { value: undefined, done: true };
        const base = row * 4;
        current.name = this.names[row] as string;
        current.story = this.stories[row] as string;
        current.section = this.sections[row] as string;
        current.lineNo = this.numbers[base] as number;
        current.lineStart = this.numbers[base + 1] as number;
        current.pairsStart = this.numbers[base + 2] as number;
        current.lineEnd = this.numbers[base + 3] as number;
        current.continuations = this.continuations.size === 0 ? undefined : this.continuations.get(row);
        row++;
        return result;
      },
    };
  }
}

interface SectionRecord {
  title: string;
  lines: string[];
}

function pairsFrom(line: E2kLine, start: number, lineIndex: number, out: Pair[]): void {
  const { tokens, quoted } = line;
  for (let index = start; index < tokens.length; index += 2) {
    out.push({
      key: tokens[index] as string,
      value: index + 1 < tokens.length ? (tokens[index + 1] as string) : null,
      quoted: quoted[index + 1] ?? false,
      lineIndex,
      lineNo: line.lineNo,
      used: false,
    });
  }
}

function attributeValue(pair: Pair): AttributeValue {
  if (pair.value === null) return null;
  if (pair.quoted) return pair.value;
  return parseE2kNumber(pair.value) ?? pair.value;
}

/** Unused pairs into a bag; a key met again in the same call becomes an array of its values in order. */
function leftovers(pairs: readonly Pair[], bag: Attributes = {}): Attributes {
  const repeated = new Set<string>();
  for (const pair of pairs) {
    if (pair.used) continue;
    const value = attributeValue(pair);
    if (!Object.hasOwn(bag, pair.key)) {
      setAttribute(bag, pair.key, value);
    } else if (repeated.has(pair.key)) {
      (bag[pair.key] as AttributeValue[]).push(value);
    } else {
      setAttribute(bag, pair.key, [bag[pair.key] as AttributeValue, value]);
      repeated.add(pair.key);
    }
  }
  return bag;
}

function take(pairs: readonly Pair[], key: string): Pair | undefined {
  for (const pair of pairs) {
    if (!pair.used && pair.key === key) {
      pair.used = true;
      return pair;
    }
  }
  return undefined;
}

/** "YES"/"NO" (any case) as a boolean; anything else undefined (the pair then stays an attribute). */
function yesNoValue(pair: Pair | undefined): boolean | undefined {
  const word = pair?.value?.toUpperCase();
  return word === 'YES' ? true : word === 'NO' ? false : undefined;
}

/**
 * A LINEASSIGN's auto-mesh keys: AUTOMESH and MESHATINTERSECTIONS (ETABS 2013+), or ETABS 9's MESH
 * "POINTSANDLINES" (meshed at joints and at intersecting lines). Values it does not know stay attributes.
 */
function takeFrameAutoMesh(pairs: readonly Pair[]): FrameAutoMesh | undefined {
  const auto = take(pairs, 'AUTOMESH');
  const enabled = yesNoValue(auto);
  if (auto && enabled === undefined) auto.used = false;
  const at = take(pairs, 'MESHATINTERSECTIONS');
  const atIntersections = yesNoValue(at);
  if (at && (atIntersections === undefined || enabled === undefined)) at.used = false;
  if (enabled !== undefined) {
    return atIntersections === undefined || !at?.used ? { enabled } : { enabled, atIntersections };
  }
  const legacy = take(pairs, 'MESH');
  if (legacy?.value?.toUpperCase() === 'POINTSANDLINES')
    return { enabled: true, atJoints: true, atIntersections: true };
  if (legacy) legacy.used = false;
  return undefined;
}

const AREA_MESH_MODES: Readonly<Record<string, AreaAutoMesh['mode']>> = {
  DEFAULT: 'default',
  NOAUTOMESH: 'none',
  AUTOMESH: 'auto',
};
const AREA_MESH_AT: Readonly<Record<string, 'beams' | 'walls' | 'grids'>> = {
  BEAMS: 'beams',
  WALLS: 'walls',
  GRIDS: 'grids',
};

/**
 * An AREAASSIGN's mesh keys: OBJMESHTYPE, and with it ETABS 9's MESHAT (repeated), MAXMESHSIZE and LINECONSTRAINT.
 * Without a known OBJMESHTYPE nothing is taken.
 */
function takeAreaAutoMesh(pairs: readonly Pair[], lengthFactor: number): AreaAutoMesh | undefined {
  const type = take(pairs, 'OBJMESHTYPE');
  const mode = type?.value ? AREA_MESH_MODES[type.value.toUpperCase()] : undefined;
  if (!type) return undefined;
  if (mode === undefined) {
    type.used = false;
    return undefined;
  }
  const mesh: AreaAutoMesh = { mode };
  const at: NonNullable<AreaAutoMesh['at']> = [];
  for (const pair of pairs) {
    if (pair.used || pair.key !== 'MESHAT') continue;
    const word = pair.value ? AREA_MESH_AT[pair.value.toUpperCase()] : undefined;
    if (word === undefined) continue;
    pair.used = true;
    at.push(word);
  }
  if (at.length > 0) mesh.at = at;
  const size = take(pairs, 'MAXMESHSIZE');
  const sizeValue = size?.value ? parseE2kNumber(size.value) : undefined;
  if (sizeValue !== undefined && sizeValue >= 0) mesh.maxSize = sizeValue * lengthFactor;
  else if (size) size.used = false;
  const constraint = take(pairs, 'LINECONSTRAINT');
  const constrained = yesNoValue(constraint);
  if (constrained !== undefined) mesh.edgeConstraint = constrained;
  else if (constraint) constraint.used = false;
  return mesh;
}

const MATERIAL_KIND_BY_WORD: Record<string, MaterialKind> = {
  STEEL: 'steel',
  CONCRETE: 'concrete',
  REBAR: 'rebar',
  TENDON: 'tendon',
  ALUMINUM: 'aluminum',
  COLDFORMED: 'coldformed',
  MASONRY: 'masonry',
  OTHER: 'other',
};

export const DIRECTION_BY_WORD: Record<string, LoadDirection> = {
  '1': '1',
  '2': '2',
  '3': '3',
  X: 'X',
  Y: 'Y',
  Z: 'Z',
  GRAV: 'Gravity',
  XPROJ: 'X-projected',
  YPROJ: 'Y-projected',
  ZPROJ: 'Z-projected',
  GRAVPROJ: 'Gravity-projected',
};

export const RELEASE_TOKENS = {
  PI: ['i', 'p'],
  V2I: ['i', 'v2'],
  V3I: ['i', 'v3'],
  TI: ['i', 't'],
  M2I: ['i', 'm2'],
  M3I: ['i', 'm3'],
  PJ: ['j', 'p'],
  V2J: ['j', 'v2'],
  V3J: ['j', 'v3'],
  TJ: ['j', 't'],
  M2J: ['j', 'm2'],
  M3J: ['j', 'm3'],
} as const;

export const RESTRAINT_TOKENS = { UX: 'ux', UY: 'uy', UZ: 'uz', RX: 'rx', RY: 'ry', RZ: 'rz' } as const;

/** The ETABS parametric shapes we map to canonical shapes; other SHAPE words that name a shape type. */
const SHAPE_TYPE_WORDS = new Set([
  'AUTO SELECT',
  'AUTO SELECT LIST',
  'NONPRISMATIC',
  'SD SECTION',
  'GENERAL',
  'STEEL CHANNEL',
  'STEEL ANGLE',
  'STEEL DOUBLE ANGLE',
  'STEEL TEE',
  'STEEL DOUBLE CHANNEL',
  'STEEL PLATE',
  'STEEL ROD',
  'CONCRETE TEE',
  'CONCRETE L',
  'CONCRETE PIPE',
  'CONCRETE BOX',
  'CONCRETE TRAPEZOIDAL',
  'BUCKLING RESTRAINED BRACE',
  'STEEL JOIST',
  'COLD FORMED C',
  'COLD FORMED Z',
]);

/**
 * Objects keyed by `label@story` ids, looked up by label and story. When no story name contains '@', an id
 * splits back into exactly one label and story, so the index keeps, per label, one slot per story: one lookup
 * in a map of plan labels (thousands, not a million ids), and no id string built and hashed per lookup.
 * Otherwise it keys by the id itself, as a single map would.
 */
class StoryIndex<T> {
  private readonly byLabel = new Map<string, (T | undefined)[]>();
  private readonly byId = new Map<string, T>();

  /** `levels`: the place of each level id among the model's levels. */
  constructor(
    private readonly byIdOnly: boolean,
    private readonly levels: ReadonlyMap<string, number>,
  ) {}

  get(label: string, story: string): T | undefined {
    if (this.byIdOnly) return this.byId.get(`${label}@${story}`);
    if (story.includes('@')) {
      const id = `${label}@${story}`;
      const at = id.lastIndexOf('@');
      return this.slot(id.slice(0, at), id.slice(at + 1));
    }
    return this.slot(label, story);
  }

  /** The label last looked up and its slots: a lookup is usually followed by a `set` of the same label. */
  private lastLabel: string | undefined;
  private lastSlots: (T | undefined)[] | undefined;

  private slotsOf(label: string): (T | undefined)[] | undefined {
    if (label === this.lastLabel) return this.lastSlots;
    const slots = this.byLabel.get(label);
    this.lastLabel = label;
    this.lastSlots = slots;
    return slots;
  }

  private slot(label: string, story: string): T | undefined {
    const index = this.levels.get(story);
    if (index === undefined) return this.byId.size === 0 ? undefined : this.byId.get(`${label}@${story}`);
    return this.slotsOf(label)?.[index];
  }

  /** `story` is a level id. */
  set(label: string, story: string, value: T): void {
    const index = this.byIdOnly ? undefined : this.levels.get(story);
    if (index === undefined) {
      this.byId.set(`${label}@${story}`, value);
      return;
    }
    let slots = this.slotsOf(label);
    if (!slots) {
      // Filled up front: assigning a high index first would make a sparse (dictionary) array.
      slots = new Array<T | undefined>(this.levels.size).fill(undefined);
      this.byLabel.set(label, slots);
      this.lastSlots = slots;
    }
    slots[index] = value;
  }
}

/**
 * How many loads have had the id `prefix:target:pattern` so far. When no pattern name contains ':', such an id
 * splits back into one prefix, target and pattern, so counts are kept per prefix and pattern and looked up by
 * the target's own id string (already hashed), or by the target object itself when the caller has it (one
 * object per id, and no id string to hash); otherwise by the id itself.
 */
class LoadIdCounters {
  private readonly byKey = new Map<string, number>();
  private readonly byPattern = new Map<string, Map<string, Map<unknown, number>>>();

  constructor(private readonly perPattern: boolean) {}

  /** A prefix is always counted with a `targetObject`, or always without one. */
  next(prefix: string, target: string, pattern: string, key: string, targetObject?: object): number {
    if (!this.perPattern) {
      const count = (this.byKey.get(key) ?? 0) + 1;
      this.byKey.set(key, count);
      return count;
    }
    let byPrefix = this.byPattern.get(pattern);
    if (!byPrefix) {
      byPrefix = new Map();
      this.byPattern.set(pattern, byPrefix);
    }
    let byTarget = byPrefix.get(prefix);
    if (!byTarget) {
      byTarget = new Map();
      byPrefix.set(prefix, byTarget);
    }
    const targetKey = targetObject ?? target;
    const count = (byTarget.get(targetKey) ?? 0) + 1;
    byTarget.set(targetKey, count);
    return count;
  }
}

class E2kReader {
  /** Maps every line through the general path; only to check the fast paths against it. */
  constructor(
    private readonly generalOnly = false,
    private readonly limits: ReadLimits = {},
  ) {}

  private readonly report = new ReportBuilder();
  private readonly sections: SectionRecord[] = [];
  private current: SectionRecord | undefined;
  private currentTitle = '';
  private header = '';
  private sawEnd = false;
  private lineEnding: '\n' | '\r\n' = '\n';
  private version: string | undefined;
  private unitLine: E2kLine | undefined;

  private readonly storyLines: NamedObject[] = [];
  private readonly named = new Map<string, Map<string, NamedObject>>();
  private readonly grids: { line: E2kLine; general: boolean }[] = [];
  private readonly planPoints = new Map<string, PlanPoint>();
  private readonly lineDefinitions = new Map<string, LineDefinition>();
  private readonly areaDefinitions = new Map<string, AreaDefinition>();
  private readonly pointAssigns = new AssignmentTable();
  private readonly lineAssigns = new AssignmentTable();
  private readonly areaAssigns = new AssignmentTable();
  private readonly pointLoads = new AssignmentTable();
  private readonly lineLoads = new AssignmentTable();
  private readonly areaLoads = new AssignmentTable();
  private readonly groupLines: E2kLine[] = [];
  private readonly sourceCounts = new Map<string, number>();
  private text = '';
  /** Scratch space for tokenising assignment pairs at build time. */
  private readonly pairTokens = new E2kLineTokens();

  read(bytes: Uint8Array): ReadResult {
    if (bytes.length === 0) throw new ParseError(FORMAT_NAME, 0, 'the file is empty');
    if (looksBinary(bytes)) throw new ParseError(FORMAT_NAME, 0, 'the file is binary, not ETABS text');
    const { text } = decodeText(bytes);
    this.text = text;
    this.pairTokens.text = text;
    const firstBreak = text.indexOf('\n');
    if (firstBreak > 0 && text.charCodeAt(firstBreak - 1) === 0x0d) this.lineEnding = '\r\n';
    let sawContent = false;
    scanE2kTokens(text, {
      section: (rawTitle, lineNo) => {
        if (!sawContent && /^File /i.test(rawTitle)) {
          this.header = rawTitle;
          sawContent = true;
          return;
        }
        sawContent = true;
        this.startSection(rawTitle, lineNo);
      },
      data: (tokens) => {
        if (!sawContent)
          throw new ParseError(FORMAT_NAME, tokens.lineNo, 'data before any `$` section header');
        sawContent = true;
        this.dataLine(tokens);
      },
    });
    this.countKeywordRun();
    if (!sawContent) throw new ParseError(FORMAT_NAME, 0, 'the file has no ETABS sections');
    if (this.sections.length === 0) throw new ParseError(FORMAT_NAME, 1, 'the file has no ETABS sections');
    if (!this.sawEnd) this.report.warning('$ END OF MODEL FILE', 'missing: the file may be truncated');
    return this.build();
  }

  private startSection(rawTitle: string, lineNo: number): void {
    const title = normalizeTitle(rawTitle);
    if (title === '') throw new ParseError(FORMAT_NAME, lineNo, 'a `$` line without a section title');
    if (title === SECTION.end) this.sawEnd = true;
    this.current = { title: rawTitle, lines: [] };
    this.currentTitle = title;
    this.sections.push(this.current);
  }

  private keep(line: E2kLine): void {
    this.current?.lines.push(line.text);
  }

  private namedObject(kind: string, line: E2kLine): NamedObject | undefined {
    const name = line.tokens[1];
    if (name === undefined || line.quoted[1] !== true) return undefined;
    let byName = this.named.get(kind);
    if (!byName) {
      byName = new Map();
      this.named.set(kind, byName);
    }
    let object = byName.get(name);
    if (!object) {
      object = { name, section: this.currentTitle, lineNo: line.lineNo, pairs: [] };
      byName.set(name, object);
    }
    const lineIndex =
      object.pairs.length === 0 ? 0 : (object.pairs[object.pairs.length - 1] as Pair).lineIndex + 1;
    pairsFrom(line, 2, lineIndex, object.pairs);
    return object;
  }

  private assignment(tokens: E2kLineTokens, keyword: string): Assignment | undefined {
    if (tokens.count < 3 || !tokens.isQuoted(1) || !tokens.isQuoted(2)) return undefined;
    this.lastStory = tokens.tokenLike(2, this.lastStory);
    const name = tokens.token(1);
    // The label of the plan object already read under this name: an equal string, shared rather than kept once
    // per story, with its hash already computed for the lookups to come.
    const label =
      keyword === 'LINEASSIGN' || keyword === 'LINELOAD'
        ? this.lineDefinitions.get(name)?.label
        : keyword === 'AREAASSIGN' || keyword === 'AREALOAD'
          ? this.areaDefinitions.get(name)?.label
          : this.planPoints.get(name)?.label;
    return {
      name: label ?? name,
      story: this.lastStory,
      lineNo: tokens.lineNo,
      lineStart: tokens.lineStart,
      pairsStart: tokens.after(2),
      lineEnd: tokens.lineEnd,
      section: this.currentTitle,
      continuations: undefined,
    };
  }

  /** Tokenises the pairs of a single-line assignment into `pairTokens`; false when it has continuation lines. */
  private tokenizePairs(assignment: Assignment): boolean {
    if (assignment.continuations) return false;
    const tokens = this.pairTokens;
    tokens.count = 0;
    tokens.lineNo = assignment.lineNo;
    tokenizeE2kRange(this.text, assignment.pairsStart, tokens);
    return tokens.count % 2 === 0;
  }

  /** Recently seen values, so repeated section, diaphragm and pattern names share one string. */
  private readonly recent = { section: '', shell: '', diaphragm: '', pattern: '' };

  /** The name of a defined FRAMESECTION/SHELLPROP given by pair token `index`, or undefined. */
  private definedName(kind: 'FRAMESECTION' | 'SHELLPROP', index: number): string | undefined {
    const slot = kind === 'FRAMESECTION' ? 'section' : 'shell';
    const previous = this.recent[slot];
    const value = this.pairTokens.tokenLike(index, previous);
    // The named objects are all read before the build, so a name repeated from the last line is defined or not
    // as it was then: no lookup.
    if (value === previous && this.recentDefined[slot] !== undefined) {
      return this.recentDefined[slot] ? value : undefined;
    }
    this.recent[slot] = value;
    const defined = value !== '' && this.named.get(kind)?.has(value) === true;
    this.recentDefined[slot] = defined;
    return defined ? value : undefined;
  }

  /** Whether `recent.section` / `recent.shell` name a defined object; undefined until first looked up. */
  private readonly recentDefined: { section: boolean | undefined; shell: boolean | undefined } = {
    section: undefined,
    shell: undefined,
  };

  private readonly releaseTemplates = new Map<string, Releases | undefined>();

  /**
   * `parseReleases`, remembered per text and frozen: the elements released alike share one object (three per
   * element would otherwise outlive the read by the hundred thousand).
   */
  private releasesFrom(text: string): Releases | undefined {
    let template = this.releaseTemplates.get(text);
    if (template === undefined && !this.releaseTemplates.has(text)) {
      const parsed = parseReleases(text);
      template =
        parsed && Object.freeze({ ...parsed, i: Object.freeze(parsed.i), j: Object.freeze(parsed.j) });
      this.releaseTemplates.set(text, template);
    }
    return template;
  }

  /**
   * The common LINEASSIGN (one line; SECTION, ANG, CARDINALPT, RELEASE at most once each, all valid), mapped
   * straight from the token positions. Anything else returns false with `element` untouched, and the general
   * path (which reports what it keeps or drops) maps it: both give the same element.
   */
  private fastLineAssign(
    assignment: Assignment,
    id: string,
    name: string,
    type: FrameElement['type'],
    startNodeId: string,
    endNodeId: string,
    levelId: string,
  ): FrameElement | undefined {
    if (!this.tokenizePairs(assignment)) return undefined;
    const tokens = this.pairTokens;
    let section = -1;
    let angle = -1;
    let cardinal = -1;
    let release = -1;
    for (let index = 0; index < tokens.count; index += 2) {
      if (section < 0 && tokens.equals(index, 'SECTION')) section = index + 1;
      else if (angle < 0 && tokens.equals(index, 'ANG')) angle = index + 1;
      else if (cardinal < 0 && tokens.equals(index, 'CARDINALPT')) cardinal = index + 1;
      else if (release < 0 && tokens.equals(index, 'RELEASE')) release = index + 1;
      else return undefined;
    }
    const profileId = section < 0 ? undefined : this.definedName('FRAMESECTION', section);
    if (section >= 0 && profileId === undefined) return undefined;
    const angleValue = angle < 0 ? undefined : parseE2kNumber(tokens.token(angle));
    if (angle >= 0 && angleValue === undefined) return undefined;
    const cardinalValue = cardinal < 0 ? undefined : parseE2kNumber(tokens.token(cardinal));
    if (
      cardinal >= 0 &&
      (cardinalValue === undefined ||
        !Number.isInteger(cardinalValue) ||
        cardinalValue < 1 ||
        cardinalValue > 11)
    ) {
      return undefined;
    }
    const releases = release < 0 ? undefined : this.releasesFrom(tokens.token(release));
    if (release >= 0 && releases === undefined) return undefined;
    // The usual combinations as one literal each (keys in the order the lines below add them): an element given
    // its fields after it was made carries a second object for them, a million of which the GC must copy.
    if (profileId !== undefined && angleValue === undefined) {
      const source = this.source();
      const attributes = NO_ATTRIBUTES;
      if (cardinalValue === undefined && releases === undefined) {
        return { id, source, name, type, startNodeId, endNodeId, levelId, attributes, profileId };
      }
      if (cardinalValue !== undefined && releases === undefined) {
        return {
          id,
          source,
          name,
          type,
          startNodeId,
          endNodeId,
          levelId,
          attributes,
          profileId,
          cardinalPoint: cardinalValue,
        };
      }
      if (cardinalValue !== undefined) {
        return {
          id,
          source,
          name,
          type,
          startNodeId,
          endNodeId,
          levelId,
          attributes,
          profileId,
          cardinalPoint: cardinalValue,
          releases,
        };
      }
    }
    if (profileId !== undefined && angleValue !== undefined && cardinalValue === undefined && !releases) {
      const source = this.source();
      const attributes = NO_ATTRIBUTES;
      return {
        id,
        source,
        name,
        type,
        startNodeId,
        endNodeId,
        levelId,
        attributes,
        profileId,
        orientationAngle: angleValue,
      };
    }
    const element: FrameElement = {
      id,
      source: this.source(),
      name,
      type,
      startNodeId,
      endNodeId,
      levelId,
      attributes: NO_ATTRIBUTES,
    };
    if (profileId !== undefined) element.profileId = profileId;
    if (angleValue !== undefined) element.orientationAngle = angleValue;
    if (cardinalValue !== undefined) element.cardinalPoint = cardinalValue;
    if (releases !== undefined) element.releases = releases;
    return element;
  }

  /** The common AREAASSIGN (one line; SECTION, DIAPH, ANG at most once each, all valid); see fastLineAssign. */
  private fastAreaAssign(
    assignment: Assignment,
    element: AreaElement,
    diaphragms: ReadonlySet<string>,
  ): AreaElement | undefined {
    if (!this.tokenizePairs(assignment)) return undefined;
    const tokens = this.pairTokens;
    let section = -1;
    let diaphragm = -1;
    let angle = -1;
    for (let index = 0; index < tokens.count; index += 2) {
      if (section < 0 && tokens.equals(index, 'SECTION')) section = index + 1;
      else if (diaphragm < 0 && tokens.equals(index, 'DIAPH')) diaphragm = index + 1;
      else if (angle < 0 && tokens.equals(index, 'ANG')) angle = index + 1;
      else return undefined;
    }
    const profileId = section < 0 ? undefined : this.definedName('SHELLPROP', section);
    if (section >= 0 && profileId === undefined) return undefined;
    let diaphragmId: string | undefined;
    if (diaphragm >= 0) {
      diaphragmId = tokens.tokenLike(diaphragm, this.recent.diaphragm);
      this.recent.diaphragm = diaphragmId;
      if (diaphragmId === '' || !diaphragms.has(diaphragmId)) return undefined;
    }
    const angleValue = angle < 0 ? undefined : parseE2kNumber(tokens.token(angle));
    if (angle >= 0 && angleValue === undefined) return undefined;
    if (profileId !== undefined && diaphragmId !== undefined && angleValue === undefined) {
      // The usual combination as one literal, as in fastLineAssign.
      const { id, source, name, type, nodeIds, levelId, attributes } = element;
      return { id, source, name, type, nodeIds, levelId, attributes, profileId, diaphragmId };
    }
    if (profileId !== undefined) element.profileId = profileId;
    if (diaphragmId !== undefined) element.diaphragmId = diaphragmId;
    if (angleValue !== undefined) element.orientationAngle = angleValue;
    return element;
  }

  /**
   * The common AREALOAD (one line; TYPE "UNIFF", a defined LC, a mapped DIR, a numeric FVAL, at most once each, on
   * an existing area); see fastLineAssign.
   */
  private fastAreaLoad(
    assignment: Assignment,
    patterns: ReadonlySet<string>,
  ):
    { patternId: string; direction: LoadDirection | undefined; value: number; element: Element } | undefined {
    if (!this.tokenizePairs(assignment)) return undefined;
    const tokens = this.pairTokens;
    let type = -1;
    let direction = -1;
    let pattern = -1;
    let value = -1;
    for (let index = 0; index < tokens.count; index += 2) {
      if (type < 0 && tokens.equals(index, 'TYPE')) type = index + 1;
      else if (direction < 0 && tokens.equals(index, 'DIR')) direction = index + 1;
      else if (pattern < 0 && tokens.equals(index, 'LC')) pattern = index + 1;
      else if (value < 0 && tokens.equals(index, 'FVAL')) value = index + 1;
      else return undefined;
    }
    if (type < 0 || pattern < 0 || tokens.token(type).toUpperCase() !== 'UNIFF') return undefined;
    const patternId = tokens.tokenLike(pattern, this.recent.pattern);
    this.recent.pattern = patternId;
    if (patternId === '' || !patterns.has(patternId)) return undefined;
    const element = this.elementAt('area', assignment.name, assignment.story);
    if (!element) return undefined;
    let mapped: LoadDirection | undefined;
    if (direction >= 0) {
      const word = tokens.token(direction);
      mapped = word === '' ? undefined : DIRECTION_BY_WORD[word.toUpperCase()];
      if (!mapped) return undefined;
    }
    const number = value < 0 ? 0 : parseE2kNumber(tokens.token(value));
    if (number === undefined) return undefined;
    return { patternId, direction: mapped, value: number, element };
  }

  private definitionText(definition: { lineStart: number; lineEnd: number }): string {
    return this.text.slice(definition.lineStart, definition.lineEnd);
  }

  private assignmentText(assignment: Assignment): string {
    return this.text.slice(assignment.lineStart, assignment.lineEnd);
  }

  /**
   * A line or area of a kind we do not map: its definition (once) and each of its assignments are kept as text
   * and written back as they were.
   */
  private keepUnmappedObject(
    keyword: 'LINE' | 'AREA',
    definition: { label: string; kind: string; lineNo: number; lineStart: number; lineEnd: number },
    assignment: Assignment,
    kept: Set<string>,
  ): void {
    const [definitions, assignments] =
      keyword === 'LINE' ? [SECTION.lines, SECTION.lineAssigns] : [SECTION.areas, SECTION.areaAssigns];
    if (!kept.has(definition.label)) {
      kept.add(definition.label);
      this.keepIn(definitions, this.definitionText(definition));
      this.report.dropped(
        keyword,
        `${keyword.toLowerCase()} type ${definition.kind} is not mapped; kept as text`,
        {
          id: definition.label,
          line: definition.lineNo,
          concept: 'element',
        },
      );
    }
    this.keepIn(assignments, this.assignmentText(assignment));
  }

  /** The pairs of an assignment and its continuation lines, each line numbered as if merged when read. */
  private pairsOf(assignment: Assignment): Pair[] {
    const pairs: Pair[] = [];
    this.pairsIn(assignment, 0, pairs);
    if (assignment.continuations) {
      for (const line of assignment.continuations) {
        this.pairsIn(line, (pairs[pairs.length - 1]?.lineIndex ?? 0) + 1, pairs);
      }
    }
    return pairs;
  }

  private pairsIn(line: AssignmentLine, lineIndex: number, out: Pair[]): void {
    const tokens = this.pairTokens;
    tokens.count = 0;
    tokens.lineNo = line.lineNo;
    tokenizeE2kRange(this.text, line.pairsStart, tokens);
    for (let index = 0; index < tokens.count; index += 2) {
      const hasValue = index + 1 < tokens.count;
      out.push({
        key: tokens.token(index),
        value: hasValue ? tokens.token(index + 1) : null,
        quoted: hasValue && tokens.isQuoted(index + 1),
        lineIndex,
        lineNo: line.lineNo,
        used: false,
      });
    }
  }

  /** Lines in the current run of one keyword, added to `sourceCounts` when the run ends (one Map update per run). */
  private keywordRun = 0;

  private countKeywordRun(): void {
    if (this.keywordRun === 0) return;
    const keyword = this.lastKeyword;
    this.sourceCounts.set(keyword, (this.sourceCounts.get(keyword) ?? 0) + this.keywordRun);
    this.keywordRun = 0;
  }

  /** The last keyword token and story seen, so that runs of lines share one string for each. */
  private lastKeywordToken = '';
  private lastKeyword = '';
  private lastStory = '';

  private dataLine(tokens: E2kLineTokens): void {
    if (!tokens.equals(0, this.lastKeywordToken)) {
      this.countKeywordRun();
      this.lastKeywordToken = tokens.token(0);
      this.lastKeyword = this.lastKeywordToken.toUpperCase();
    }
    const keyword = this.lastKeyword;
    this.keywordRun++;
    switch (keyword) {
      case 'POINTASSIGN':
      case 'LINEASSIGN':
      case 'AREAASSIGN': {
        const assignment = this.assignment(tokens, keyword);
        if (assignment) {
          // Lines continuing an earlier one for the same object and story are merged into it by `mergeRepeats`.
          (keyword === 'POINTASSIGN'
            ? this.pointAssigns
            : keyword === 'LINEASSIGN'
              ? this.lineAssigns
              : this.areaAssigns
          ).push(assignment);
          return;
        }
        break;
      }
      case 'POINTLOAD':
      case 'LINELOAD':
      case 'AREALOAD': {
        const assignment = this.assignment(tokens, keyword);
        if (assignment) {
          (keyword === 'POINTLOAD'
            ? this.pointLoads
            : keyword === 'LINELOAD'
              ? this.lineLoads
              : this.areaLoads
          ).push(assignment);
          return;
        }
        break;
      }
      case 'LINE':
        if (this.currentTitle === SECTION.lines && this.lineDefinition(tokens)) return;
        break;
      case 'AREA':
        if (this.currentTitle === SECTION.areas && this.areaDefinition(tokens)) return;
        break;
      default:
        this.otherLine(keyword, tokens.toLine());
        return;
    }
    this.current?.lines.push(tokens.lineText());
  }

  private otherLine(keyword: string, line: E2kLine): void {
    const section = this.currentTitle;
    switch (keyword) {
      case 'PROGRAM':
        if (section === SECTION.programInformation) {
          const pairs: Pair[] = [];
          pairsFrom(line, 2, 0, pairs);
          const version = take(pairs, 'VERSION');
          if (
            line.tokens[1]?.toUpperCase() === 'ETABS' &&
            version?.value &&
            pairs.every((pair) => pair.used)
          ) {
            this.version = version.value;
            return;
          }
        }
        break;
      case 'UNITS':
        if (section === SECTION.controls && line.tokens.length >= 3 && line.tokens.length <= 4) {
          if (this.unitLine) throw new ParseError(FORMAT_NAME, line.lineNo, 'UNITS given twice');
          this.unitLine = line;
          return;
        }
        break;
      case 'STORY':
        if (section === SECTION.stories && line.quoted[1]) {
          const name = line.tokens[1] as string;
          const existing = this.storyLines.find((story) => story.name === name);
          const object = existing ?? { name, section, lineNo: line.lineNo, pairs: [] };
          pairsFrom(line, 2, existing ? 1 : 0, object.pairs);
          if (!existing) this.storyLines.push(object);
          return;
        }
        break;
      case 'GRID':
      case 'GENGRID':
        if (section === SECTION.grids && line.quoted[1]) {
          this.grids.push({ line, general: keyword === 'GENGRID' });
          return;
        }
        break;
      case 'DIAPHRAGM':
        if (section === SECTION.diaphragms && this.namedObject('DIAPHRAGM', line)) return;
        break;
      case 'MATERIAL':
        if (section === SECTION.materials && this.namedObject('MATERIAL', line)) return;
        break;
      case 'FRAMESECTION':
        if (section === SECTION.frameSections && this.namedObject('FRAMESECTION', line)) return;
        break;
      case 'SHELLPROP':
        if (
          (section === SECTION.shellLegacy ||
            section === SECTION.slab ||
            section === SECTION.deck ||
            section === SECTION.wall) &&
          this.namedObject('SHELLPROP', line)
        )
          return;
        break;
      case 'LINKPROP':
        if (section === SECTION.links && this.namedObject('LINKPROP', line)) return;
        break;
      case 'POINTSPRING':
        if (section === SECTION.springs && this.namedObject('POINTSPRING', line)) return;
        break;
      case 'POINT':
        if (section === SECTION.points && this.planPoint(line)) return;
        break;
      case 'LOADPATTERN':
        if (section === SECTION.loadPatterns && this.namedObject('PATTERN', line)) return;
        break;
      case 'LOADCASE':
        if (section === SECTION.staticLoads && this.namedObject('PATTERN', line)) return;
        if (section === SECTION.loadCases && this.namedObject('CASE', line)) return;
        break;
      case 'COMBO':
        if (section === SECTION.combinations && this.namedObject('COMBO', line)) return;
        break;
      case 'FUNCTION':
        if (section === FUNCTIONS_SECTION && this.namedObject('FUNCTION', line)) return;
        break;
      case 'GROUP':
        if (section === SECTION.groups && line.quoted[1]) {
          this.groupLines.push(line);
          return;
        }
        break;
      default:
        break;
    }
    this.keep(line);
  }

  private number(token: string | undefined, lineNo: number, what: string): number {
    const value = token === undefined ? undefined : parseE2kNumber(token);
    if (value === undefined)
      throw new ParseError(FORMAT_NAME, lineNo, `${what}: "${token ?? ''}" is not a number`);
    return value;
  }

  private planPoint(line: E2kLine): boolean {
    const { tokens, quoted, lineNo } = line;
    if (!quoted[1] || tokens.length < 4 || tokens.length > 5) return false;
    const label = tokens[1] as string;
    const point: PlanPoint = {
      label,
      x: this.number(tokens[2], lineNo, `POINT "${label}" x`),
      y: this.number(tokens[3], lineNo, `POINT "${label}" y`),
      dz: tokens.length === 5 ? this.number(tokens[4], lineNo, `POINT "${label}" dz`) : 0,
      hasDz: tokens.length === 5,
      lineNo,
      used: false,
      nodes: undefined,
    };
    if (this.planPoints.has(label)) {
      this.report.warning('POINT', 'defined twice; the last definition is used', {
        id: label,
        line: lineNo,
        concept: 'node',
      });
    }
    this.planPoints.set(label, point);
    checkLimit(FORMAT_NAME, lineNo, 'points', this.planPoints.size, this.limits.maxPoints);
    return true;
  }

  /** A plan point label as the string its POINT line already made (shared, hash computed), else as sliced. */
  private pointLabel(tokens: E2kLineTokens, index: number): string {
    const token = tokens.token(index);
    return this.planPoints.get(token)?.label ?? token;
  }

  /** The last line/area kind token and its upper case, so runs of BEAM lines share one string. */
  private lastKindToken = '';
  private lastKind = '';

  private kindOf(tokens: E2kLineTokens): string {
    if (!tokens.equals(2, this.lastKindToken)) {
      this.lastKindToken = tokens.token(2);
      this.lastKind = this.lastKindToken.toUpperCase();
    }
    return this.lastKind;
  }

  /** Read from the token positions, not an `E2kLine`: a million of these would leave a million line strings. */
  private lineDefinition(tokens: E2kLineTokens): boolean {
    const lineNo = tokens.lineNo;
    if (tokens.count !== 6 || !tokens.isQuoted(1) || !tokens.isQuoted(3) || !tokens.isQuoted(4)) return false;
    const label = tokens.token(1);
    const drop = this.number(tokens.token(5), lineNo, `LINE "${label}" story drop`);
    if (!Number.isInteger(drop) || drop < 0) {
      throw new ParseError(FORMAT_NAME, lineNo, `LINE "${label}": the story drop must be a whole number ≥ 0`);
    }
    if (this.lineDefinitions.has(label)) {
      this.report.warning('LINE', 'defined twice; the last definition is used', {
        id: label,
        line: lineNo,
        concept: 'element',
      });
    }
    this.lineDefinitions.set(label, {
      label,
      kind: this.kindOf(tokens),
      i: this.pointLabel(tokens, 3),
      j: this.pointLabel(tokens, 4),
      drop,
      lineNo,
      lineStart: tokens.lineStart,
      lineEnd: tokens.lineEnd,
    });
    this.checkElements(lineNo);
    return true;
  }

  /** Each line or area definition is at least one element: past the limit, reading stops here. */
  private checkElements(lineNo: number): void {
    const count = this.lineDefinitions.size + this.areaDefinitions.size;
    checkLimit(FORMAT_NAME, lineNo, 'elements', count, this.limits.maxElements);
  }

  private areaDefinition(tokens: E2kLineTokens): boolean {
    const lineNo = tokens.lineNo;
    if (tokens.count < 4 || !tokens.isQuoted(1)) return false;
    const label = tokens.token(1);
    const count = this.number(tokens.token(3), lineNo, `AREA "${label}" vertex count`);
    if (!Number.isInteger(count) || count < 3 || count > 10000) {
      throw new ParseError(
        FORMAT_NAME,
        lineNo,
        `AREA "${label}": the vertex count must be a whole number ≥ 3`,
      );
    }
    if (tokens.count !== 4 + 2 * count) {
      throw new ParseError(
        FORMAT_NAME,
        lineNo,
        `AREA "${label}": expected ${count} points and ${count} story drops`,
      );
    }
    const points: string[] = [];
    const drops: number[] = [];
    for (let index = 0; index < count; index++) {
      if (!tokens.isQuoted(4 + index))
        throw new ParseError(FORMAT_NAME, lineNo, `AREA "${label}": point names are quoted`);
      points.push(this.pointLabel(tokens, 4 + index));
      const drop = this.number(tokens.token(4 + count + index), lineNo, `AREA "${label}" story drop`);
      if (!Number.isInteger(drop) || drop < 0) {
        throw new ParseError(FORMAT_NAME, lineNo, `AREA "${label}": story drops are whole numbers ≥ 0`);
      }
      drops.push(drop);
    }
    if (this.areaDefinitions.has(label)) {
      this.report.warning('AREA', 'defined twice; the last definition is used', {
        id: label,
        line: lineNo,
        concept: 'element',
      });
    }
    this.areaDefinitions.set(label, {
      label,
      kind: this.kindOf(tokens),
      points,
      drops,
      lineNo,
      lineStart: tokens.lineStart,
      lineEnd: tokens.lineEnd,
    });
    this.checkElements(lineNo);
    return true;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Building the model

  private units!: UnitSystem;
  private factors!: QuantityFactors;
  private model!: Model;
  private readonly levelIndex = new Map<string, number>();
  /** Nodes and elements in creation order, and where to find them by label and story. */
  private readonly nodeList: Node[] = [];
  private readonly elementList: Element[] = [];
  private nodeIndex!: StoryIndex<Node>;
  /** `@story` per story index: ids are `label@story`, built with one concatenation. */
  private idSuffixes: string[] = [];
  /**
   * Lines and areas by label and story, in two namespaces: ETABS lets a line and an area share a label ("1"), so
   * an assignment, load or group member finds its object only through its own kind's index.
   */
  private lineIndex!: StoryIndex<number>;
  private areaIndex!: StoryIndex<number>;

  private sharedSource: Source | undefined;

  /** One object shared by everything read (a model of a million objects need not hold a million copies). */
  private source(): Source {
    this.sharedSource ??=
      this.version === undefined ? { tool: SOURCE_TOOL } : { tool: SOURCE_TOOL, version: this.version };
    return this.sharedSource;
  }

  private build(): ReadResult {
    this.readUnits();
    const source = this.source();
    const lengthUnit = this.units.length;
    this.model = emptyModel(
      source,
      lengthUnit === 'MM'
        ? 'mm'
        : lengthUnit === 'CM'
          ? 'cm'
          : lengthUnit === 'M'
            ? 'm'
            : lengthUnit === 'FT'
              ? 'ft'
              : 'in',
    );
    const unitTokens = this.unitLine?.tokens ?? [];
    this.model.sourceUnits = {
      force: unitTokens[1] ?? 'KN',
      length: unitTokens[2] ?? 'M',
      ...(unitTokens[3] === undefined ? {} : { temperature: unitTokens[3] }),
    };
    this.buildLevels();
    this.idSuffixes = this.model.levels.map((level) => `@${level.id}`);
    const byIdOnly = this.model.levels.some((level) => level.id.includes('@'));
    this.nodeIndex = new StoryIndex(byIdOnly, this.levelIndex);
    this.lineIndex = new StoryIndex(byIdOnly, this.levelIndex);
    this.areaIndex = new StoryIndex(byIdOnly, this.levelIndex);
    const levelOf = (story: string): number | undefined => this.levelIndex.get(story);
    for (const table of [this.pointAssigns, this.lineAssigns, this.areaAssigns]) {
      table.mergeRepeats(levelOf, this.model.levels.length);
    }
    this.buildMaterials();
    this.buildProfiles();
    this.buildDiaphragms();
    this.buildSprings();
    this.buildLinkProperties();
    this.buildGrids();
    this.buildPointAssigns();
    this.buildLineElements();
    this.buildAreaElements();
    this.buildPatterns();
    this.buildCases();
    this.buildCombinations();
    this.buildLoads();
    this.buildGroups();
    this.model.nodes = this.nodeList;
    this.model.elements = this.elementList;
    const unusedPoints: (string | number)[][] = [];
    for (const point of this.planPoints.values()) {
      if (!point.used)
        unusedPoints.push(
          point.hasDz ? [point.label, point.x, point.y, point.dz] : [point.label, point.x, point.y],
        );
    }
    const file: E2kFileAttributes = {
      header: this.header,
      lineEnding: this.lineEnding,
      sections: this.sections,
      unusedPoints,
    };
    setAttribute(this.model.attributes, ETABS_ATTRIBUTE_KEY, file as unknown as AttributeValue);
    return {
      model: this.model,
      report: this.report.build(FORMAT_NAME, 'read', this.model, this.sourceCounts),
    };
  }

  private readUnits(): void {
    const line = this.unitLine;
    if (!line) {
      this.report.approximated('UNITS', 'no UNITS line in $ CONTROLS; kN and m assumed');
      this.units = { force: 'KN', length: 'M', temperature: 'C' };
    } else {
      try {
        this.units = {
          force: parseForceUnit(line.tokens[1] as string),
          length: parseLengthUnit(line.tokens[2] as string),
          temperature: line.tokens[3] === undefined ? 'C' : parseTemperatureUnit(line.tokens[3]),
        };
      } catch (error) {
        if (error instanceof UnknownUnitError) {
          throw new ParseError(FORMAT_NAME, line.lineNo, `unknown unit "${error.unit}" in UNITS`);
        }
        throw error;
      }
    }
    this.factors = quantityFactors(this.units);
  }

  /** `where`: the object and concept the number belongs to, for the report when it is not a number. */
  private optionalNumber(pair: Pair | undefined, what: string, where: ReportWhere = {}): number | undefined {
    if (!pair || pair.value === null) return undefined;
    const value = parseE2kNumber(pair.value);
    if (value === undefined) {
      pair.used = false;
      this.report.warning(what, `"${pair.value}" is not a number; kept as an attribute`, {
        ...where,
        line: pair.lineNo,
      });
    }
    return value;
  }

  private buildLevels(): void {
    const count = this.storyLines.length;
    const elevations: number[] = new Array<number>(count).fill(0);
    const heights: (number | undefined)[] = [];
    const explicit: (number | undefined)[] = [];
    for (const story of this.storyLines) {
      const where: ReportWhere = { id: story.name, concept: 'level' };
      heights.push(this.optionalNumber(take(story.pairs, 'HEIGHT'), 'STORY HEIGHT', where));
      explicit.push(this.optionalNumber(take(story.pairs, 'ELEV'), 'STORY ELEV', where));
    }
    for (let index = count - 1; index >= 0; index--) {
      const below = index === count - 1 ? undefined : elevations[index + 1];
      const elevation = explicit[index] ?? (below === undefined ? 0 : below + (heights[index] ?? 0));
      elevations[index] = elevation;
    }
    this.storyLines.forEach((story, index) => {
      const master = take(story.pairs, 'MASTERSTORY');
      const similar = take(story.pairs, 'SIMILARTO');
      const level: Level = {
        id: story.name,
        source: this.source(),
        name: story.name,
        type: 'Level',
        elevation: (elevations[index] as number) * this.factors.length,
        height: (heights[index] ?? 0) * this.factors.length,
        ...(master?.value ? { isMaster: master.value.toUpperCase() === 'YES' } : {}),
        ...(similar?.value ? { similarTo: similar.value } : {}),
        attributes: leftovers(story.pairs),
      };
      this.levelIndex.set(story.name, index);
      this.model.levels.push(level);
    });
  }

  private objects(kind: string): NamedObject[] {
    return [...(this.named.get(kind)?.values() ?? [])];
  }

  private buildMaterials(): void {
    const f = this.factors;
    for (const object of this.objects('MATERIAL')) {
      const { pairs } = object;
      let kind: MaterialKind = 'other';
      const designType = take(pairs, 'DESIGNTYPE');
      let kindFound = false;
      if (designType?.value && MATERIAL_KIND_BY_WORD[designType.value.toUpperCase()]) {
        kind = MATERIAL_KIND_BY_WORD[designType.value.toUpperCase()] as MaterialKind;
        kindFound = true;
      } else if (designType) designType.used = false;
      if (!kindFound) {
        const typePair = pairs.find((pair) => pair.key === 'TYPE' && !pair.used);
        const word = typePair?.value?.toUpperCase();
        if (typePair && word && MATERIAL_KIND_BY_WORD[word]) {
          typePair.used = true;
          kind = MATERIAL_KIND_BY_WORD[word] as MaterialKind;
          kindFound = true;
        }
      }
      if (!kindFound)
        this.report.approximated('MATERIAL', 'no material type; "other" assumed', {
          id: object.name,
          line: object.lineNo,
          concept: 'material',
        });
      const scaled = (key: string, factor: number): number | undefined => {
        const value = this.optionalNumber(take(pairs, key), `MATERIAL ${key}`, {
          id: object.name,
          concept: 'material',
        });
        return value === undefined ? undefined : value * factor;
      };
      const grade = take(pairs, 'GRADE');
      const material: Material = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'Material',
        kind,
        ...(grade?.value ? { grade: grade.value } : {}),
      } as Material;
      const assign = (field: keyof Material, value: number | undefined): void => {
        if (value !== undefined) (material as Record<string, unknown>)[field] = value;
      };
      assign('elasticModulus', scaled('E', f.pressure));
      assign('poissonRatio', scaled('U', 1));
      assign('thermalCoefficient', scaled('A', f.thermalCoefficient));
      assign('unitWeight', scaled('WEIGHTPERVOLUME', f.unitWeight) ?? scaled('W', f.unitWeight));
      assign('massDensity', scaled('MASSPERVOLUME', f.massDensity) ?? scaled('M', f.massDensity));
      assign('shearModulus', scaled('G12', f.pressure));
      // ETABS states E and U of an isotropic material (20+ SYMTYPE, 9.x TYPE) and derives G from them.
      const isotropic = pairs.some(
        (pair) =>
          !pair.used &&
          (pair.key === 'SYMTYPE' || pair.key === 'TYPE') &&
          pair.value?.toUpperCase() === 'ISOTROPIC',
      );
      if (
        isotropic &&
        material.shearModulus === undefined &&
        material.elasticModulus !== undefined &&
        material.poissonRatio !== undefined
      ) {
        material.shearModulus = isotropicShearModulus(material.elasticModulus, material.poissonRatio);
      }
      assign('fy', scaled('FY', f.pressure));
      assign('fu', scaled('FU', f.pressure));
      assign('fc', scaled('FC', f.pressure));
      material.attributes = leftovers(pairs);
      this.model.materials.push(material);
    }
  }

  private materialRef(pair: Pair | undefined, owner: string, ownerId: string): string | undefined {
    if (!pair?.value) return undefined;
    if (this.named.get('MATERIAL')?.has(pair.value)) return pair.value;
    pair.used = false;
    this.report.warning(owner, `material "${pair.value}" is not defined; kept as an attribute`, {
      id: ownerId,
      line: pair.lineNo,
      concept: 'material',
    });
    return undefined;
  }

  private buildProfiles(): void {
    const f = this.factors;
    for (const object of this.objects('FRAMESECTION')) {
      const { pairs } = object;
      const materialId = this.materialRef(take(pairs, 'MATERIAL'), 'FRAMESECTION', object.name);
      const shapePair = take(pairs, 'SHAPE');
      const shapeWord = shapePair?.value ?? '';
      const upper = shapeWord.toUpperCase();
      const dimension = (key: string): number | undefined => {
        const pair = pairs.find((candidate) => candidate.key === key && !candidate.used);
        const value = pair?.value ? parseE2kNumber(pair.value) : undefined;
        return value === undefined ? undefined : value * f.length;
      };
      const use = (...keys: string[]): void => {
        for (const key of keys) take(pairs, key);
      };
      let section: SectionShape;
      const depth = dimension('D');
      const width = dimension('B');
      const flange = dimension('TF');
      const web = dimension('TW');
      // ETABS 9.x writes a rectangle as plain "Rectangular" with the same D and B.
      if (
        (upper === 'CONCRETE RECTANGULAR' || upper === 'RECTANGULAR') &&
        depth !== undefined &&
        width !== undefined
      ) {
        section = { shape: 'rectangle', depth, width };
        use('D', 'B');
      } else if ((upper === 'CONCRETE CIRCLE' || upper === 'STEEL CIRCLE') && depth !== undefined) {
        section = { shape: 'circle', diameter: depth };
        use('D');
      } else if (
        upper === 'STEEL I/WIDE FLANGE' &&
        depth !== undefined &&
        width !== undefined &&
        flange !== undefined &&
        web !== undefined
      ) {
        section = { shape: 'i', depth, flangeWidth: width, flangeThickness: flange, webThickness: web };
        use('D', 'B', 'TF', 'TW');
      } else if (
        upper === 'STEEL TUBE' &&
        depth !== undefined &&
        width !== undefined &&
        flange !== undefined &&
        web !== undefined
      ) {
        section = { shape: 'tube', depth, width, flangeThickness: flange, webThickness: web };
        use('D', 'B', 'TF', 'TW');
      } else if (upper === 'STEEL PIPE' && depth !== undefined && web !== undefined) {
        section = { shape: 'pipe', diameter: depth, wallThickness: web };
        use('D', 'TW');
      } else if (
        shapeWord !== '' &&
        !SHAPE_TYPE_WORDS.has(upper) &&
        !upper.startsWith('CONCRETE ') &&
        !upper.startsWith('STEEL ')
      ) {
        const file = take(pairs, 'FILE');
        section = {
          shape: 'library',
          designation: shapeWord,
          ...(file?.value ? { library: file.value } : {}),
        };
      } else {
        section = { shape: 'general' };
        if (shapePair) shapePair.used = false;
        if (!SHAPE_TYPE_WORDS.has(upper)) {
          this.report.approximated('FRAMESECTION', `shape "${shapeWord}" kept by name only`, {
            id: object.name,
            line: object.lineNo,
            concept: 'section',
          });
        }
      }
      // Properties as ETABS states them for a General section; Gusset writes them so for any shape.
      const properties: NonNullable<FrameProfile['properties']> = {};
      for (const [key, field, factor] of [
        ['AREA', 'area', f.area],
        ['AS2', 'as2', f.area],
        ['AS3', 'as3', f.area],
        ['I33', 'i33', f.inertia],
        ['I22', 'i22', f.inertia],
        ['TORSION', 'j', f.inertia],
      ] as const) {
        const value = this.optionalNumber(take(pairs, key), `FRAMESECTION ${key}`, {
          id: object.name,
          concept: 'section',
        });
        if (value !== undefined) properties[field] = value * factor;
      }
      const modifiers = takeModifiers(pairs, FRAMESECTION_MODIFIERS);
      const profile: Profile = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'Profile',
        kind: 'frame',
        ...(materialId ? { materialId } : {}),
        section,
        ...(Object.keys(properties).length > 0 ? { properties } : {}),
        ...(modifiers ? { modifiers } : {}),
        attributes: leftovers(pairs),
      };
      this.model.profiles.push(profile);
    }
    for (const object of this.objects('SHELLPROP')) {
      const { pairs } = object;
      const materialId = this.materialRef(take(pairs, 'MATERIAL'), 'SHELLPROP', object.name);
      const propType = take(pairs, 'PROPTYPE');
      const useWord = (propType?.value ?? '').toUpperCase();
      const use =
        useWord === 'SLAB' ? 'slab' : useWord === 'DECK' ? 'deck' : useWord === 'WALL' ? 'wall' : 'other';
      if (use === 'other' && propType) propType.used = false;
      const modeling = take(pairs, 'MODELINGTYPE');
      let thickness: number | undefined;
      for (const key of ['SLABTHICKNESS', 'WALLTHICKNESS', 'TM']) {
        const pair = pairs.find((candidate) => candidate.key === key && !candidate.used);
        const value = pair?.value ? parseE2kNumber(pair.value) : undefined;
        if (pair && value !== undefined) {
          pair.used = true;
          thickness = value * this.factors.length;
          break;
        }
      }
      const profile: Profile = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'Profile',
        kind: 'shell',
        ...(materialId ? { materialId } : {}),
        use,
        ...(modeling?.value ? { behaviour: modeling.value } : {}),
        ...(thickness === undefined ? {} : { thickness }),
        attributes: {},
      };
      const modifiers = takeModifiers(pairs, SHELLPROP_MODIFIERS);
      if (modifiers) profile.modifiers = modifiers;
      profile.attributes = leftovers(pairs);
      this.model.profiles.push(profile);
    }
  }

  private buildDiaphragms(): void {
    for (const object of this.objects('DIAPHRAGM')) {
      const type = take(object.pairs, 'TYPE');
      const word = (type?.value ?? '').toUpperCase();
      const rigidity =
        word === 'RIGID' ? 'rigid' : word === 'SEMIRIGID' || word === 'SEMI-RIGID' ? 'semi-rigid' : undefined;
      if (!rigidity) {
        if (type) type.used = false;
        this.report.approximated('DIAPHRAGM', 'no rigidity given; rigid assumed', {
          id: object.name,
          line: object.lineNo,
          concept: 'diaphragm',
        });
      }
      const diaphragm: Diaphragm = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'Diaphragm',
        rigidity: rigidity ?? 'rigid',
        attributes: leftovers(object.pairs),
      };
      this.model.diaphragms.push(diaphragm);
    }
  }

  private buildSprings(): void {
    const f = this.factors;
    for (const object of this.objects('POINTSPRING')) {
      const value = (key: string, factor: number): number => {
        const pair = take(object.pairs, key);
        return (
          (this.optionalNumber(pair, `POINTSPRING ${key}`, { id: object.name, concept: 'spring' }) ?? 0) *
          factor
        );
      };
      const spring: SpringProperty = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'SpringProperty',
        ux: value('UX', f.translationalStiffness),
        uy: value('UY', f.translationalStiffness),
        uz: value('UZ', f.translationalStiffness),
        rx: value('RX', f.rotationalStiffness),
        ry: value('RY', f.rotationalStiffness),
        rz: value('RZ', f.rotationalStiffness),
        attributes: {},
      };
      spring.attributes = leftovers(object.pairs);
      this.model.springProperties.push(spring);
    }
  }

  private buildLinkProperties(): void {
    for (const object of this.objects('LINKPROP')) {
      const type = take(object.pairs, 'TYPE');
      const property: LinkProperty = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'LinkProperty',
        linkType: type?.value ?? '',
        stiffness: {},
        attributes: leftovers(object.pairs),
      };
      this.model.linkProperties.push(property);
    }
  }

  private buildGrids(): void {
    const seen = new Set<string>();
    for (const { line, general } of this.grids) {
      const system = line.tokens[1] as string;
      const pairs: Pair[] = [];
      pairsFrom(line, 2, 0, pairs);
      const label = take(pairs, 'LABEL')?.value ?? '';
      let geometry: Grid['geometry'] | undefined;
      let unlabelledId: string | undefined;
      if (general) {
        const values = ['X1', 'Y1', 'X2', 'Y2'].map((key) =>
          this.optionalNumber(take(pairs, key), `GENGRID ${key}`, { concept: 'grid' }),
        );
        if (values.every((value) => value !== undefined)) {
          const [x1, y1, x2, y2] = values.map((value) => (value as number) * this.factors.length) as [
            number,
            number,
            number,
            number,
          ];
          geometry = { kind: 'general', start: { x: x1, y: y1 }, end: { x: x2, y: y2 } };
        }
      } else {
        const direction = take(pairs, 'DIR');
        const coordinate = this.optionalNumber(take(pairs, 'COORD'), 'GRID COORD', { concept: 'grid' });
        const axis = direction?.value?.toUpperCase();
        if ((axis === 'X' || axis === 'Y') && coordinate !== undefined) {
          geometry = { kind: 'axis', direction: axis, coordinate: coordinate * this.factors.length };
          // An unlabelled line is told apart by its axis and coordinate, as the SAP2000 reader names it (12
          // digits: a coordinate converted back from mm reads 95.99999999999999 for 96).
          if (label === '') unlabelledId = `${system}/${axis}/@${Number(coordinate.toPrecision(12))}`;
        }
      }
      if (!geometry) {
        this.report.dropped(general ? 'GENGRID' : 'GRID', 'incomplete grid line; kept as text', {
          id: label,
          line: line.lineNo,
          concept: 'grid',
        });
        this.keepIn(SECTION.grids, line.text);
        continue;
      }
      const base = unlabelledId ?? `${system}/${label}`;
      let id = base;
      for (let suffix = 2; seen.has(id); suffix++) id = `${base}#${suffix}`;
      seen.add(id);
      const grid: Grid = {
        id,
        source: this.source(),
        name: label,
        type: 'Grid',
        system,
        label,
        geometry,
        attributes: leftovers(pairs),
      };
      this.model.grids.push(grid);
    }
  }

  private keepIn(title: string, text: string): void {
    const section = this.sections.find((candidate) => normalizeTitle(candidate.title) === title);
    section?.lines.push(text);
  }

  /** The node for plan point `label` on the story `storyIndex` (0 = top), created on first use. */
  private node(
    label: string,
    storyIndex: number,
    lineNo: number,
    point: PlanPoint | undefined = this.planPoints.get(label),
  ): Node | undefined {
    const cached = point?.nodes?.[storyIndex];
    if (cached) return cached;
    const level = this.model.levels[storyIndex];
    if (!level || !point) {
      this.report.dropped(
        'point',
        !point
          ? `point "${label}" is not defined in $ POINT COORDINATES`
          : `story ${storyIndex + 1} does not exist`,
        { id: label, line: lineNo, concept: 'node' },
      );
      return undefined;
    }
    // No node of this point and story yet: `point.nodes` holds every node made of this point.
    point.used = true;
    const node: Node = {
      id: label + (this.idSuffixes[storyIndex] as string),
      source: this.source(),
      name: label,
      type: 'Node',
      x: point.x * this.factors.length,
      y: point.y * this.factors.length,
      z: level.elevation - point.dz * this.factors.length,
      levelId: level.id,
      attributes: NO_ATTRIBUTES,
    };
    this.nodeIndex.set(label, level.id, node);
    this.nodeList.push(node);
    // Filled with undefined up front: assigning a high index first would make a sparse (dictionary) array.
    (point.nodes ??= new Array<Node | undefined>(this.model.levels.length).fill(undefined))[storyIndex] =
      node;
    return node;
  }

  /** Adds an element, or replaces the one with its id in place (a Map keyed by id keeps the first position). */
  private putElement(
    index: StoryIndex<number>,
    label: string,
    levelId: string,
    existingIndex: number | undefined,
    element: Element,
  ): void {
    if (existingIndex === undefined) {
      index.set(label, levelId, this.elementList.length);
      this.elementList.push(element);
    } else this.elementList[existingIndex] = element;
  }

  private elementAt(kind: 'line' | 'area', label: string, story: string): Element | undefined {
    const index = (kind === 'line' ? this.lineIndex : this.areaIndex).get(label, story);
    return index === undefined ? undefined : this.elementList[index];
  }

  /** The last story looked up and its index: assignments come in runs of one story. */
  private lastStoryLookup: { story: string; index: number | undefined } | undefined;

  /** `concept`: what the assignment would have made (its id is `name@story`, as it would have been). */
  private storyIndexOf(
    assignment: { name: string; story: string; lineNo: number },
    subject: string,
    concept: FidelityConcept,
  ): number | undefined {
    let index: number | undefined;
    const last = this.lastStoryLookup;
    if (last !== undefined && last.story === assignment.story) index = last.index;
    else {
      index = this.levelIndex.get(assignment.story);
      this.lastStoryLookup = { story: assignment.story, index };
    }
    if (index === undefined) {
      this.report.dropped(subject, `story "${assignment.story}" is not defined`, {
        id: `${assignment.name}@${assignment.story}`,
        line: assignment.lineNo,
        concept,
      });
    }
    return index;
  }

  private buildPointAssigns(): void {
    const springs = new Set(this.model.springProperties.map((spring) => spring.id));
    const diaphragms = new Set(this.model.diaphragms.map((diaphragm) => diaphragm.id));
    for (const assignment of this.pointAssigns) {
      const storyIndex = this.storyIndexOf(assignment, 'POINTASSIGN', 'node');
      if (storyIndex === undefined) continue;
      const node = this.node(assignment.name, storyIndex, assignment.lineNo);
      if (!node) continue;
      const pairs = this.pairsOf(assignment);
      const restraint = take(pairs, 'RESTRAINT');
      if (restraint) {
        const parsed = parseRestraint(restraint.value ?? '');
        if (parsed) node.restraint = parsed;
        else {
          restraint.used = false;
          this.report.warning(
            'RESTRAINT',
            `"${restraint.value ?? ''}" is not a set of UX…RZ; kept as an attribute`,
            { id: node.id, line: assignment.lineNo, concept: 'restraint' },
          );
        }
      }
      const spring = take(pairs, 'SPRINGPROP');
      if (spring?.value && springs.has(spring.value)) node.springPropertyId = spring.value;
      else if (spring) spring.used = false;
      const diaphragm = take(pairs, 'DIAPH') ?? take(pairs, 'DIAPHRAGM');
      if (diaphragm?.value && diaphragms.has(diaphragm.value) && diaphragm.key === 'DIAPH')
        node.diaphragmId = diaphragm.value;
      else if (diaphragm) diaphragm.used = false;
      node.attributes = leftovers(pairs, node.attributes === NO_ATTRIBUTES ? {} : node.attributes);
    }
  }

  private profileRef(
    pair: Pair | undefined,
    kind: 'frame' | 'shell',
    owner: string,
    ownerId: string,
  ): string | undefined {
    if (!pair?.value) return undefined;
    const found = this.named.get(kind === 'frame' ? 'FRAMESECTION' : 'SHELLPROP')?.has(pair.value);
    if (found) return pair.value;
    pair.used = false;
    if (pair.value.toUpperCase() !== 'NONE') {
      this.report.warning(owner, `section "${pair.value}" is not defined; kept as an attribute`, {
        id: ownerId,
        line: pair.lineNo,
        concept: 'section',
      });
    }
    return undefined;
  }

  private buildLineElements(): void {
    const typeByKind: Record<string, FrameElement['type']> = {
      COLUMN: 'Column',
      BEAM: 'Beam',
      BRACE: 'Brace',
    };
    const keptLines = new Set<string>();
    for (const assignment of this.lineAssigns) {
      const definition = this.lineDefinitions.get(assignment.name);
      if (!definition) {
        this.report.dropped(
          'LINEASSIGN',
          `line "${assignment.name}" is not defined in $ LINE CONNECTIVITIES`,
          { id: `${assignment.name}@${assignment.story}`, line: assignment.lineNo, concept: 'element' },
        );
        continue;
      }
      const type = typeByKind[definition.kind];
      if (!type) {
        this.keepUnmappedObject('LINE', definition, assignment, keptLines);
        continue;
      }
      const storyIndex = this.storyIndexOf(assignment, 'LINEASSIGN', 'element');
      if (storyIndex === undefined) continue;
      const points = (definition.planPoints ??= [
        this.planPoints.get(definition.i),
        this.planPoints.get(definition.j),
      ]);
      const start = this.node(definition.i, storyIndex + definition.drop, definition.lineNo, points[0]);
      const end = this.node(definition.j, storyIndex, definition.lineNo, points[1]);
      if (!start || !end) continue;
      const level = this.model.levels[storyIndex] as Level;
      const id = definition.label + (this.idSuffixes[storyIndex] as string);
      const existingIndex = this.lineIndex.get(definition.label, level.id);
      if (existingIndex !== undefined) {
        this.report.warning('LINEASSIGN', 'assigned twice on one story; the last assignment is used', {
          id,
          line: assignment.lineNo,
          concept: 'element',
        });
      }
      // The fast path makes its element whole, in one object literal: made here first and then replaced, a
      // million of them would be garbage.
      const fast = this.generalOnly
        ? undefined
        : this.fastLineAssign(assignment, id, definition.label, type, start.id, end.id, level.id);
      if (fast) {
        this.putElement(this.lineIndex, definition.label, level.id, existingIndex, fast);
        continue;
      }
      const element: FrameElement = {
        id,
        source: this.source(),
        name: definition.label,
        type,
        startNodeId: start.id,
        endNodeId: end.id,
        levelId: level.id,
        attributes: NO_ATTRIBUTES,
      };
      const pairs = this.pairsOf(assignment);
      const profileId = this.profileRef(take(pairs, 'SECTION'), 'frame', 'LINEASSIGN', id);
      if (profileId) element.profileId = profileId;
      const angle = this.optionalNumber(take(pairs, 'ANG'), 'ANG', { id, concept: 'localAxis' });
      if (angle !== undefined) element.orientationAngle = angle;
      const cardinal = take(pairs, 'CARDINALPT');
      const cardinalValue = this.optionalNumber(cardinal, 'CARDINALPT', { id, concept: 'cardinalPoint' });
      if (
        cardinalValue !== undefined &&
        Number.isInteger(cardinalValue) &&
        cardinalValue >= 1 &&
        cardinalValue <= 11
      ) {
        element.cardinalPoint = cardinalValue;
      } else if (cardinal) cardinal.used = false;
      const offsetI = this.optionalNumber(take(pairs, 'LENGTHOFFI'), 'LENGTHOFFI', { id, concept: 'offset' });
      const offsetJ = this.optionalNumber(take(pairs, 'LENGTHOFFJ'), 'LENGTHOFFJ', { id, concept: 'offset' });
      if (offsetI !== undefined || offsetJ !== undefined) {
        element.endOffsets = {
          i: (offsetI ?? 0) * this.factors.length,
          j: (offsetJ ?? 0) * this.factors.length,
        };
      }
      const rigid = this.optionalNumber(take(pairs, 'RIGIDZONE'), 'RIGIDZONE', { id, concept: 'rigidZone' });
      if (rigid !== undefined) element.rigidZoneFactor = rigid;
      const autoMesh = takeFrameAutoMesh(pairs);
      if (autoMesh) element.autoMesh = autoMesh;
      const offsets = ['OFFSETXI', 'OFFSETYI', 'OFFSETZI', 'OFFSETXJ', 'OFFSETYJ', 'OFFSETZJ'].map((key) =>
        this.optionalNumber(take(pairs, key), key, { id, concept: 'offset' }),
      );
      if (offsets.some((value) => value !== undefined)) {
        const [xi, yi, zi, xj, yj, zj] = offsets.map(
          (value) => (value ?? 0) * this.factors.length,
        ) as number[];
        element.insertionOffsets = {
          i: { x: xi ?? 0, y: yi ?? 0, z: zi ?? 0 },
          j: { x: xj ?? 0, y: yj ?? 0, z: zj ?? 0 },
        };
      }
      const release = take(pairs, 'RELEASE');
      if (release) {
        const parsed = parseReleases(release.value ?? '');
        if (parsed) element.releases = parsed;
        else {
          release.used = false;
          this.report.dropped(
            'RELEASE',
            `"${release.value ?? ''}" has unknown release names; the member is read fixed-ended (the text is kept as an attribute for ETABS)`,
            { id, line: assignment.lineNo, concept: 'release' },
          );
        }
      }
      const modifiers = takeModifiers(pairs, LINEASSIGN_MODIFIERS);
      if (modifiers) element.modifiers = modifiers;
      // Partial fixity springs have no canonical field: kept for ETABS, said lost for any other tool.
      const fixity = pairs.filter((pair) => !pair.used && /FIX/i.test(pair.key)).map((pair) => pair.key);
      if (fixity.length > 0) {
        this.report.dropped(
          'LINEASSIGN',
          `partial fixity (${fixity.join(', ')}) is not mapped; kept as attributes for ETABS only`,
          { id, line: assignment.lineNo, concept: 'release' },
        );
      }
      element.attributes = leftovers(pairs);
      this.putElement(this.lineIndex, definition.label, level.id, existingIndex, element);
    }
    const assignedLines = new Set(this.lineAssigns.nameList());
    for (const definition of this.lineDefinitions.values()) {
      if (keptLines.has(definition.label)) continue;
      if (!assignedLines.has(definition.label)) {
        this.keepIn(SECTION.lines, this.definitionText(definition));
      }
    }
  }

  /**
   * An area's id: `label@story`, like a line's, unless a line has the same label (ETABS keeps the two apart):
   * then `label@story#area`, so ids stay unique in the elements; the label itself is kept as the name.
   */
  private areaId(label: string, storyIndex: number): string {
    const id = label + (this.idSuffixes[storyIndex] as string);
    return this.lineDefinitions.has(label) ? `${id}${AREA_ID_MARK}` : id;
  }

  private buildAreaElements(): void {
    const typeByKind: Record<string, AreaElement['type']> = { FLOOR: 'Floor', PANEL: 'Wall', AREA: 'Area' };
    const diaphragms = new Set(this.model.diaphragms.map((diaphragm) => diaphragm.id));
    const assigned = new Set<string>();
    const keptAreas = new Set<string>();
    for (const assignment of this.areaAssigns) {
      const definition = this.areaDefinitions.get(assignment.name);
      if (!definition) {
        this.report.dropped(
          'AREAASSIGN',
          `area "${assignment.name}" is not defined in $ AREA CONNECTIVITIES`,
          { id: `${assignment.name}@${assignment.story}`, line: assignment.lineNo, concept: 'element' },
        );
        continue;
      }
      assigned.add(definition.label);
      let type = typeByKind[definition.kind];
      if (!type) {
        this.keepUnmappedObject('AREA', definition, assignment, keptAreas);
        continue;
      }
      const storyIndex = this.storyIndexOf(assignment, 'AREAASSIGN', 'element');
      if (storyIndex === undefined) continue;
      const nodes: Node[] = [];
      const points = (definition.planPoints ??= definition.points.map((label) => this.planPoints.get(label)));
      for (let index = 0; index < definition.points.length; index++) {
        const node = this.node(
          definition.points[index] as string,
          storyIndex + (definition.drops[index] as number),
          definition.lineNo,
          points[index],
        );
        if (node) nodes.push(node);
      }
      if (nodes.length !== definition.points.length) continue;
      const level = this.model.levels[storyIndex] as Level;
      const id = this.areaId(definition.label, storyIndex);
      const nodeIds = nodes.map((node) => node.id);
      const common: AreaElement = {
        id,
        source: this.source(),
        name: definition.label,
        type,
        nodeIds,
        levelId: level.id,
        attributes: NO_ATTRIBUTES,
      };
      const fast = this.generalOnly ? undefined : this.fastAreaAssign(assignment, common, diaphragms);
      if (fast) {
        const existingIndex = this.areaIndex.get(definition.label, level.id);
        if (existingIndex !== undefined) {
          this.report.warning('AREAASSIGN', 'assigned twice on one story; the last assignment is used', {
            id,
            line: assignment.lineNo,
            concept: 'element',
          });
        }
        this.putElement(this.areaIndex, definition.label, level.id, existingIndex, fast);
        continue;
      }
      const pairs = this.pairsOf(assignment);
      const opening = pairs.find((pair) => pair.key === 'OPENING' && !pair.used);
      const attributes: Attributes = {};
      if (opening?.value?.toUpperCase() === 'YES') {
        type = 'Opening';
        setAttribute(attributes, META_AREA_TYPE, definition.kind);
      }
      const element: AreaElement = {
        id,
        source: this.source(),
        name: definition.label,
        type,
        nodeIds,
        levelId: level.id,
        attributes,
      };
      const profileId = this.profileRef(take(pairs, 'SECTION'), 'shell', 'AREAASSIGN', id);
      if (profileId) element.profileId = profileId;
      const diaphragm = take(pairs, 'DIAPH');
      if (diaphragm?.value && diaphragms.has(diaphragm.value)) element.diaphragmId = diaphragm.value;
      else if (diaphragm) diaphragm.used = false;
      const angle = this.optionalNumber(take(pairs, 'ANG'), 'ANG', { id, concept: 'localAxis' });
      if (angle !== undefined) element.orientationAngle = angle;
      const modifiers = takeModifiers(pairs, AREAASSIGN_MODIFIERS);
      if (modifiers) element.modifiers = modifiers;
      const autoMesh = takeAreaAutoMesh(pairs, this.factors.length);
      if (autoMesh) element.autoMesh = autoMesh;
      const existingIndex = this.areaIndex.get(definition.label, level.id);
      if (existingIndex !== undefined) {
        this.report.warning('AREAASSIGN', 'assigned twice on one story; the last assignment is used', {
          id,
          line: assignment.lineNo,
          concept: 'element',
        });
      }
      leftovers(pairs, element.attributes);
      this.putElement(this.areaIndex, definition.label, level.id, existingIndex, element);
    }
    for (const definition of this.areaDefinitions.values()) {
      if (!assigned.has(definition.label)) this.keepIn(SECTION.areas, this.definitionText(definition));
    }
  }

  private buildPatterns(): void {
    for (const object of this.objects('PATTERN')) {
      const type = take(object.pairs, 'TYPE');
      const selfWeight = this.optionalNumber(take(object.pairs, 'SELFWEIGHT'), 'SELFWEIGHT', {
        id: object.name,
        concept: 'pattern',
      });
      const pattern: LoadPattern = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'LoadPattern',
        patternType: type?.value ?? '',
        selfWeightMultiplier: selfWeight ?? 0,
        attributes: leftovers(object.pairs),
      };
      this.model.loadPatterns.push(pattern);
    }
  }

  private buildCases(): void {
    const patterns = new Set(this.model.loadPatterns.map((pattern) => pattern.id));
    for (const object of this.objects('CASE')) {
      const type = take(object.pairs, 'TYPE');
      const loads: LoadCase['loads'] = [];
      const { pairs } = object;
      // Before LOADPAT is read as loads: a Ritz case names its starting patterns with it.
      const parameters = takeCaseParameters(pairs, type?.value ?? '', this.factors.length, patterns);
      for (let index = 0; index < pairs.length; index++) {
        const pair = pairs[index] as Pair;
        if (pair.used || pair.key !== 'LOADPAT' || !pair.value || !patterns.has(pair.value)) continue;
        const next = pairs[index + 1];
        const scale =
          next && next.key === 'SF' && next.lineIndex === pair.lineIndex
            ? parseE2kNumber(next.value ?? '')
            : 1;
        if (scale === undefined) continue;
        pair.used = true;
        if (next && next.key === 'SF' && next.lineIndex === pair.lineIndex) next.used = true;
        loads.push({ patternId: pair.value, scale });
      }
      for (const pair of pairs) {
        if (!pair.used && pair.key === 'LOADPAT') {
          this.report.warning(
            'LOADCASE',
            `pattern "${pair.value ?? ''}" is not defined; kept as an attribute`,
            { id: object.name, line: pair.lineNo, concept: 'case' },
          );
        }
      }
      const loadCase: LoadCase = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'LoadCase',
        caseType: type?.value ?? '',
        loads,
        ...parameters,
        attributes: leftovers(pairs),
      };
      this.model.loadCases.push(loadCase);
    }
    this.buildFunctions();
  }

  /** `$ FUNCTIONS`: spectra and histories the cases refer to; one ETABS cannot be read as such stays as text. */
  private buildFunctions(): void {
    const functions: AnalysisFunction[] = [];
    for (const object of this.objects('FUNCTION')) {
      const fn = takeFunction(object.name, object.pairs);
      if (!fn) {
        let line = -1;
        let text = '';
        for (const pair of object.pairs) {
          if (pair.lineIndex !== line) {
            if (text !== '') this.keepIn(FUNCTIONS_SECTION, text);
            line = pair.lineIndex;
            text = `  FUNCTION ${quoteE2k(object.name)}`;
          }
          text += `  ${pair.key}${pair.value === null ? '' : ` ${pair.quoted ? quoteE2k(pair.value) : pair.value}`}`;
        }
        if (text !== '') this.keepIn(FUNCTIONS_SECTION, text);
        this.report.approximated(
          'FUNCTION',
          'a function type Gusset does not read (it reads user and code response spectra and time histories); kept as ETABS text for ETABS exports, other formats do not get it',
          {
            id: object.name,
            line: object.lineNo,
            concept: 'function',
          },
        );
        continue;
      }
      functions.push({ ...fn, source: this.source(), attributes: leftovers(object.pairs) });
    }
    // Sorted by id: a header list hashes in order, and the model must not depend on the order a file lists them.
    functions.sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
    if (functions.length > 0) this.model.functions = functions;
  }

  private buildCombinations(): void {
    const patterns = new Set(this.model.loadPatterns.map((pattern) => pattern.id));
    const cases = new Set(this.model.loadCases.map((loadCase) => loadCase.id));
    const combos = new Set(this.named.get('COMBO')?.keys() ?? []);
    const kindByKey: Record<string, LoadCombination['items'][number]['kind']> = {
      LOAD: 'pattern',
      LOADCASE: 'case',
      LOADCOMBO: 'combination',
    };
    for (const object of this.objects('COMBO')) {
      const type = take(object.pairs, 'TYPE');
      const items: LoadCombination['items'] = [];
      const { pairs } = object;
      for (let index = 0; index < pairs.length; index++) {
        const pair = pairs[index] as Pair;
        let kind = kindByKey[pair.key];
        if (pair.used || !kind || !pair.value) continue;
        if (kind === 'case' && !cases.has(pair.value) && combos.has(pair.value)) kind = 'combination';
        const known =
          kind === 'pattern'
            ? patterns.has(pair.value)
            : kind === 'case'
              ? cases.has(pair.value)
              : combos.has(pair.value);
        if (!known) {
          this.report.warning('COMBO', `"${pair.value}" is not defined; kept as an attribute`, {
            id: object.name,
            line: pair.lineNo,
            concept: 'combination',
          });
          continue;
        }
        const next = pairs[index + 1];
        const hasScale = next !== undefined && next.key === 'SF' && next.lineIndex === pair.lineIndex;
        const scale = hasScale ? parseE2kNumber(next.value ?? '') : 1;
        if (scale === undefined) continue;
        pair.used = true;
        if (hasScale) next.used = true;
        items.push({ kind, id: pair.value, scale });
      }
      const combination: LoadCombination = {
        id: object.name,
        source: this.source(),
        name: object.name,
        type: 'LoadCombination',
        combinationType: type?.value ?? '',
        items,
        attributes: leftovers(pairs),
      };
      this.model.loadCombinations.push(combination);
    }
  }

  private loadId(
    prefix: string,
    target: string,
    pattern: string,
    counters: LoadIdCounters,
    targetObject?: object,
  ): string {
    const key = `${prefix}:${target}:${pattern}`;
    const count = counters.next(prefix, target, pattern, key, targetObject);
    return count === 1 ? key : `${key}#${count}`;
  }

  private buildLoads(): void {
    const f = this.factors;
    const patterns = new Set(this.model.loadPatterns.map((pattern) => pattern.id));
    const counters = new LoadIdCounters(
      this.model.loadPatterns.every((pattern) => !pattern.id.includes(':')),
    );
    const keepLoad = (assignment: Assignment, reason: string): void => {
      this.keepIn(assignment.section, this.assignmentText(assignment));
      // No load is made: the item names the object it would have loaded.
      this.report.warning(
        this.assignmentText(assignment).trim().split(' ')[0] ?? 'LOAD',
        `${reason}; kept as text`,
        { id: `${assignment.name}@${assignment.story}`, line: assignment.lineNo, concept: 'load' },
      );
    };
    for (const assignment of this.pointLoads) {
      const pairs = this.pairsOf(assignment);
      const type = take(pairs, 'TYPE');
      const pattern = take(pairs, 'LC');
      if (type?.value?.toUpperCase() !== 'FORCE' || !pattern?.value || !patterns.has(pattern.value)) {
        keepLoad(
          assignment,
          type?.value?.toUpperCase() !== 'FORCE'
            ? `point load type ${type?.value ?? '(none)'} is not mapped`
            : `pattern "${pattern?.value ?? ''}" is not defined`,
        );
        continue;
      }
      const storyIndex = this.storyIndexOf(assignment, 'POINTLOAD', 'load');
      if (storyIndex === undefined) continue;
      const node = this.node(assignment.name, storyIndex, assignment.lineNo);
      if (!node) continue;
      const id = this.loadId('point', node.id, pattern.value, counters);
      const component = (key: string, factor: number): number =>
        (this.optionalNumber(take(pairs, key), key, { id, concept: 'load' }) ?? 0) * factor;
      const load: PointLoad = {
        id,
        source: this.source(),
        name: assignment.name,
        type: 'PointLoad',
        nodeId: node.id,
        patternId: pattern.value,
        coordinateSystem: 'global',
        fx: component('FX', f.force),
        fy: component('FY', f.force),
        fz: component('FZ', f.force),
        mx: component('MX', f.moment),
        my: component('MY', f.moment),
        mz: component('MZ', f.moment),
        attributes: {},
      };
      load.attributes = leftovers(pairs);
      this.model.loads.push(load);
    }
    for (const assignment of this.lineLoads) {
      const pairs = this.pairsOf(assignment);
      const type = take(pairs, 'TYPE');
      const pattern = take(pairs, 'LC');
      const word = type?.value?.toUpperCase() ?? '';
      const shape = LINE_LOAD_TYPES[word];
      const element = this.elementAt('line', assignment.name, assignment.story);
      const elementId = element?.id ?? `${assignment.name}@${assignment.story}`;
      if (!shape || !pattern?.value || !patterns.has(pattern.value) || !element) {
        keepLoad(
          assignment,
          !shape
            ? `frame load type ${word || '(none)'} is not mapped`
            : !element
              ? `frame "${elementId}" does not exist`
              : `pattern "${pattern?.value ?? ''}" is not defined`,
        );
        continue;
      }
      // The element found for `${name}@${story}` is the one element with that id: counted by the object.
      const id = this.loadId('line', elementId, pattern.value, counters, element);
      const where: ReportWhere = { id, concept: 'load' };
      const direction = take(pairs, 'DIR');
      let mappedDirection = direction?.value ? DIRECTION_BY_WORD[direction.value.toUpperCase()] : undefined;
      // ETABS 20.3 wrote `DIR " "` on two frame loads of the RAM-bridge example; an ETABS frame load without a
      // direction is a gravity load (its default), and the word itself is kept so ETABS gets it back as written.
      const blankDirection = typeof direction?.value === 'string' && direction.value.trim() === '';
      if (blankDirection) {
        mappedDirection = 'Gravity';
        this.report.approximated('LINELOAD', 'blank DIR read as gravity, the ETABS default direction', {
          ...where,
          line: assignment.lineNo,
        });
      }
      if (direction && !mappedDirection) direction.used = false;
      const valueFactor =
        shape.distribution === 'point'
          ? shape.quantity === 'force'
            ? f.force
            : f.moment
          : shape.quantity === 'force'
            ? f.lineLoad
            : f.lineMoment;
      let distribution: LinearLoad['distribution'];
      if (shape.distribution === 'uniform') {
        const value = (this.optionalNumber(take(pairs, 'FVAL'), 'FVAL', where) ?? 0) * valueFactor;
        distribution = {
          kind: 'distributed',
          relative: true,
          start: 0,
          end: 1,
          startValue: value,
          endValue: value,
        };
      } else if (shape.distribution === 'trapezoidal') {
        distribution = {
          kind: 'distributed',
          relative: true,
          start: this.optionalNumber(take(pairs, 'RDSTART'), 'RDSTART', where) ?? 0,
          end: this.optionalNumber(take(pairs, 'RDEND'), 'RDEND', where) ?? 1,
          startValue: (this.optionalNumber(take(pairs, 'FSTART'), 'FSTART', where) ?? 0) * valueFactor,
          endValue: (this.optionalNumber(take(pairs, 'FEND'), 'FEND', where) ?? 0) * valueFactor,
        };
      } else {
        distribution = {
          kind: 'point',
          relative: true,
          start: this.optionalNumber(take(pairs, 'RDIST'), 'RDIST', where) ?? 0,
          value: (this.optionalNumber(take(pairs, 'FVAL'), 'FVAL', where) ?? 0) * valueFactor,
        };
      }
      const load: LinearLoad = {
        id,
        source: this.source(),
        name: assignment.name,
        type: 'LinearLoad',
        elementId,
        patternId: pattern.value,
        quantity: shape.quantity,
        ...(mappedDirection ? { direction: mappedDirection } : {}),
        distribution,
        attributes: {},
      };
      load.attributes = leftovers(pairs);
      if (blankDirection) setAttribute(load.attributes, META_DIRECTION_WORD, direction.value as string);
      this.model.loads.push(load);
    }
    for (const assignment of this.areaLoads) {
      const fast = this.generalOnly ? undefined : this.fastAreaLoad(assignment, patterns);
      if (fast) {
        // The area's own id (`${name}@${story}`, or marked as an area's), already a string of its own.
        const elementId = fast.element.id;
        const id = this.loadId('area', elementId, fast.patternId, counters, fast.element);
        // Two literals rather than a spread: each gives all loads of its kind one shape, made without a copy.
        const load: AreaLoad = fast.direction
          ? {
              id,
              source: this.source(),
              name: assignment.name,
              type: 'AreaLoad',
              elementId,
              patternId: fast.patternId,
              direction: fast.direction,
              value: fast.value * f.pressure,
              attributes: NO_ATTRIBUTES,
            }
          : {
              id,
              source: this.source(),
              name: assignment.name,
              type: 'AreaLoad',
              elementId,
              patternId: fast.patternId,
              value: fast.value * f.pressure,
              attributes: NO_ATTRIBUTES,
            };
        this.model.loads.push(load);
        continue;
      }
      const pairs = this.pairsOf(assignment);
      const type = take(pairs, 'TYPE');
      const pattern = take(pairs, 'LC');
      const element = this.elementAt('area', assignment.name, assignment.story);
      const elementId = element?.id ?? `${assignment.name}@${assignment.story}`;
      if (
        type?.value?.toUpperCase() !== 'UNIFF' ||
        !pattern?.value ||
        !patterns.has(pattern.value) ||
        !element
      ) {
        keepLoad(
          assignment,
          type?.value?.toUpperCase() !== 'UNIFF'
            ? `area load type ${type?.value ?? '(none)'} is not mapped`
            : !element
              ? `area "${elementId}" does not exist`
              : `pattern "${pattern?.value ?? ''}" is not defined`,
        );
        continue;
      }
      const direction = take(pairs, 'DIR');
      const mappedDirection = direction?.value ? DIRECTION_BY_WORD[direction.value.toUpperCase()] : undefined;
      if (direction && !mappedDirection) direction.used = false;
      const id = this.loadId('area', elementId, pattern.value, counters, element);
      const load: AreaLoad = {
        id,
        source: this.source(),
        name: assignment.name,
        type: 'AreaLoad',
        elementId,
        patternId: pattern.value,
        ...(mappedDirection ? { direction: mappedDirection } : {}),
        value: (this.optionalNumber(take(pairs, 'FVAL'), 'FVAL', { id, concept: 'load' }) ?? 0) * f.pressure,
        attributes: {},
      };
      load.attributes = leftovers(pairs);
      this.model.loads.push(load);
    }
  }

  private buildGroups(): void {
    const groups = new Map<string, Group>();
    for (const line of this.groupLines) {
      const name = line.tokens[1] as string;
      let group = groups.get(name);
      if (!group) {
        group = { id: name, source: this.source(), name, type: 'Group', members: [], attributes: {} };
        groups.set(name, group);
      }
      const kindWord = line.quoted[2] ? undefined : line.tokens[2]?.toUpperCase();
      if (
        (kindWord === 'POINT' || kindWord === 'LINE' || kindWord === 'AREA') &&
        line.tokens.length === 5 &&
        line.quoted[3] &&
        line.quoted[4]
      ) {
        const label = line.tokens[3] as string;
        const story = line.tokens[4] as string;
        // The member's own id: an area's may be marked apart from a line's of the same label.
        const id =
          kindWord === 'POINT'
            ? this.nodeIndex.get(label, story)?.id
            : this.elementAt(kindWord === 'LINE' ? 'line' : 'area', label, story)?.id;
        if (id === undefined) {
          this.report.dropped('GROUP', `member ${kindWord} "${label}@${story}" does not exist`, {
            id: name,
            line: line.lineNo,
            concept: 'group',
          });
          continue;
        }
        group.members.push({ kind: kindWord === 'POINT' ? 'node' : 'element', id });
        continue;
      }
      const pairs: Pair[] = [];
      pairsFrom(line, 2, 0, pairs);
      leftovers(pairs, group.attributes);
    }
    this.model.groups = [...groups.values()];
  }
}

export const LINE_LOAD_TYPES: Record<
  string,
  { quantity: 'force' | 'moment'; distribution: 'uniform' | 'trapezoidal' | 'point' }
> = {
  UNIFF: { quantity: 'force', distribution: 'uniform' },
  TRAPF: { quantity: 'force', distribution: 'trapezoidal' },
  POINTF: { quantity: 'force', distribution: 'point' },
  UNIFM: { quantity: 'moment', distribution: 'uniform' },
  TRAPM: { quantity: 'moment', distribution: 'trapezoidal' },
  POINTM: { quantity: 'moment', distribution: 'point' },
};

function parseRestraint(text: string): Restraint | undefined {
  const restraint: Restraint = {
    type: 'Restraint',
    ux: false,
    uy: false,
    uz: false,
    rx: false,
    ry: false,
    rz: false,
  };
  for (const word of text.split(' ')) {
    if (word === '') continue;
    const dof = RESTRAINT_TOKENS[word.toUpperCase() as keyof typeof RESTRAINT_TOKENS];
    if (!dof) return undefined;
    restraint[dof] = true;
  }
  return restraint;
}

/**
 * ETABS' one named release: `RELEASE "PINNED"` is a beam pinned at both ends, M2 and M3 free at I and J. ETABS
 * 20 writes that set under this word and every other set as a DOF list: across the real files it is never written
 * as "M2I M2J M3I M3J", while "TI M2I M2J M3I M3J" (torsion too) and the one-ended sets are, beside "PINNED".
 */
export const PINNED_RELEASE_WORD = 'PINNED';

export function parseReleases(text: string): Releases | undefined {
  const releases: Releases = { type: 'Releases', i: noEndReleases(), j: noEndReleases() };
  for (const word of text.split(' ')) {
    if (word === '') continue;
    if (word.toUpperCase() === PINNED_RELEASE_WORD) {
      releases.i.m2 = releases.i.m3 = releases.j.m2 = releases.j.m3 = true;
      continue;
    }
    const target = RELEASE_TOKENS[word.toUpperCase() as keyof typeof RELEASE_TOKENS];
    if (!target) return undefined;
    releases[target[0]][target[1]] = true;
  }
  return releases;
}

/** NUL bytes or many control characters in the first 4 KiB mean this is not a text model. */
function looksBinary(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length, 4096);
  let control = 0;
  for (let index = 0; index < limit; index++) {
    const byte = bytes[index] as number;
    if (byte === 0) return !(index % 2 === 1 && (bytes[0] === 0xff || bytes[0] === 0xfe));
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control > limit / 20;
}

/**
 * Reads an ETABS `.e2k` / `.$et` text model. Throws only `ParseError` (with a line number) for input that is not
 * a readable model; everything kept approximately or not at all is listed in the report.
 */
export function readE2k(bytes: Uint8Array, options: E2kReadOptions = {}): ReadResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) {
    throw new ParseError(FORMAT_NAME, 0, `the file is larger than ${Math.round(maxBytes / 1048576)} MiB`);
  }
  return readWith(new E2kReader(false, options.limits), bytes);
}

export interface E2kReadOptions {
  /** Files larger than this are refused before decoding (default 512 MiB: V8 strings stop near 512 M chars). */
  readonly maxBytes?: number;
  /** Plan points and line/area definitions past these stop the reading (ModelLimitError). */
  readonly limits?: ReadLimits;
}

const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * `readE2k` with the fast paths for common assignment and load lines turned off. The two must give the same
 * model and report for every input; this exists so tests can check that.
 */
export function readE2kGeneralPath(bytes: Uint8Array): ReadResult {
  return readWith(new E2kReader(true), bytes);
}

function readWith(reader: E2kReader, bytes: Uint8Array): ReadResult {
  try {
    return reader.read(bytes);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    // A bug in the reader must still surface as a parse failure of this file, never as a crash of the caller.
    throw new ParseError(
      FORMAT_NAME,
      0,
      `unreadable model (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

export { MATERIAL_KINDS };
