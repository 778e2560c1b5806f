import type {
  AreaAutoMesh,
  AttributeValue,
  Attributes,
  Element,
  FrameAutoMesh,
  FrameElement,
  FrameProfile,
  LinearLoad,
  Level,
  Material,
  Model,
  Node,
  Releases,
  Restraint,
} from '../../schema';
import { DOF_NAMES, END_RELEASE_NAMES, isAreaElement, isFrameElement } from '../../schema';
import { unambiguousWindows1252, Windows1252Chunks } from '../../text/encoding';
import type { QuantityFactors, UnitSystem } from '../../units';
import { parseForceUnit, parseLengthUnit, parseTemperatureUnit, quantityFactors } from '../../units';
import type { FidelityConcept } from '../report';
import { ReportBuilder } from '../report';
import { GroupedItems } from '../reportGroups';
import { hasUnequalFlanges } from '../sections';
import { shearModulusRelation, weightMatchesMass } from './materialRules';
import type { WriteResult } from '../types';
import {
  AREAASSIGN_MODIFIERS,
  caseParameterLines,
  caseTypeText,
  etabsCaseType,
  FRAMESECTION_MODIFIERS,
  functionHead,
  functionValueLines,
  FUNCTIONS_SECTION,
  LINEASSIGN_MODIFIERS,
  modifierText,
  SHELLPROP_MODIFIERS,
} from './analysis';
import type { E2kDialect } from './dialect';
import { LEGACY_ORDER, MODERN_ORDER, normalizeTitle, SECTION } from './dialect';
import { reportConstraintLoss } from '../analysisLoss';
import type { E2kFileAttributes } from './read';
import {
  DIRECTION_BY_WORD,
  ETABS_ATTRIBUTE_KEY,
  META_DIRECTION_WORD,
  PINNED_RELEASE_WORD,
  RELEASE_TOKENS,
  RESTRAINT_TOKENS,
} from './read';
import { e2kName, FORMAT_NAME, formatE2kNumber, parseE2kNumber, quoteE2k } from './tokenizer';
import { renameReason } from '../names';

/** The version we claim for models that did not come from ETABS: the dialect of the 20.x fixtures. */
const DEFAULT_VERSION = '20.2.0';

/** AREAASSIGN OBJMESHTYPE words by canonical mode. */
const AREA_MESH_WORDS: Readonly<Record<AreaAutoMesh['mode'], string>> = {
  default: 'DEFAULT',
  none: 'NOAUTOMESH',
  auto: 'AUTOMESH',
};

const WORD_BY_DIRECTION = Object.fromEntries(
  Object.entries(DIRECTION_BY_WORD).map(([word, direction]) => [direction, word]),
);

interface PlanRef {
  label: string;
  storyIndex: number;
}

interface NodeRef extends PlanRef {
  /** The node's index in the model's node list: where `usedNodes` marks it. */
  slot: number;
}

const LINE_KIND = 1;
const AREA_KIND = 2;

function isEtabsObject(object: { source: { tool: string } }): boolean {
  return object.source.tool === 'etabs';
}

function fileAttributes(model: Model): E2kFileAttributes | undefined {
  const value = model.attributes[ETABS_ATTRIBUTE_KEY] as unknown;
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<E2kFileAttributes>;
  if (!Array.isArray(candidate.sections) || typeof candidate.header !== 'string') return undefined;
  return candidate as E2kFileAttributes;
}

function valueText(value: AttributeValue): string | undefined {
  if (typeof value === 'string') return quoteE2k(value);
  if (typeof value === 'number') return Number.isFinite(value) ? formatE2kNumber(value) : undefined;
  if (typeof value === 'boolean') return value ? '"Yes"' : '"No"';
  return undefined;
}

/** What `uniqueNames` calls each list, and the concept its renames are reported under. */
const NAMED_KINDS: Record<string, [string, FidelityConcept]> = {
  MATERIAL: ['material', 'material'],
  FRAMESECTION: ['section', 'section'],
  SHELLPROP: ['section', 'section'],
  LOADPATTERN: ['load pattern', 'pattern'],
  LOADCASE: ['load case', 'case'],
  COMBO: ['load combination', 'combination'],
  DIAPHRAGM: ['diaphragm', 'diaphragm'],
  GROUP: ['group', 'group'],
};

class E2kWriter {
  private readonly report = new ReportBuilder();
  /** Items that stand for many objects of one kind (one item with every id, not one per object). */
  private readonly grouped = new GroupedItems();
  /**
   * Each section's generated lines, encoded as they come (each line preceded by the line ending), so a
   * million-line file keeps byte chunks alive rather than a string per line.
   */
  private readonly generated = new Map<string, Windows1252Chunks>();
  private lineEnding = '\n';
  private dialect: E2kDialect = 'modern';
  private units!: UnitSystem;
  private unitTokens!: [string, string, string | undefined];
  private factors!: QuantityFactors;
  private levels: Level[] = [];
  private readonly levelIndex = new Map<string, number>();
  private readonly nodeRef = new Map<string, NodeRef>();
  /**
   * Written elements by index in the model's list: label, storey and kind in parallel arrays rather than an
   * object per element, which a million-element model would keep alive to the end of the write.
   */
  private readonly elementLabels: string[] = [];
  private elementStories = new Int32Array(0);
  private elementKinds = new Uint8Array(0);
  /** 1 where a frame element was written with its ends swapped (its line loads are mirrored to match). */
  private elementSwapped = new Uint8Array(0);
  private writtenElementCount = 0;
  /** Element ids that loads and groups refer to: only these need a lookup by id. */
  private readonly referencedElements = new Set<string>();
  /** Written elements that something refers to: id → index (the last written, as ids may repeat). */
  private readonly elementRef = new Map<string, number>();
  private writtenIds: Set<string> | undefined;
  /**
   * Nodes the written file puts on a storey (used there by a line, area, point assignment or point load),
   * marked at the `slot` of their `nodeRef`; `usedNodeCount` counts the marks.
   */
  private usedNodes = new Uint8Array(0);
  private usedNodeCount = 0;
  private readonly writtenLoads = new Set<string>();
  /** POINTSPRING names: ETABS names a spring property once and assigns it by that name (SPRINGPROP). */
  private readonly springLabels: Map<string, string>;
  /**
   * The names written for materials, frame sections and shell properties, by id. ETABS refers to these by name,
   * so names must be unique within each list; a model may repeat one (any source can), or name an object other
   * than its id (IFC does), so every reference goes through these maps.
   */
  private readonly materialNames: Map<string, string>;
  private readonly frameSectionNames: Map<string, string>;
  private readonly shellPropNames: Map<string, string>;
  private profileMaterials: Map<string, string> | undefined;
  /**
   * The names written for load patterns, cases and combinations, by id: ETABS refers to them by name (LC, LOADPAT,
   * LOAD), while a model from IFC names them by a GlobalId id, so every reference goes through these maps.
   */
  private readonly patternNames: Map<string, string>;
  private readonly caseNames: Map<string, string>;
  private readonly comboNames: Map<string, string>;
  private readonly diaphragmNames: Map<string, string>;

  constructor(private readonly model: Model) {
    this.springLabels = uniqueLabels(model.springProperties);
    this.materialNames = this.uniqueNames('MATERIAL', model.materials);
    this.frameSectionNames = this.uniqueNames(
      'FRAMESECTION',
      model.profiles.filter((profile) => profile.kind === 'frame'),
    );
    this.shellPropNames = this.uniqueNames(
      'SHELLPROP',
      model.profiles.filter((profile) => profile.kind !== 'frame'),
    );
    this.patternNames = this.uniqueNames('LOADPATTERN', model.loadPatterns);
    this.caseNames = this.uniqueNames('LOADCASE', model.loadCases);
    this.comboNames = this.uniqueNames('COMBO', model.loadCombinations);
    this.diaphragmNames = this.uniqueNames('DIAPHRAGM', model.diaphragms);
  }

  /**
   * A name per object, unique in the list: its own name where no earlier object has it; else its name with the
   * first free suffix, "W12X26 (2)", reported, so each object keeps its own definition and its members.
   */
  private uniqueNames(subject: string, items: readonly { id: string; name: string }[]): Map<string, string> {
    const [what, concept] = NAMED_KINDS[subject] ?? ['section', 'section'];
    const nameOf = (item: { id: string; name: string }): string =>
      e2kName(item.name.trim() === '' ? item.id : item.name);
    const taken = new Set<string>();
    for (const item of items) taken.add(nameOf(item));
    const written = new Set<string>();
    const names = new Map<string, string>();
    for (const item of items) {
      if (names.has(item.id)) continue;
      const wanted = nameOf(item);
      let name = wanted;
      if (item.name !== '' && wanted !== item.name) this.renamed(subject, concept, item.id, item.name);
      if (written.has(name)) {
        for (let suffix = 2; taken.has(name) || written.has(name); suffix++) name = `${wanted} (${suffix})`;
        this.report.approximated(
          subject,
          `another ${what} is also named "${wanted}"; ETABS needs unique names, so this one is written as "${name}"`,
          { id: item.id, concept },
        );
      }
      written.add(name);
      names.set(item.id, name);
    }
    return names;
  }

  write(): WriteResult {
    const model = this.model;
    const file = fileAttributes(model);
    this.lineEnding = file?.lineEnding === '\r\n' ? '\r\n' : '\n';
    this.usedNodes = new Uint8Array(model.nodes.length);
    this.elementStories = new Int32Array(model.elements.length);
    this.elementKinds = new Uint8Array(model.elements.length);
    this.elementSwapped = new Uint8Array(model.elements.length);
    const version =
      model.source.tool === 'etabs' && model.source.version ? model.source.version : DEFAULT_VERSION;
    this.dialect = /^[0-9]\./.test(version) ? 'legacy' : 'modern';
    this.chooseUnits();
    this.emit(SECTION.programInformation, `  PROGRAM  "ETABS"  VERSION ${quoteE2k(version)}  `);
    const [force, length, temperature] = this.unitTokens;
    this.emit(
      SECTION.controls,
      `  UNITS  ${quoteE2k(force)}  ${quoteE2k(length)}  ${temperature === undefined ? '' : `${quoteE2k(temperature)}  `}`,
    );
    this.writeLevels();
    this.writeGrids();
    this.writeDiaphragms();
    this.writeMaterials();
    this.writeProfiles();
    this.writeLinkProperties();
    this.writeSprings();
    this.placeNodesAndElements(file);
    this.writeLoadDefinitions();
    this.writeFunctions();
    this.writeLoads();
    this.writeGroups();
    if (model.results)
      this.report.dropped('results', 'ETABS text models carry no analysis results', { concept: 'results' });
    this.reportNodesNotWritten();
    reportConstraintLoss(this.report, model, 'ETABS text');
    this.grouped.flushInto(this.report);
    const encoded = this.assemble(file);
    const bytes = unambiguousWindows1252(encoded.bytes());
    const unmappable = encoded.unmappable;
    if (unmappable > 0) {
      this.report.approximated('text', `${unmappable} characters outside windows-1252 were written as "?"`);
    }
    // Everything written (distinct ids, all used) is the common case: the lists themselves, no filtering.
    const written: Model = {
      ...model,
      levels: this.levels,
      nodes:
        this.usedNodeCount === model.nodes.length
          ? model.nodes
          : model.nodes.filter((node) => this.isUsed(node.id)),
      elements:
        this.writtenElementCount === model.elements.length
          ? model.elements
          : model.elements.filter((element) => this.writtenElementIds().has(element.id)),
      loads:
        this.writtenLoads.size === model.loads.length
          ? model.loads
          : model.loads.filter((load) => this.writtenLoads.has(load.id)),
      loadCases: this.dialect === 'legacy' ? [] : model.loadCases,
    };
    return { bytes, report: this.report.build(FORMAT_NAME, 'write', written) };
  }

  /**
   * ETABS keeps a point on a storey only where a line, area, point assignment or point load uses it, so a node
   * nothing written uses is lost: said once per cause, with a count and a few of the nodes.
   */
  private writtenElementIds(): Set<string> {
    if (!this.writtenIds) {
      this.writtenIds = new Set();
      const elements = this.model.elements;
      for (let slot = 0; slot < elements.length; slot++) {
        if (this.elementKinds[slot] !== 0) this.writtenIds.add((elements[slot] as Element).id);
      }
    }
    return this.writtenIds;
  }

  private isUsed(nodeId: string): boolean {
    const ref = this.nodeRef.get(nodeId);
    return ref !== undefined && this.usedNodes[ref.slot] === 1;
  }

  private markUsed(ref: NodeRef): void {
    if (this.usedNodes[ref.slot] === 1) return;
    this.usedNodes[ref.slot] = 1;
    this.usedNodeCount++;
  }

  private reportNodesNotWritten(): void {
    // Every node used: none lost (and no ids repeated, which would leave a slot unmarked).
    if (this.usedNodeCount === this.model.nodes.length) return;
    const usedByUnwritten = new Set<string>();
    for (const element of this.model.elements) {
      if (this.writtenElementIds().has(element.id)) continue;
      for (const id of elementNodeIds(element)) usedByUnwritten.add(id);
    }
    const lost = this.model.nodes.filter((node) => this.nodeRef.has(node.id) && !this.isUsed(node.id));
    const orphaned = lost.filter((node) => usedByUnwritten.has(node.id));
    const unused = lost.filter((node) => !usedByUnwritten.has(node.id));
    const examples = (nodes: Node[]): string =>
      nodes
        .slice(0, 5)
        .map((node) => `"${node.id}"`)
        .join(', ') + (nodes.length > 5 ? ', …' : '');
    if (orphaned.length > 0) {
      this.report.dropped(
        'POINT',
        `${orphaned.length} nodes used only by elements not written are not written either (${examples(orphaned)})`,
        { ids: orphaned.map((node) => node.id), concept: 'node' },
      );
    }
    if (unused.length > 0) {
      this.report.dropped(
        'POINT',
        `${unused.length} nodes nothing uses are not written: ETABS keeps a point on a storey only where something uses it (${examples(unused)})`,
        { ids: unused.map((node) => node.id), concept: 'node' },
      );
    }
  }

  private chooseUnits(): void {
    const declared = this.model.sourceUnits;
    if (declared) {
      try {
        this.units = {
          force: parseForceUnit(declared.force),
          length: parseLengthUnit(declared.length),
          temperature: declared.temperature === undefined ? 'C' : parseTemperatureUnit(declared.temperature),
        };
        const etabsSpelling = this.model.source.tool === 'etabs';
        this.unitTokens = etabsSpelling
          ? [declared.force, declared.length, declared.temperature]
          : [this.units.force, this.units.length, this.units.temperature];
        this.factors = quantityFactors(this.units);
        return;
      } catch {
        this.report.approximated(
          'UNITS',
          `source units ${declared.force}, ${declared.length} are not ETABS units; N and mm used`,
        );
      }
    }
    this.units = { force: 'N', length: 'MM', temperature: 'C' };
    this.unitTokens = ['N', 'MM', 'C'];
    this.factors = quantityFactors(this.units);
  }

  private emit(section: string, line: string): void {
    let lines = this.generated.get(section);
    if (!lines) {
      lines = new Windows1252Chunks();
      this.generated.set(section, lines);
    }
    lines.add(this.lineEnding + line);
  }

  /** `  KEYWORD "name" <mapped> <attributes>` plus continuation lines for repeated attribute keys. */
  private emitObject(
    section: string,
    head: string,
    mapped: string,
    object: { source: { tool: string }; attributes: Attributes },
  ): void {
    if (!isEtabsObject(object)) {
      this.emit(section, `  ${head}  ${mapped}`.trimEnd() + '  ');
      return;
    }
    const fragments = this.attributeFragments(object.attributes);
    const first = [mapped, fragments[0] ?? ''].filter((part) => part !== '').join('  ');
    this.emit(section, `  ${head}  ${first}`.trimEnd() + '  ');
    for (let index = 1; index < fragments.length; index++)
      this.emit(section, `  ${head}  ${fragments[index] as string}  `);
  }

  private attributeFragments(bag: Attributes): string[] {
    const fragments: string[][] = [[]];
    for (const key of Object.keys(bag)) {
      // A key is a bare token: one that is not (a space, a quote, a line break) would not read back as one.
      if (key.startsWith('$') || /[\s"]/.test(key) || e2kName(key) !== key || key === '') continue;
      const value = bag[key] as AttributeValue;
      const values = Array.isArray(value) ? value : [value];
      values.forEach((item, index) => {
        const text = item === null ? '' : valueText(item);
        if (text === undefined) return;
        while (fragments.length <= index) fragments.push([]);
        (fragments[index] as string[]).push(text === '' ? key : `${key} ${text}`);
      });
    }
    return fragments
      .map((parts) => parts.join('  '))
      .filter((fragment, index) => index === 0 || fragment !== '');
  }

  private length(valueMm: number): string {
    return formatE2kNumber(valueMm / this.factors.length);
  }

  private writeLevels(): void {
    // ETABS lists stories from the top down and reads each HEIGHT as the distance to the next line; IFC, SAP2000
    // and JSON may give levels bottom-first, so they are sorted (stable: equal elevations keep their order).
    this.levels = this.uniqueStoryNames([...this.model.levels].sort((a, b) => b.elevation - a.elevation));
    if (this.levels.length === 0 && this.model.nodes.length > 0) this.inferLevels();
    this.levels.forEach((level, index) => this.levelIndex.set(level.id, index));
    const reheighted: string[] = [];
    this.levels.forEach((level, index) => {
      const isBase = index === this.levels.length - 1;
      const below = this.levels[index + 1];
      const parts: string[] = [];
      if (isBase) parts.push(`ELEV ${this.length(level.elevation)}`);
      else {
        const expected = (below as Level).elevation + level.height;
        const consistent =
          Math.abs(expected - level.elevation) <= 1e-9 * Math.max(1, Math.abs(level.elevation));
        if (consistent || isEtabsObject(level)) {
          parts.push(`HEIGHT ${this.length(level.height)}`);
          if (!consistent) parts.push(`ELEV ${this.length(level.elevation)}`);
        } else {
          // ETABS stacks stories by HEIGHT: a level from elsewhere (IFC gives none) gets the distance down to
          // the level below, which keeps its elevation.
          parts.push(`HEIGHT ${this.length(level.elevation - (below as Level).elevation)}`);
          reheighted.push(level.id);
        }
      }
      if (level.isMaster !== undefined) parts.push(`MASTERSTORY ${level.isMaster ? '"Yes"' : '"No"'}`);
      if (level.similarTo !== undefined) parts.push(`SIMILARTO ${quoteE2k(level.similarTo)}`);
      this.emitObject(SECTION.stories, `STORY ${quoteE2k(level.name)}`, parts.join('  '), level);
    });
    if (reheighted.length > 0) {
      this.report.approximated(
        'STORY',
        'height written as the distance down to the level below, the only height ETABS knows',
        { ids: reheighted, concept: 'level' },
      );
    }
  }

  /**
   * ETABS names a story once and refers to it by name: a level with no name or a name an earlier level has is
   * written under a fresh one (reported), as a copy, so every reference below uses `level.name`.
   */
  private uniqueStoryNames(levels: Level[]): Level[] {
    const taken = new Set(levels.map((level) => level.name));
    const written = new Set<string>();
    return levels.map((level) => {
      const wanted = e2kName(level.name.trim() === '' ? level.id : level.name);
      let name = wanted;
      if (written.has(name) || (name !== level.name && taken.has(name))) {
        for (let suffix = 2; taken.has(name) || written.has(name); suffix++) name = `${wanted} (${suffix})`;
      }
      written.add(name);
      if (name === level.name) return level;
      this.report.approximated(
        'STORY',
        `story name "${level.name}" is empty, taken or holds characters an e2k name cannot; ETABS needs unique names, so it is written as "${name}"`,
        { id: level.id, concept: 'level' },
      );
      return { ...level, name };
    });
  }

  /**
   * Models without storeys (SAP2000) get one storey per distinct node elevation, named after it in file units,
   * rounded to 1e-6 of the unit so float noise (948.0000000000001) stays out of the name, and made unique.
   */
  private inferLevels(): void {
    const elevations = [...new Set(this.model.nodes.map((node) => Number(node.z.toPrecision(12))))].sort(
      (a, b) => b - a,
    );
    const names = new Set<string>(['Base']);
    this.levels = elevations.map((elevation, index) => {
      const below = elevations[index + 1];
      let name = 'Base';
      if (index !== elevations.length - 1) {
        const wanted = `Z${formatE2kNumber(Number((elevation / this.factors.length).toFixed(6)))}`;
        name = wanted;
        for (let suffix = 2; names.has(name); suffix++) name = `${wanted}~${suffix}`;
        names.add(name);
      }
      return {
        id: name,
        source: { tool: 'gusset' },
        name,
        type: 'Level',
        elevation,
        height: below === undefined ? 0 : elevation - below,
        attributes: {},
      };
    });
    this.report.approximated(
      'STORY',
      `no storeys in the model; ${this.levels.length} inferred from node elevations`,
      { concept: 'level' },
    );
  }

  private writeGrids(): void {
    for (const grid of this.model.grids) {
      const head = `${grid.geometry.kind === 'general' ? 'GENGRID' : 'GRID'} ${quoteE2k(grid.system)}`;
      const mapped =
        grid.geometry.kind === 'axis'
          ? `LABEL ${quoteE2k(grid.label)}  DIR ${quoteE2k(grid.geometry.direction)}  COORD ${this.length(grid.geometry.coordinate)}`
          : `LABEL ${quoteE2k(grid.label)}  X1 ${this.length(grid.geometry.start.x)} Y1 ${this.length(grid.geometry.start.y)} X2 ${this.length(grid.geometry.end.x)} Y2 ${this.length(grid.geometry.end.y)}`;
      this.emitObject(SECTION.grids, head, mapped, grid);
    }
  }

  private writeDiaphragms(): void {
    for (const diaphragm of this.model.diaphragms) {
      const mapped = `TYPE ${diaphragm.rigidity === 'rigid' ? 'RIGID' : 'SEMIRIGID'}`;
      this.emitObject(
        SECTION.diaphragms,
        `DIAPHRAGM ${quoteE2k(this.diaphragmNames.get(diaphragm.id) ?? diaphragm.name)}`,
        mapped,
        diaphragm,
      );
    }
  }

  private writeMaterials(): void {
    const f = this.factors;
    const legacy = this.dialect === 'legacy';
    for (const material of this.model.materials) {
      const head = `MATERIAL  ${quoteE2k(this.materialNames.get(material.id) ?? material.name)}`;
      const kindWord = legacy
        ? material.kind.toUpperCase()
        : material.kind.charAt(0).toUpperCase() + material.kind.slice(1);
      const number = (value: number | undefined, factor: number, key: string): string =>
        value === undefined ? '' : `${key} ${formatE2kNumber(value / factor)}`;
      const join = (...parts: string[]): string => parts.filter((part) => part !== '').join('  ');
      const elastic = join(
        this.symmetryWord(material, legacy),
        number(material.elasticModulus, f.pressure, 'E'),
        number(material.poissonRatio, 1, 'U'),
        number(material.thermalCoefficient, f.thermalCoefficient, 'A'),
        this.explicitShearModulus(material),
      );
      if (!weightMatchesMass(material)) {
        this.report.warning(
          'MATERIAL',
          'weight and mass per volume are both written but are not related by g; ETABS derives one from the other',
          { id: material.id, concept: 'material' },
        );
      }
      if (legacy) {
        this.emit(
          SECTION.materials,
          `  ${head}  ${join(number(material.massDensity, f.massDensity, 'M'), number(material.unitWeight, f.unitWeight, 'W'))}  `,
        );
        this.emit(SECTION.materials, `  ${head}  ${elastic}  `);
        this.emitObject(
          SECTION.materials,
          head,
          join(
            `DESIGNTYPE ${quoteE2k(kindWord)}`,
            number(material.fy, f.pressure, 'FY'),
            number(material.fu, f.pressure, 'FU'),
            number(material.fc, f.pressure, 'FC'),
          ),
          material,
        );
      } else {
        this.emit(
          SECTION.materials,
          `  ${head}  ${join(`TYPE ${quoteE2k(kindWord)}`, material.grade === undefined ? '' : `GRADE ${quoteE2k(material.grade)}`, number(material.unitWeight, f.unitWeight, 'WEIGHTPERVOLUME'), number(material.massDensity, f.massDensity, 'MASSPERVOLUME'))}  `,
        );
        this.emit(SECTION.materials, `  ${head}  ${elastic}  `);
        this.emitObject(
          SECTION.materials,
          head,
          join(
            number(material.fy, f.pressure, 'FY'),
            number(material.fu, f.pressure, 'FU'),
            number(material.fc, f.pressure, 'FC'),
          ),
          material,
        );
      }
      if (legacy && material.grade !== undefined)
        this.emit(SECTION.materials, `  ${head}  GRADE ${quoteE2k(material.grade)}  `);
    }
  }

  /**
   * ETABS states isotropy (20+ `SYMTYPE`, 9.x `TYPE`) and derives G from E and U; the reader does the same. An
   * isotropic material is said so when its G is that, unless its own attributes (from an ETABS file) say it.
   */
  private symmetryWord(material: Material, legacy: boolean): string {
    const key = legacy ? 'TYPE' : 'SYMTYPE';
    if (isEtabsObject(material) && Object.hasOwn(material.attributes, key)) return '';
    if (this.shearModulusRelation(material) === 'independent') return '';
    return `${key} ${legacy ? '"ISOTROPIC"' : '"Isotropic"'}`;
  }

  /** G that the reader would not derive as it is: written as G12, and reported when it is not isotropic. */
  private explicitShearModulus(material: Material): string {
    if (material.shearModulus === undefined) return '';
    let relation = this.shearModulusRelation(material);
    const key = this.dialect === 'legacy' ? 'TYPE' : 'SYMTYPE';
    const stated = material.attributes[key];
    if (
      isEtabsObject(material) &&
      Object.hasOwn(material.attributes, key) &&
      !(typeof stated === 'string' && stated.toUpperCase() === 'ISOTROPIC')
    ) {
      relation = 'independent';
    }
    if (relation === 'derived') return '';
    if (relation === 'independent') {
      this.report.approximated(
        'MATERIAL',
        'shear modulus is not E/(2(1+U)) of an isotropic material: written as G12, which ETABS derives from E and U',
        { id: material.id, concept: 'material' },
      );
    }
    return `G12 ${formatE2kNumber(material.shearModulus / this.factors.pressure)}`;
  }

  /** G against the E and U the reader will parse from this file, not the model's own (float noise differs). */
  private shearModulusRelation(material: Material): ReturnType<typeof shearModulusRelation> {
    if (material.shearModulus === undefined) return 'independent';
    const reread = (value: number | undefined, factor: number): number | undefined => {
      if (value === undefined) return undefined;
      const parsed = parseE2kNumber(formatE2kNumber(value / factor));
      return parsed === undefined ? undefined : parsed * factor;
    };
    return shearModulusRelation(
      material.shearModulus,
      reread(material.elasticModulus, this.factors.pressure),
      reread(material.poissonRatio, 1),
    );
  }

  private writeProfiles(): void {
    const legacy = this.dialect === 'legacy';
    for (const profile of this.model.profiles) {
      const material =
        profile.materialId === undefined
          ? ''
          : `MATERIAL ${quoteE2k(this.materialNames.get(profile.materialId) ?? profile.materialId)}  `;
      if (profile.kind === 'frame') {
        const section = profile.section;
        let shape: string;
        switch (section.shape) {
          case 'rectangle':
            shape = `SHAPE "Concrete Rectangular"  D ${this.length(section.depth)} B ${this.length(section.width)}`;
            break;
          case 'circle':
            shape = `SHAPE "Concrete Circle"  D ${this.length(section.diameter)}`;
            break;
          case 'i':
            shape = `SHAPE "Steel I/Wide Flange"  D ${this.length(section.depth)} B ${this.length(section.flangeWidth)} TF ${this.length(section.flangeThickness)} TW ${this.length(section.webThickness)}`;
            if (hasUnequalFlanges(section)) {
              this.report.approximated('FRAMESECTION', 'unequal flanges written with the top flange', {
                id: profile.id,
                concept: 'section',
              });
            }
            break;
          case 'tube':
            shape = `SHAPE "Steel Tube"  D ${this.length(section.depth)} B ${this.length(section.width)} TF ${this.length(section.flangeThickness)} TW ${this.length(section.webThickness)}`;
            break;
          case 'pipe':
            shape = `SHAPE "Steel Pipe"  D ${this.length(section.diameter)} TW ${this.length(section.wallThickness)}`;
            break;
          case 'library':
            shape = `SHAPE ${quoteE2k(section.designation)}${section.library === undefined ? '' : `  FILE ${quoteE2k(section.library)}`}`;
            break;
          case 'general':
            shape =
              isEtabsObject(profile) && Object.hasOwn(profile.attributes, 'SHAPE') ? '' : 'SHAPE "General"';
            break;
        }
        const properties = this.sectionProperties(profile.properties);
        if (properties !== '' && section.shape !== 'general' && !isEtabsObject(profile)) {
          this.report.approximated(
            'FRAMESECTION',
            "section properties written with ETABS' General-section keys; ETABS computes a shape's own from its dimensions",
            { id: profile.id, concept: 'section' },
          );
        }
        this.emitObject(
          SECTION.frameSections,
          `FRAMESECTION  ${quoteE2k(this.frameSectionNames.get(profile.id) ?? profile.name)}`,
          `${material}${shape}  ${properties}`.trim(),
          profile,
        );
        this.writeModifierLine(
          SECTION.frameSections,
          `FRAMESECTION  ${quoteE2k(this.frameSectionNames.get(profile.id) ?? profile.name)}`,
          modifierText(FRAMESECTION_MODIFIERS, profile.modifiers),
        );
        continue;
      }
      const useWord = profile.use === 'other' ? 'slab' : profile.use;
      const section = legacy
        ? SECTION.shellLegacy
        : useWord === 'slab'
          ? SECTION.slab
          : useWord === 'deck'
            ? SECTION.deck
            : SECTION.wall;
      const propType =
        profile.use === 'other'
          ? ''
          : `PROPTYPE  ${quoteE2k(legacy ? profile.use.toUpperCase() : profile.use.charAt(0).toUpperCase() + profile.use.slice(1))}  `;
      const behaviour =
        profile.behaviour === undefined ? '' : `MODELINGTYPE ${quoteE2k(profile.behaviour)}  `;
      const thicknessKey = legacy ? 'TM' : profile.use === 'wall' ? 'WALLTHICKNESS' : 'SLABTHICKNESS';
      const thickness =
        profile.thickness === undefined ? '' : `${thicknessKey} ${this.length(profile.thickness)}`;
      this.emitObject(
        section,
        `SHELLPROP  ${quoteE2k(this.shellPropNames.get(profile.id) ?? profile.name)}`,
        `${propType}${material}${behaviour}${thickness}`.trim(),
        profile,
      );
      this.writeModifierLine(
        section,
        `SHELLPROP  ${quoteE2k(this.shellPropNames.get(profile.id) ?? profile.name)}`,
        modifierText(SHELLPROP_MODIFIERS, profile.modifiers),
      );
    }
  }

  /** Section modifiers on a line of their own, as ETABS writes them. */
  private writeModifierLine(section: string, head: string, text: string): void {
    if (text !== '') this.emit(section, `  ${head}  ${text}  `);
  }

  /** Stated section properties, with the keys ETABS gives a General section (AREA, AS2, AS3, I33, I22, TORSION). */
  private sectionProperties(properties: FrameProfile['properties']): string {
    if (!properties) return '';
    const f = this.factors;
    const entries: [string, number | undefined, number][] = [
      ['AREA', properties.area, f.area],
      ['AS2', properties.as2, f.area],
      ['AS3', properties.as3, f.area],
      ['I33', properties.i33, f.inertia],
      ['I22', properties.i22, f.inertia],
      ['TORSION', properties.j, f.inertia],
    ];
    return entries
      .flatMap(([key, value, factor]) =>
        value === undefined ? [] : [`${key} ${formatE2kNumber(value / factor)}`],
      )
      .join(' ');
  }

  private writeLinkProperties(): void {
    for (const property of this.model.linkProperties) {
      this.emitObject(
        SECTION.links,
        `LINKPROP  ${quoteE2k(property.name)}`,
        `TYPE ${quoteE2k(property.linkType)}`,
        property,
      );
      if (
        Object.values(property.stiffness).some((value) => value !== undefined) &&
        !isEtabsObject(property)
      ) {
        this.report.dropped('LINKPROP', 'link stiffnesses are not written', {
          id: property.id,
          concept: 'link',
        });
      }
    }
  }

  private writeSprings(): void {
    const f = this.factors;
    for (const spring of this.model.springProperties) {
      const mapped = [
        `UX ${formatE2kNumber(spring.ux / f.translationalStiffness)}`,
        `UY ${formatE2kNumber(spring.uy / f.translationalStiffness)}`,
        `UZ ${formatE2kNumber(spring.uz / f.translationalStiffness)}`,
        `RX ${formatE2kNumber(spring.rx / f.rotationalStiffness)}`,
        `RY ${formatE2kNumber(spring.ry / f.rotationalStiffness)}`,
        `RZ ${formatE2kNumber(spring.rz / f.rotationalStiffness)}`,
      ].join(' ');
      this.emitObject(
        SECTION.springs,
        `POINTSPRING  ${quoteE2k(this.springLabels.get(spring.id) ?? spring.id)}`,
        mapped,
        spring,
      );
    }
  }

  private storyOf(node: Node): number {
    if (node.levelId !== undefined) {
      const index = this.levelIndex.get(node.levelId);
      // ETABS hangs a point below its story; a node from elsewhere above its level (an IFC column's top node
      // contained in the storey below) goes to the story at or above it, or its column would have no height.
      const level = index === undefined ? undefined : this.levels[index];
      if (level && (isEtabsObject(node) || node.z <= level.elevation + 1e-6)) return index as number;
    }
    // The level whose elevation is closest at or above the node: ETABS offsets points down from their story.
    let best = 0;
    let bestDistance = Infinity;
    this.levels.forEach((level, index) => {
      const distance = level.elevation - node.z;
      if (distance >= -1e-6 && distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    });
    return best;
  }

  private placeNodesAndElements(file: E2kFileAttributes | undefined): void {
    const planPoints = new Map<string, { x: number; y: number; dz: number }>();
    const usedLabels = new Set<string>();
    const same = (a: number, b: number): boolean =>
      Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    const pointLines: string[] = [];
    const nodes = this.model.nodes;
    for (let slot = 0; slot < nodes.length; slot++) {
      const node = nodes[slot] as Node;
      const storyIndex = this.storyOf(node);
      const level = this.levels[storyIndex];
      if (!level) {
        this.report.dropped('POINT', 'no storey to place the node on', { id: node.id, concept: 'node' });
        continue;
      }
      const plan = { x: node.x, y: node.y, dz: level.elevation - node.z };
      let label = e2kName(node.name === '' ? node.id : node.name);
      if (node.name !== '' && label !== node.name) this.renamed('POINT', 'node', node.id, node.name);
      const existing = planPoints.get(label);
      if (existing && !(same(existing.x, plan.x) && same(existing.y, plan.y) && same(existing.dz, plan.dz))) {
        let suffix = 2;
        let candidate = `${label}~${suffix}`;
        while (
          usedLabels.has(candidate) &&
          !(
            planPoints.get(candidate) &&
            same(planPoints.get(candidate)!.x, plan.x) &&
            same(planPoints.get(candidate)!.y, plan.y) &&
            same(planPoints.get(candidate)!.dz, plan.dz)
          )
        ) {
          suffix++;
          candidate = `${label}~${suffix}`;
        }
        this.report.approximated(
          'POINT',
          `plan point "${label}" differs between storeys; written as "${candidate}"`,
          { id: node.id, concept: 'node' },
        );
        label = candidate;
      }
      if (!planPoints.has(label)) {
        planPoints.set(label, plan);
        usedLabels.add(label);
        const dz = plan.dz === 0 ? '' : ` ${this.length(plan.dz)}`;
        pointLines.push(`  POINT ${quoteE2k(label)}  ${this.length(plan.x)} ${this.length(plan.y)}${dz}`);
      }
      this.nodeRef.set(node.id, { label, storyIndex, slot });
    }
    for (const unused of file?.unusedPoints ?? []) {
      const [label, ...numbers] = unused;
      if (
        typeof label !== 'string' ||
        usedLabels.has(label) ||
        numbers.some((value) => typeof value !== 'number')
      )
        continue;
      usedLabels.add(label);
      pointLines.push(
        `  POINT ${quoteE2k(label)}  ${numbers.map((value) => formatE2kNumber(value as number)).join(' ')}`,
      );
    }
    for (const line of pointLines) this.emit(SECTION.points, line);
    this.writePointAssigns();
    this.writeElements();
  }

  private writePointAssigns(): void {
    for (const node of this.model.nodes) {
      const ref = this.nodeRef.get(node.id);
      if (!ref) continue;
      const parts: string[] = [];
      if (node.restraint) parts.push(`RESTRAINT ${quoteE2k(restraintText(node.restraint))}`);
      if (node.springPropertyId !== undefined) {
        const label = this.springLabels.get(node.springPropertyId);
        if (label === undefined) {
          this.report.dropped('SPRINGPROP', `spring property "${node.springPropertyId}" does not exist`, {
            id: node.id,
            concept: 'spring',
          });
        } else parts.push(`SPRINGPROP ${quoteE2k(label)}`);
      }
      if (node.diaphragmId !== undefined)
        parts.push(`DIAPH ${quoteE2k(this.diaphragmNames.get(node.diaphragmId) ?? node.diaphragmId)}`);
      const hasAttributes = isEtabsObject(node) && this.attributeFragments(node.attributes)[0] !== '';
      if (parts.length === 0 && !hasAttributes) continue;
      const story = (this.levels[ref.storyIndex] as Level).name;
      this.markUsed(ref);
      this.emitObject(
        SECTION.pointAssigns,
        `POINTASSIGN  ${quoteE2k(ref.label)}  ${quoteE2k(story)}`,
        parts.join('  '),
        node,
      );
    }
  }

  private writeElements(): void {
    for (const load of this.model.loads) {
      if (load.type !== 'PointLoad') this.referencedElements.add(load.elementId);
    }
    for (const group of this.model.groups) {
      for (const member of group.members) {
        if (member.kind !== 'node' && member.kind !== 'load') this.referencedElements.add(member.id);
      }
    }
    const lineDefinitions = new Map<string, string>();
    const areaDefinitions = new Map<string, string>();
    const elements = this.model.elements;
    for (let slot = 0; slot < elements.length; slot++) {
      const element = elements[slot] as Element;
      if (isFrameElement(element)) {
        let i = this.nodeRef.get(element.startNodeId);
        let j = this.nodeRef.get(element.endNodeId);
        if (!i || !j) {
          this.report.dropped(element.type, 'an end node is missing', { id: element.id, concept: 'element' });
          continue;
        }
        let written: FrameElement = element;
        if (i.storyIndex < j.storyIndex) {
          // ETABS puts a line's i-end on the lower story: what belongs to an end moves with it.
          [i, j] = [j, i];
          written = swappedEnds(element);
          this.elementSwapped[slot] = 1;
          this.report.approximated(element.type, 'ends swapped so the j-end is on the upper storey', {
            id: element.id,
            concept: 'endOrder',
          });
        }
        const kindWord = element.type === 'Column' ? 'COLUMN' : element.type === 'Beam' ? 'BEAM' : 'BRACE';
        const definition = `${kindWord}  ${quoteE2k(i.label)}  ${quoteE2k(j.label)}  ${i.storyIndex - j.storyIndex}`;
        const label = this.uniqueLabel(this.elementLabel(element), definition, lineDefinitions, element);
        this.setElementRef(element.id, slot, label, j.storyIndex, LINE_KIND);
        this.markUsed(i);
        this.markUsed(j);
        this.writeLineAssign(written, label, j.storyIndex);
        continue;
      }
      if (isAreaElement(element)) {
        const refs = element.nodeIds.map((id) => this.nodeRef.get(id));
        if (refs.some((ref) => ref === undefined)) {
          this.report.dropped(element.type, 'a vertex node is missing', {
            id: element.id,
            concept: 'element',
          });
          continue;
        }
        const placed = refs as NodeRef[];
        const levelIndex = element.levelId === undefined ? undefined : this.levelIndex.get(element.levelId);
        const topmost = Math.min(...placed.map((ref) => ref.storyIndex));
        const storyIndex = levelIndex !== undefined && levelIndex <= topmost ? levelIndex : topmost;
        const kindWord =
          element.type === 'Floor'
            ? 'FLOOR'
            : element.type === 'Wall'
              ? 'PANEL'
              : element.type === 'Opening' && typeof element.attributes['$areaType'] === 'string'
                ? (element.attributes['$areaType'] as string)
                : 'AREA';
        const definition = `${kindWord}  ${placed.length}  ${placed.map((ref) => quoteE2k(ref.label)).join('  ')}  ${placed.map((ref) => ref.storyIndex - storyIndex).join('  ')}`;
        const label = this.uniqueLabel(this.elementLabel(element), definition, areaDefinitions, element);
        this.setElementRef(element.id, slot, label, storyIndex, AREA_KIND);
        for (const ref of placed) this.markUsed(ref);
        const parts: string[] = [];
        if (element.profileId !== undefined)
          parts.push(`SECTION ${quoteE2k(this.shellPropNames.get(element.profileId) ?? element.profileId)}`);
        if (element.diaphragmId !== undefined)
          parts.push(
            `DIAPH ${quoteE2k(this.diaphragmNames.get(element.diaphragmId) ?? element.diaphragmId)}`,
          );
        if (element.orientationAngle !== undefined)
          parts.push(`ANG ${formatE2kNumber(element.orientationAngle)}`);
        const modifiers = modifierText(AREAASSIGN_MODIFIERS, element.modifiers);
        if (modifiers !== '') parts.push(modifiers);
        if (element.autoMesh) parts.push(this.areaAutoMeshText(element.autoMesh));
        if (element.type === 'Opening' && !Object.hasOwn(element.attributes, 'OPENING'))
          parts.push('OPENING "Yes"');
        const story = (this.levels[storyIndex] as Level).name;
        this.emitObject(
          SECTION.areaAssigns,
          `AREAASSIGN  ${quoteE2k(label)}  ${quoteE2k(story)}`,
          parts.join('  '),
          element,
        );
        continue;
      }
      // No ETABS object is written for it (links, components, foundations, reference geometry): the element
      // itself is lost, so the item names the concept the fidelity oracle checks, `element`.
      this.grouped.add(
        'dropped',
        element.type,
        element.type === 'Link'
          ? 'link elements (two-joint and grounded links) are not written to ETABS text: the members they connect are no longer linked'
          : `${element.type} elements are not written to ETABS text`,
        'element',
        element.id,
      );
    }
    for (const [label, definition] of lineDefinitions)
      this.emit(SECTION.lines, `  LINE  ${quoteE2k(label)}  ${definition}`);
    for (const [label, definition] of areaDefinitions)
      this.emit(SECTION.areas, `  AREA ${quoteE2k(label)}  ${definition}  `);
  }

  private setElementRef(id: string, slot: number, label: string, storyIndex: number, kind: number): void {
    if (this.referencedElements.has(id)) this.elementRef.set(id, slot);
    this.writtenElementCount++;
    this.elementLabels[slot] = label;
    this.elementStories[slot] = storyIndex;
    this.elementKinds[slot] = kind;
  }

  /** An element's own label as an e2k line can hold it, a change reported. */
  private elementLabel(element: Element): string {
    const label = e2kName(element.name === '' ? element.id : element.name);
    if (element.name !== '' && label !== element.name)
      this.renamed(element.type, 'element', element.id, element.name);
    return label;
  }

  /** A name changed because an e2k line cannot hold some of its characters, one item per kind with every id. */
  private renamed(subject: string, concept: FidelityConcept, id: string, name: string): void {
    const reason =
      name.trim() === ''
        ? 'a blank name is written as the id'
        : renameReason('ETABS e2k', 'line breaks, control characters or characters outside windows-1252');
    this.grouped.add('approximated', subject, reason, concept, id);
  }

  /** ETABS labels are plan objects: one label, one definition. A clash gets a fresh label. */
  private uniqueLabel(
    wanted: string,
    definition: string,
    definitions: Map<string, string>,
    element: Element,
  ): string {
    const existing = definitions.get(wanted);
    if (existing === undefined) {
      definitions.set(wanted, definition);
      return wanted;
    }
    if (existing === definition) return wanted;
    for (let suffix = 2; ; suffix++) {
      const candidate = `${wanted}~${suffix}`;
      const other = definitions.get(candidate);
      if (other === definition) return candidate;
      if (other === undefined) {
        definitions.set(candidate, definition);
        this.report.approximated(
          element.type,
          `label "${wanted}" differs between storeys; written as "${candidate}"`,
          { id: element.id, concept: 'element' },
        );
        return candidate;
      }
    }
  }

  /** The material of a profile by id (the profiles looked up by id once, on first use). */
  private profileMaterial(profileId: string | undefined): string | undefined {
    if (profileId === undefined) return undefined;
    if (!this.profileMaterials) {
      this.profileMaterials = new Map();
      for (const profile of this.model.profiles) {
        if (profile.materialId !== undefined) this.profileMaterials.set(profile.id, profile.materialId);
      }
    }
    return this.profileMaterials.get(profileId);
  }

  /**
   * A frame's auto mesh as ETABS words. ETABS 9 knows only MESH "POINTSANDLINES" (meshed at joints and lines);
   * other settings are left to its default there. Segment counts and lengths have no ETABS key here.
   */
  private frameAutoMeshText(mesh: FrameAutoMesh): string | undefined {
    if (this.dialect === 'legacy')
      return mesh.enabled && mesh.atJoints !== false && mesh.atIntersections !== false
        ? 'MESH "POINTSANDLINES"'
        : undefined;
    const yes = (value: boolean): string => (value ? '"YES"' : '"NO"');
    return mesh.atIntersections === undefined
      ? `AUTOMESH ${yes(mesh.enabled)}`
      : `AUTOMESH ${yes(mesh.enabled)}  MESHATINTERSECTIONS ${yes(mesh.atIntersections)}`;
  }

  /** An area's mesh keys (OBJMESHTYPE, MESHAT…, MAXMESHSIZE, LINECONSTRAINT). */
  private areaAutoMeshText(mesh: AreaAutoMesh): string {
    const parts = [`OBJMESHTYPE ${quoteE2k(AREA_MESH_WORDS[mesh.mode])}`];
    for (const at of mesh.at ?? []) parts.push(`MESHAT ${quoteE2k(at.toUpperCase())}`);
    if (mesh.maxSize !== undefined) parts.push(`MAXMESHSIZE ${quoteE2k(this.length(mesh.maxSize))}`);
    if (mesh.edgeConstraint !== undefined)
      parts.push(`LINECONSTRAINT ${mesh.edgeConstraint ? '"YES"' : '"NO"'}`);
    return parts.join('  ');
  }

  /** `element` as written: with its ends swapped when the writer swapped them. */
  private writeLineAssign(element: FrameElement, label: string, storyIndex: number): void {
    const releases = element.releases;
    const parts: string[] = [];
    if (element.profileId !== undefined)
      parts.push(`SECTION ${quoteE2k(this.frameSectionNames.get(element.profileId) ?? element.profileId)}`);
    if (element.orientationAngle !== undefined)
      parts.push(`ANG ${formatE2kNumber(element.orientationAngle)}`);
    if (element.cardinalPoint !== undefined) parts.push(`CARDINALPT ${element.cardinalPoint}`);
    if (element.endOffsets)
      parts.push(
        `LENGTHOFFI ${this.length(element.endOffsets.i)} LENGTHOFFJ ${this.length(element.endOffsets.j)}`,
      );
    if (element.rigidZoneFactor !== undefined)
      parts.push(`RIGIDZONE ${formatE2kNumber(element.rigidZoneFactor)}`);
    if (releases) parts.push(`RELEASE ${quoteE2k(releaseText(releases))}`);
    const autoMesh = element.autoMesh && this.frameAutoMeshText(element.autoMesh);
    if (autoMesh) parts.push(autoMesh);
    const modifiers = modifierText(LINEASSIGN_MODIFIERS, element.modifiers);
    if (modifiers !== '') parts.push(modifiers);
    if (element.insertionOffsets) {
      const { i, j } = element.insertionOffsets;
      parts.push(
        `OFFSETXI ${this.length(i.x)} OFFSETYI ${this.length(i.y)} OFFSETZI ${this.length(i.z)} OFFSETXJ ${this.length(j.x)} OFFSETYJ ${this.length(j.y)} OFFSETZJ ${this.length(j.z)}`,
      );
    }
    // A member material that is its section's own is no override: nothing is lost.
    if (element.materialId !== undefined && element.materialId !== this.profileMaterial(element.profileId))
      this.report.dropped(element.type, 'a member material override is not written', {
        id: element.id,
        concept: 'material',
      });
    const story = (this.levels[storyIndex] as Level).name;
    this.emitObject(
      SECTION.lineAssigns,
      `LINEASSIGN  ${quoteE2k(label)}  ${quoteE2k(story)}`,
      parts.join('  '),
      element,
    );
  }

  private writeLoadDefinitions(): void {
    const legacy = this.dialect === 'legacy';
    for (const pattern of this.model.loadPatterns) {
      const name = quoteE2k(this.patternNames.get(pattern.id) ?? pattern.name);
      const mapped = `TYPE  ${quoteE2k(pattern.patternType)}  SELFWEIGHT  ${formatE2kNumber(pattern.selfWeightMultiplier)}`;
      if (legacy) this.emitObject(SECTION.staticLoads, `LOADCASE ${name}`, mapped, pattern);
      else this.emitObject(SECTION.loadPatterns, `LOADPATTERN ${name}`, mapped, pattern);
    }
    const ritzDetails: string[] = [];
    const spectrumSystems: string[] = [];
    for (const loadCase of this.model.loadCases) {
      if (legacy) {
        this.report.dropped('LOADCASE', 'ETABS 9 files have no load cases', {
          id: loadCase.id,
          concept: 'case',
        });
        continue;
      }
      const head = `LOADCASE ${quoteE2k(this.caseNames.get(loadCase.id) ?? loadCase.name)}`;
      // SAP2000's words (LinModal, LinRespSpec…) are written as ETABS spells them.
      this.emitObject(SECTION.loadCases, head, caseTypeText(loadCase), loadCase);
      for (const load of loadCase.loads) {
        const pattern = this.patternNames.get(load.patternId);
        if (pattern === undefined) {
          this.report.dropped('LOADCASE', `pattern "${load.patternId}" does not exist; not written`, {
            id: loadCase.id,
            concept: 'case',
          });
          continue;
        }
        this.emit(
          SECTION.loadCases,
          `  ${head}  LOADPAT  ${quoteE2k(pattern)}  SF  ${formatE2kNumber(load.scale)}  `,
        );
      }
      for (const line of caseParameterLines(loadCase, this.factors.length))
        this.emit(SECTION.loadCases, `  ${head}  ${line}  `);
      if (
        loadCase.modal?.startingVectors?.some(
          (vector) => vector.maxCycles !== undefined || vector.targetParticipation !== undefined,
        )
      )
        ritzDetails.push(loadCase.id);
      if (loadCase.responseSpectrum?.loads.some((load) => load.coordinateSystem !== undefined))
        spectrumSystems.push(loadCase.id);
      // ETABS' TYPE word states what the model does not hold (a SAFE file keeps its modal and spectrum tables
      // as source rows only): the written case says more, or has less, than the source's.
      const type = etabsCaseType(loadCase);
      if (/^modal/i.test(type) && !loadCase.modal)
        this.grouped.add(
          'approximated',
          'LOADCASE',
          'modal cases whose modal definition (method, number of modes) the model does not hold are written as ETABS "Modal - Eigen" cases with no mode counts',
          'case',
          loadCase.id,
        );
      if (/^response spectrum$/i.test(type) && !loadCase.responseSpectrum)
        this.grouped.add(
          'dropped',
          'LOADCASE',
          'response spectrum cases whose spectrum (functions, directions, scale factors, damping) the writer cannot carry are written with no excitation',
          'case',
          loadCase.id,
        );
    }
    if (ritzDetails.length > 0) {
      this.report.dropped(
        'LOADCASE',
        `${ritzDetails.length} Ritz cases: the maximum cycles and target participation of each starting vector are not written`,
        { ids: ritzDetails, concept: 'case' },
      );
    }
    if (spectrumSystems.length > 0) {
      this.report.approximated(
        'LOADCASE',
        `${spectrumSystems.length} response spectrum cases: excitation written in the global system, without its named coordinate system`,
        { ids: spectrumSystems, concept: 'case' },
      );
    }
    for (const combination of this.model.loadCombinations) {
      const head = `COMBO ${quoteE2k(this.comboNames.get(combination.id) ?? combination.name)}`;
      this.emitObject(
        SECTION.combinations,
        head,
        `TYPE ${quoteE2k(combination.combinationType)}`,
        combination,
      );
      for (const item of combination.items) {
        const key = item.kind === 'pattern' ? 'LOAD' : item.kind === 'case' ? 'LOADCASE' : 'LOADCOMBO';
        const names =
          item.kind === 'pattern'
            ? this.patternNames
            : item.kind === 'case'
              ? this.caseNames
              : this.comboNames;
        const name = names.get(item.id);
        if (name === undefined || (item.kind === 'case' && legacy)) {
          this.report.dropped('COMBO', `${item.kind} "${item.id}" is not in the written model; not written`, {
            id: combination.id,
            concept: 'combination',
          });
          continue;
        }
        this.emit(
          SECTION.combinations,
          `  ${head}  ${key} ${quoteE2k(name)}  SF ${formatE2kNumber(item.scale)}  `,
        );
      }
    }
  }

  /** The written name of a load's pattern; undefined (and the load reported lost) when it has none. */
  private loadPatternName(load: { id: string; type: string; patternId: string }): string | undefined {
    const name = this.patternNames.get(load.patternId);
    if (name === undefined) {
      this.report.dropped(load.type, `pattern "${load.patternId}" does not exist`, {
        id: load.id,
        concept: 'load',
      });
    }
    return name;
  }

  /** `$ FUNCTIONS`: user spectra and histories, and ETABS' own code spectra as read. */
  private writeFunctions(): void {
    const functions = this.model.functions ?? [];
    if (functions.length === 0) return;
    if (this.dialect === 'legacy') {
      this.report.dropped('FUNCTION', 'ETABS 9 text is written without functions', {
        ids: functions.map((fn) => fn.id),
        concept: 'function',
      });
      return;
    }
    const codeDefined: string[] = [];
    for (const fn of functions) {
      const mapped = functionHead(fn, isEtabsObject(fn));
      if (mapped === undefined) {
        codeDefined.push(fn.id);
        continue;
      }
      const head = `FUNCTION ${quoteE2k(fn.name)}`;
      this.emitObject(FUNCTIONS_SECTION, head, mapped, fn);
      for (const line of functionValueLines(fn)) this.emit(FUNCTIONS_SECTION, `  ${head}  ${line}  `);
    }
    if (codeDefined.length > 0) {
      this.report.dropped(
        'FUNCTION',
        `${codeDefined.length} code-defined spectra of another tool are not written: ETABS spells its own codes' parameters`,
        { ids: codeDefined, concept: 'function' },
      );
    }
  }

  private writeLoads(): void {
    const f = this.factors;
    const legacy = this.dialect === 'legacy';
    for (const load of this.model.loads) {
      const number = (value: number, factor: number): string => formatE2kNumber(value / factor);
      if (load.type === 'PointLoad') {
        const ref = this.nodeRef.get(load.nodeId);
        if (!ref) {
          this.report.dropped('POINTLOAD', `node "${load.nodeId}" does not exist`, {
            id: load.id,
            concept: 'load',
          });
          continue;
        }
        const pattern = this.loadPatternName(load);
        if (pattern === undefined) continue;
        if (load.coordinateSystem.toLowerCase() !== 'global') {
          this.report.approximated('POINTLOAD', `components in ${load.coordinateSystem} written as global`, {
            id: load.id,
            concept: 'load',
          });
        }
        const components = (
          [
            ['FX', load.fx, f.force],
            ['FY', load.fy, f.force],
            ['FZ', load.fz, f.force],
            ['MX', load.mx, f.moment],
            ['MY', load.my, f.moment],
            ['MZ', load.mz, f.moment],
          ] as const
        )
          .filter(([, value]) => value !== 0)
          .map(([key, value, factor]) => `${key} ${number(value, factor)}`)
          .join('  ');
        const story = (this.levels[ref.storyIndex] as Level).name;
        this.markUsed(ref);
        this.writtenLoads.add(load.id);
        this.emitObject(
          SECTION.pointLoads,
          `POINTLOAD  ${quoteE2k(ref.label)}  ${quoteE2k(story)}`,
          `TYPE "FORCE"  LC ${quoteE2k(pattern)}    ${components}`.trimEnd(),
          load,
        );
        continue;
      }
      const slot = this.elementRef.get(load.elementId);
      if (slot === undefined) {
        this.report.dropped(load.type, `element "${load.elementId}" was not written`, {
          id: load.id,
          concept: 'load',
        });
        continue;
      }
      const pattern = this.loadPatternName(load);
      if (pattern === undefined) continue;
      const label = this.elementLabels[slot] as string;
      const story = (this.levels[this.elementStories[slot] as number] as Level).name;
      this.writtenLoads.add(load.id);
      const keptWord = isEtabsObject(load) ? load.attributes[META_DIRECTION_WORD] : undefined;
      const direction =
        load.direction === undefined
          ? ''
          : `DIR ${quoteE2k(typeof keptWord === 'string' ? keptWord : (WORD_BY_DIRECTION[load.direction] ?? 'GRAV'))}  `;
      if (load.type === 'AreaLoad') {
        this.emitObject(
          legacy ? SECTION.areaLoadsLegacy : SECTION.shellLoads,
          `AREALOAD  ${quoteE2k(label)}  ${quoteE2k(story)}`,
          `TYPE "UNIFF"  ${direction}LC ${quoteE2k(pattern)}  FVAL ${number(load.value, f.pressure)}`,
          load,
        );
        continue;
      }
      let distribution = load.distribution;
      if (this.elementSwapped[slot] === 1) {
        // The member's ends were swapped: the same load, measured from the other end.
        distribution = mirrored(distribution);
        this.report.approximated(
          'LINELOAD',
          'measured from the other end, as its member was written reversed',
          {
            id: load.id,
            concept: 'load',
          },
        );
      }
      const moment = load.quantity === 'moment';
      let body: string;
      if (distribution.kind === 'point') {
        if (!distribution.relative)
          this.report.approximated('LINELOAD', 'absolute distance written as relative is not supported', {
            id: load.id,
            concept: 'load',
          });
        body = `TYPE ${moment ? '"POINTM"' : '"POINTF"'}  ${direction}LC ${quoteE2k(pattern)}  FVAL ${number(distribution.value, moment ? f.moment : f.force)}  RDIST ${formatE2kNumber(distribution.start)}`;
      } else {
        const factor = moment ? f.lineMoment : f.lineLoad;
        const uniform =
          distribution.relative &&
          distribution.start === 0 &&
          distribution.end === 1 &&
          distribution.startValue === distribution.endValue;
        body = uniform
          ? `TYPE ${moment ? '"UNIFM"' : '"UNIFF"'}  ${direction}LC ${quoteE2k(pattern)}  FVAL ${number(distribution.startValue, factor)}`
          : `TYPE ${moment ? '"TRAPM"' : '"TRAPF"'}  ${direction}LC ${quoteE2k(pattern)}  FSTART ${number(distribution.startValue, factor)}  FEND ${number(distribution.endValue, factor)}  RDSTART ${formatE2kNumber(distribution.start)}  RDEND ${formatE2kNumber(distribution.end)}`;
        if (!distribution.relative)
          this.report.approximated('LINELOAD', 'absolute distances are written as relative ones', {
            id: load.id,
            concept: 'load',
          });
      }
      this.emitObject(SECTION.frameLoads, `LINELOAD  ${quoteE2k(label)}  ${quoteE2k(story)}`, body, load);
    }
  }

  private writeGroups(): void {
    const groupNames = this.uniqueNames('GROUP', this.model.groups);
    for (const group of this.model.groups) {
      const head = `GROUP ${quoteE2k(groupNames.get(group.id) ?? group.name)}`;
      this.emitObject(SECTION.groups, head, '', group);
      for (const member of group.members) {
        let ref: PlanRef | undefined;
        let kind = 'POINT';
        if (member.kind === 'node') {
          const nodeRef = this.nodeRef.get(member.id);
          // A group does not put a point on a storey: a node nothing else uses is not in the file.
          if (nodeRef && this.usedNodes[nodeRef.slot] === 1) ref = nodeRef;
        } else if (member.kind !== 'load') {
          const slot = this.elementRef.get(member.id);
          if (slot !== undefined) {
            ref = {
              label: this.elementLabels[slot] as string,
              storyIndex: this.elementStories[slot] as number,
            };
            kind = this.elementKinds[slot] === AREA_KIND ? 'AREA' : 'LINE';
          }
        }
        if (!ref) {
          this.report.dropped('GROUP', `member "${member.id}" is not in the written model`, {
            id: group.id,
            concept: 'group',
          });
          continue;
        }
        const story = (this.levels[ref.storyIndex] as Level).name;
        this.emit(SECTION.groups, `  ${head}  ${kind} ${quoteE2k(ref.label)} ${quoteE2k(story)}`);
      }
    }
  }

  private assemble(file: E2kFileAttributes | undefined): Windows1252Chunks {
    const order: { title: string; kept: string[] }[] = file
      ? file.sections.map((section) => ({ title: section.title, kept: section.lines }))
      : (this.dialect === 'legacy' ? LEGACY_ORDER : MODERN_ORDER).map((title) => ({ title, kept: [] }));
    const present = new Set(order.map((section) => normalizeTitle(section.title)));
    const missing = [...this.generated.keys()].filter((title) => !present.has(title));
    if (missing.length > 0) {
      const template = this.dialect === 'legacy' ? LEGACY_ORDER : MODERN_ORDER;
      for (const title of missing) {
        const templateIndex = template.indexOf(title);
        // Insert after the last present section that precedes it in ETABS' own order.
        let insertAt = order.length;
        const tail = order.findIndex((section) => {
          const index = template.indexOf(normalizeTitle(section.title));
          return index > templateIndex;
        });
        if (tail >= 0) insertAt = tail;
        order.splice(insertAt, 0, { title, kept: [] });
      }
    }
    const generatedFirst = new Set<string>([SECTION.programInformation, SECTION.controls]);
    const eol = this.lineEnding;
    // The file is its lines joined by the line ending: the header, a blank line, then per section its title, its
    // lines and a blank line. Every line after the header starts with its line ending.
    const out = new Windows1252Chunks();
    out.add(`$ ${file?.header || 'File model.e2k saved by Gusset'}`);
    out.add(eol);
    const none = new Windows1252Chunks();
    for (const section of order) {
      const title = normalizeTitle(section.title);
      const generated = this.generated.get(title) ?? none;
      out.add(`${eol}$ ${section.title}`);
      if (generatedFirst.has(title)) out.addEncoded(generated);
      for (const line of section.kept) out.add(eol + line);
      if (!generatedFirst.has(title)) out.addEncoded(generated);
      out.add(eol);
    }
    return out;
  }
}

function elementNodeIds(element: Element): string[] {
  if ('nodeIds' in element) return element.nodeIds;
  if ('startNodeId' in element)
    return element.endNodeId ? [element.startNodeId, element.endNodeId] : [element.startNodeId];
  return [];
}

/** A label per object: its name when no other object of the list has it, else its id (made unique). */
function uniqueLabels(items: readonly { id: string; name: string }[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  const labels = new Map<string, string>();
  const used = new Set<string>();
  for (const item of items) {
    if (item.name !== '' && counts.get(item.name) === 1) {
      labels.set(item.id, item.name);
      used.add(item.name);
    }
  }
  for (const item of items) {
    if (labels.has(item.id)) continue;
    let label = item.id;
    for (let suffix = 2; used.has(label); suffix++) label = `${item.id}~${suffix}`;
    labels.set(item.id, label);
    used.add(label);
  }
  return labels;
}

/** The ETABS word per degree of freedom, in DOF_NAMES order (looked up once, not per node). */
const RESTRAINT_WORDS = DOF_NAMES.map(
  (dof) => Object.entries(RESTRAINT_TOKENS).find(([, name]) => name === dof)?.[0] as string,
);

function restraintText(restraint: Restraint): string {
  let text = '';
  for (let index = 0; index < DOF_NAMES.length; index++) {
    if (!restraint[DOF_NAMES[index] as (typeof DOF_NAMES)[number]]) continue;
    text = text === '' ? (RESTRAINT_WORDS[index] as string) : `${text} ${RESTRAINT_WORDS[index] as string}`;
  }
  return text;
}

/** The ETABS release words in writing order (END_RELEASE_NAMES, i before j), looked up once. */
const RELEASE_WORDS = END_RELEASE_NAMES.flatMap((name) =>
  (['i', 'j'] as const).flatMap((end) => {
    const word = Object.entries(RELEASE_TOKENS).find(
      ([, target]) => target[0] === end && target[1] === name,
    )?.[0];
    return word === undefined ? [] : [{ end, name, word }];
  }),
);

/**
 * The RELEASE value ETABS writes: "PINNED" for M2 and M3 free at both ends and nothing else (its word for a
 * pinned beam), else the DOF list.
 */
function releaseText(releases: Releases): string {
  const { i, j } = releases;
  if (i.m2 && i.m3 && j.m2 && j.m3 && !i.p && !i.v2 && !i.v3 && !i.t && !j.p && !j.v2 && !j.v3 && !j.t) {
    return PINNED_RELEASE_WORD;
  }
  let text = '';
  for (const { end, name, word } of RELEASE_WORDS) {
    if (!releases[end][name]) continue;
    text = text === '' ? word : `${text} ${word}`;
  }
  return text;
}

/** A frame element with its ends exchanged: nodes, releases, length and insertion offsets. */
function swappedEnds(element: FrameElement): FrameElement {
  const swapped: FrameElement = {
    ...element,
    startNodeId: element.endNodeId,
    endNodeId: element.startNodeId,
  };
  if (element.releases) swapped.releases = { type: 'Releases', i: element.releases.j, j: element.releases.i };
  if (element.endOffsets) swapped.endOffsets = { i: element.endOffsets.j, j: element.endOffsets.i };
  if (element.insertionOffsets)
    swapped.insertionOffsets = { i: element.insertionOffsets.j, j: element.insertionOffsets.i };
  return swapped;
}

/** A line load's distribution measured from the other end (relative positions r become 1 − r). */
function mirrored(distribution: LinearLoad['distribution']): LinearLoad['distribution'] {
  if (!distribution.relative) return distribution;
  if (distribution.kind === 'point') return { ...distribution, start: 1 - distribution.start };
  return {
    ...distribution,
    start: 1 - distribution.end,
    end: 1 - distribution.start,
    startValue: distribution.endValue,
    endValue: distribution.startValue,
  };
}

/** Writes a model as ETABS `.e2k` text in ETABS' own section order and quoting, windows-1252 encoded. */
export function writeE2k(model: Model): WriteResult {
  return new E2kWriter(model).write();
}
