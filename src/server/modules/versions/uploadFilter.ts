import {
  FILTER_ELEMENT_TYPES,
  type FilterPlatform,
  type FilterProperty,
} from '../../../contract/http/filters';
import { canonicalJson, normalizeNumber } from '../../../engine/canonical';
import { translatorById } from '../../../engine/formats/registry';
import { countModel, type ModelCounts, type ReportItem } from '../../../engine/formats/report';
import {
  emptyModel,
  hasReleases,
  isRestrained,
  MODEL_COLLECTIONS,
  type Element,
  type Grid,
  type Group,
  type Load,
  type Model,
  type ModelCollection,
  type Node,
} from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { effectiveFilter, mappedName, type FilterRules } from '../filters/effective';
import { createFiltersRepository } from '../filters/repository';
import { lastWriter, platformOfTranslator } from './exportFilter';
import { nodeIdsOf } from './minimal';
import { sha256Hex, type ManifestEntry, type ObjectBodies, type VersionManifest } from './manifest';
import { versionStore } from './repository';

/*
 * Upload filters. When an upload from platform P carries an element whose last writer (the platform of its
 * `source.tool`) is another platform Q, and the model has a filter P → Q, the filter decides what of the element
 * changes; everything else keeps the previous version's value:
 * - an element type the filter does not list keeps the previous element whole (with its nodes, loads and group
 *   memberships), and so does an element the upload left out unless the filter lets the type's Geometry through
 *   (a deletion is a change of Geometry);
 * - of a listed type, Name (`name`), Profile (`profileId`), Material (`materialId`) and Releases each change
 *   only when listed. Geometry is the type, the node ids, the node positions and the placement fields (angle,
 *   cardinal point, offsets); the fields no property names (attributes, level, diaphragm…) go with it. An element
 *   whose Geometry is held back keeps its previous node ids, and those nodes keep their previous positions, in
 *   the version even when the upload moved or dropped them (held back wins at a node shared with an element
 *   that may move); Restraints held back keep the previous restraints of its nodes, Loads the previous loads on
 *   it, Groups its previous memberships;
 * - name mappings of the filter P → Q turn P's profile and material names into Q's as they cross;
 * - a node of Q stays Q's object unless the upload moves it or changes its restraint (through the filter).
 * Values are compared as canonical JSON (numbers to 12 significant digits), so translation noise is no change. An element
 * of which nothing passes stays the previous object, last writer included; one of which something passes takes
 * the upload's source. Profiles, materials, levels, load patterns… that kept objects refer to and the upload
 * lacks are kept from the previous version. Grids follow the filter's Grid type whole; levels always flow.
 * Without a filter for the pair (or with the same platform on both sides) the upload's element is stored as
 * it came, as before.
 */

/** What the version an upload would change offers: its manifest, and object bodies on demand. */
export interface PreviousVersion {
  manifest: VersionManifest;
  bodies(hashes: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/** A translated upload: its manifest, the body of every object and its counts. */
export interface UploadedVersion {
  manifest: VersionManifest;
  objects: ObjectBodies;
  counts: ModelCounts;
}

/** A model's filters: the organization's and the model's own (which override them pair by pair). */
export interface ModelFilters {
  organization: readonly FilterRules[];
  model: readonly FilterRules[];
}

/** The upload as the filters let it change the previous version, with report items naming what was kept. */
export interface FilteredUpload {
  manifest: VersionManifest;
  objects: ObjectBodies;
  counts: ModelCounts;
  items: ReportItem[];
}

/** Individual report items per element type and reason; the rest are one item with their count. */
export const HELD_BACK_ITEMS_PER_KIND = 10;

const FILTERABLE = new Set<string>(FILTER_ELEMENT_TYPES);
const FRAME_TYPES = new Set<string>(['Beam', 'Column', 'Brace']);
/** The element fields of Geometry; the fields of no property (attributes, levelId…) go with them. */
const GEOMETRY_FIELDS = [
  'type',
  'startNodeId',
  'endNodeId',
  'nodeIds',
  'points',
  'closed',
  'orientationAngle',
  'cardinalPoint',
  'endOffsets',
  'rigidZoneFactor',
  'insertionOffsets',
] as const;
type ElementPart = 'Geometry' | 'Name' | 'Profile' | 'Material' | 'Releases';
const FIELD_OF_PART = {
  Name: 'name',
  Profile: 'profileId',
  Material: 'materialId',
  Releases: 'releases',
} as const satisfies Record<Exclude<ElementPart, 'Geometry'>, string>;

/** References a kept object may make to objects the upload might lack. */
const REFERENCES: Partial<Record<ModelCollection, ReadonlyArray<readonly [string, ModelCollection]>>> = {
  elements: [
    ['profileId', 'profiles'],
    ['materialId', 'materials'],
    ['levelId', 'levels'],
    ['diaphragmId', 'diaphragms'],
    ['linkPropertyId', 'linkProperties'],
  ],
  nodes: [
    ['levelId', 'levels'],
    ['springPropertyId', 'springProperties'],
    ['diaphragmId', 'diaphragms'],
  ],
  profiles: [['materialId', 'materials']],
  loads: [['patternId', 'loadPatterns']],
};

type Stored = { id: string; source: { tool: string } } & Record<string, unknown>;

/** Equal as canonical JSON (numbers to 12 significant digits), checked cheaply first. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return normalizeNumber(a) === normalizeNumber(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return canonicalJson(a) === canonicalJson(b);
}

const samePosition = (a: Node, b: Node) => same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z);

/** Whether two versions of an element have the same Geometry: fields, node ids and node positions. */
function sameGeometry(
  previous: Element,
  upload: Element,
  previousNode: (id: string) => Node | undefined,
  uploadNode: (id: string) => Node | undefined,
): boolean {
  const before = previous as unknown as Record<string, unknown>;
  const after = upload as unknown as Record<string, unknown>;
  if (!GEOMETRY_FIELDS.every((field) => same(before[field], after[field]))) return false;
  return nodeIdsOf(previous).every((id) => {
    const a = previousNode(id);
    const b = uploadNode(id);
    return a !== undefined && b !== undefined && samePosition(a, b);
  });
}

function partValue(element: Element, part: Exclude<ElementPart, 'Geometry'>): unknown {
  const value = (element as unknown as Record<string, unknown>)[FIELD_OF_PART[part]];
  if (part === 'Releases') return hasReleases(value as never) ? value : undefined;
  return value;
}

const restraintKey = (node: Node) => (isRestrained(node.restraint) ? canonicalJson(node.restraint) : '');

const collectionOf = (kind: 'Profile' | 'Material') => (kind === 'Profile' ? 'profiles' : 'materials');

/** What a load does, without the names each platform gives it. */
function loadContent(load: Load): string {
  const { id: _id, source: _source, name: _name, attributes: _attributes, ...content } = load;
  return canonicalJson(content);
}

/** `node` with the restraint of `from` (none when it has none). */
function withRestraint(node: Node, from: Node): Node {
  if (from.restraint === undefined) delete node.restraint;
  else node.restraint = from.restraint;
  return node;
}

function assign(target: Record<string, unknown>, field: string, value: unknown): void {
  if (value === undefined) delete target[field];
  else target[field] = value;
}

/** One kind of held-back change, with the elements it concerns. */
interface HeldKind {
  from: FilterPlatform;
  to: FilterPlatform;
  type: string;
  /** A property, the element type as a whole, or a deletion. */
  what: FilterProperty | 'Type' | 'Deletion';
  /** What the filter does not let through. */
  because: string;
  ids: string[];
}

/** Collects what the filters held back, one kind per element type and reason, each element once per kind. */
class HeldBackReport {
  private readonly kinds = new Map<string, HeldKind>();
  private readonly seen = new Set<string>();

  add(entry: Omit<HeldKind, 'ids'>, id: string): void {
    const seenKey = `${entry.what}\u0000${id}`;
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
    const key = [entry.from, entry.to, entry.type, entry.what, entry.because].join('\u0000');
    let kind = this.kinds.get(key);
    if (!kind) {
      kind = { ...entry, ids: [] };
      this.kinds.set(key, kind);
    }
    kind.ids.push(id);
  }

  items(): ReportItem[] {
    const items: ReportItem[] = [];
    for (const kind of this.kinds.values()) {
      const shown = kind.ids.slice(0, HELD_BACK_ITEMS_PER_KIND);
      for (const id of shown) {
        items.push({ severity: 'approximated', subject: 'Filter', id, reason: heldBackReason(kind) });
      }
      const more = kind.ids.length - shown.length;
      if (more > 0) {
        items.push({ severity: 'approximated', subject: 'Filter', reason: heldBackReason(kind, more) });
      }
    }
    return items;
  }
}

function heldBackReason(kind: HeldKind, more?: number): string {
  const owner = `${kind.to}'s`;
  const count = more?.toLocaleString('en-US');
  const kept =
    kind.what === 'Type'
      ? more
        ? `Kept ${count} more of ${owner} ${kind.type} elements unchanged`
        : `Kept ${owner} ${kind.type} unchanged`
      : kind.what === 'Deletion'
        ? more
          ? `Kept ${count} more of ${owner} ${kind.type} elements that the upload left out`
          : `Kept ${owner} ${kind.type} that the upload left out`
        : more
          ? `Kept ${owner} ${kind.what} on ${count} more ${kind.type} elements`
          : `Kept ${owner} ${kind.what}`;
  return `${kept}: the filter ${kind.from} → ${kind.to} does not let ${kind.because} through`;
}

/** An element of Q that the upload from P would change, and the filter P → Q that decides how. */
interface Guarded {
  id: string;
  previous: Element;
  upload: Element | undefined;
  filter: FilterRules;
  from: FilterPlatform;
  to: FilterPlatform;
  typeAllowed: boolean;
  allowed: ReadonlySet<FilterProperty>;
}

/** Replacements (null: removed) of the upload's objects by id, and objects the upload does not have. */
interface CollectionPatch {
  replaced: Map<string, Stored | null>;
  appended: Map<string, Stored>;
}

/**
 * Applies the model's filters to an upload that would change `previous`; undefined when no filter changes
 * anything (the upload is stored as it came). See the rule at the top of this file.
 */
export async function filterUpload(
  previous: PreviousVersion,
  upload: UploadedVersion,
  filters: ModelFilters,
): Promise<FilteredUpload | undefined> {
  const header = upload.objects.bodies[upload.objects.hashes.indexOf(upload.manifest.header)];
  const uploadTool = header === undefined ? undefined : (JSON.parse(header) as Stored).source.tool;
  const uploadTools =
    upload.manifest.tools && uploadTool ? [...upload.manifest.tools, uploadTool] : undefined;
  if (!mayChange(filters, uploadTools, previous.manifest.tools)) return undefined;
  return new UploadFilterRun(previous, upload, filters, uploadTool).run();
}

/**
 * Whether a filter could decide anything: one From a platform the upload's objects come from To another that
 * wrote objects of the previous version (undefined tools: any platform).
 */
function mayChange(
  filters: ModelFilters,
  uploadTools: readonly string[] | undefined,
  previousTools: readonly string[] | undefined,
): boolean {
  const platforms = (tools: readonly string[] | undefined) =>
    tools && new Set(tools.map((tool) => lastWriter({ source: { tool } })));
  const from = platforms(uploadTools);
  const to = platforms(previousTools);
  return [...filters.organization, ...filters.model].some(
    (filter) => filter.from !== filter.to && (!from || from.has(filter.from)) && (!to || to.has(filter.to)),
  );
}

class UploadFilterRun {
  private readonly uploadBodies = new Map<string, string>();
  private readonly uploadIndexes = new Map<ModelCollection, Map<string, string>>();
  private readonly previousIndexes = new Map<ModelCollection, Map<string, string>>();
  private readonly uploadParsed = new Map<ModelCollection, Map<string, Stored>>();
  private readonly previousParsed = new Map<ModelCollection, Map<string, Stored>>();
  /** The stored hash and body of each previous object read, so one kept as it was is not written again. */
  private readonly previousStored = new WeakMap<Stored, readonly [hash: string, body: string]>();
  private readonly patches = new Map<ModelCollection, CollectionPatch>();
  private readonly report = new HeldBackReport();
  private readonly filterCache = new Map<string, FilterRules | undefined>();
  /** The platform of the upload as a whole: what a deletion comes from. */
  private readonly uploadPlatform: FilterPlatform | undefined;

  constructor(
    private readonly previous: PreviousVersion,
    private readonly upload: UploadedVersion,
    private readonly filters: ModelFilters,
    uploadTool: string | undefined,
  ) {
    this.uploadPlatform = uploadTool === undefined ? undefined : lastWriter({ source: { tool: uploadTool } });
    const { hashes, bodies } = upload.objects;
    for (let index = 0; index < hashes.length; index++) {
      this.uploadBodies.set(hashes[index] as string, bodies[index] as string);
    }
  }

  async run(): Promise<FilteredUpload | undefined> {
    const guarded = await this.guardedElements();
    await this.guardGrids();
    if (guarded.length > 0) {
      await this.loadNameMappingTargets(guarded);
      await this.loadPrevious('nodes', this.nodeIdsOfGuarded(guarded));
      const holds = this.decideElements(guarded);
      this.decideNodes(holds);
      const removedLoads = await this.decideLoads(holds.loads);
      await this.decideGroups(holds.groups, removedLoads);
    }
    await this.keepUnchangedNodes();
    if (this.patches.size === 0) return undefined;
    await this.keepReferencedObjects();
    return this.build();
  }

  // ---- lookups ----

  private uploadIndex(collection: ModelCollection): Map<string, string> {
    let index = this.uploadIndexes.get(collection);
    if (!index) {
      index = new Map(this.upload.manifest.collections[collection]);
      this.uploadIndexes.set(collection, index);
    }
    return index;
  }

  private previousIndex(collection: ModelCollection): Map<string, string> {
    let index = this.previousIndexes.get(collection);
    if (!index) {
      index = new Map(this.previous.manifest.collections[collection]);
      this.previousIndexes.set(collection, index);
    }
    return index;
  }

  /** The upload's object of that id, as translated. */
  private uploaded<T>(collection: ModelCollection, id: string): T | undefined {
    let parsed = this.uploadParsed.get(collection);
    if (!parsed) {
      parsed = new Map();
      this.uploadParsed.set(collection, parsed);
    }
    let object = parsed.get(id);
    if (!object) {
      const hash = this.uploadIndex(collection).get(id);
      const body = hash === undefined ? undefined : this.uploadBodies.get(hash);
      if (body === undefined) return undefined;
      object = JSON.parse(body) as Stored;
      parsed.set(id, object);
    }
    return object as unknown as T;
  }

  /** Every object of an upload collection (parsed once). */
  private allUploaded<T>(collection: ModelCollection): T[] {
    return this.upload.manifest.collections[collection].map(([id]) => this.uploaded<T>(collection, id) as T);
  }

  /** Reads the previous version's objects of these ids (those not read yet) from the store. */
  private async loadPrevious(collection: ModelCollection, ids: Iterable<string>): Promise<void> {
    let parsed = this.previousParsed.get(collection);
    if (!parsed) {
      parsed = new Map();
      this.previousParsed.set(collection, parsed);
    }
    const index = this.previousIndex(collection);
    const wanted: ManifestEntry[] = [];
    for (const id of ids) {
      const hash = index.get(id);
      if (hash !== undefined && !parsed.has(id)) wanted.push([id, hash]);
    }
    if (wanted.length === 0) return;
    const bodies = await this.previous.bodies([...new Set(wanted.map((entry) => entry[1]))]);
    for (const [id, hash] of wanted) {
      const body = bodies.get(hash);
      if (body === undefined) throw new Error(`model object ${hash} is missing`);
      const object = JSON.parse(body) as Stored;
      parsed.set(id, object);
      this.previousStored.set(object, [hash, body]);
    }
  }

  private previousOf<T>(collection: ModelCollection, id: string): T | undefined {
    return this.previousParsed.get(collection)?.get(id) as T | undefined;
  }

  private filterFor(
    from: FilterPlatform | undefined,
    to: FilterPlatform | undefined,
  ): FilterRules | undefined {
    if (from === undefined || to === undefined || from === to) return undefined;
    const key = `${from}\u0000${to}`;
    if (!this.filterCache.has(key)) {
      this.filterCache.set(key, effectiveFilter(this.filters.organization, this.filters.model, from, to));
    }
    return this.filterCache.get(key);
  }

  // ---- patches ----

  private patch(collection: ModelCollection): CollectionPatch {
    let patch = this.patches.get(collection);
    if (!patch) {
      patch = { replaced: new Map(), appended: new Map() };
      this.patches.set(collection, patch);
    }
    return patch;
  }

  /** Sets the object the version will hold under that id (null: none). */
  private setFinal(collection: ModelCollection, id: string, object: Stored | null): void {
    const patch = this.patch(collection);
    if (this.uploadIndex(collection).has(id)) patch.replaced.set(id, object);
    else if (object) patch.appended.set(id, object);
    else patch.appended.delete(id);
  }

  /** Whether the version will hold an object of that id, as decided so far. */
  private hasFinal(collection: ModelCollection, id: string): boolean {
    const patch = this.patches.get(collection);
    if (patch?.replaced.has(id)) return patch.replaced.get(id) !== null;
    return Boolean(patch?.appended.has(id)) || this.uploadIndex(collection).has(id);
  }

  // ---- elements ----

  /** Elements of the previous version the upload changes or leaves out, whose change a filter decides. */
  private async guardedElements(): Promise<Guarded[]> {
    const uploadIndex = this.uploadIndex('elements');
    const changed = this.previous.manifest.collections.elements
      .filter(([id, hash]) => uploadIndex.get(id) !== hash)
      .map(([id]) => id);
    await this.loadPrevious('elements', changed);
    const guarded: Guarded[] = [];
    for (const id of changed) {
      const previous = this.previousOf<Element>('elements', id) as Element;
      if (!FILTERABLE.has(previous.type)) continue;
      const upload = this.uploaded<Element>('elements', id);
      const from = upload ? lastWriter(upload) : this.uploadPlatform;
      const to = lastWriter(previous);
      const filter = this.filterFor(from, to);
      if (!filter || !from || !to) continue;
      const typeAllowed = (filter.elementTypes as readonly string[]).includes(previous.type);
      const allowed = new Set<FilterProperty>(typeAllowed ? filter.properties : []);
      guarded.push({ id, previous, upload, filter, from, to, typeAllowed, allowed });
    }
    return guarded;
  }

  private nodeIdsOfGuarded(guarded: readonly Guarded[]): Set<string> {
    const ids = new Set<string>();
    for (const element of guarded) {
      for (const id of nodeIdsOf(element.previous)) ids.add(id);
      if (element.upload) for (const id of nodeIdsOf(element.upload)) ids.add(id);
    }
    return ids;
  }

  private held(element: Guarded, what: FilterProperty | 'Deletion'): void {
    // An element kept because the upload left it out is reported once, as such.
    if (!element.upload && what !== 'Deletion') return;
    const entry = { from: element.from, to: element.to, type: element.previous.type };
    if (what === 'Deletion') {
      const because = element.typeAllowed ? 'Geometry' : `${element.previous.type} elements`;
      this.report.add({ ...entry, what, because }, element.id);
    } else if (!element.typeAllowed) {
      this.report.add({ ...entry, what: 'Type', because: `${element.previous.type} elements` }, element.id);
    } else {
      this.report.add({ ...entry, what, because: what }, element.id);
    }
  }

  /** Decides every guarded element; answers what its nodes, loads and memberships must keep. */
  private decideElements(guarded: readonly Guarded[]) {
    const positions = new Map<string, Guarded[]>();
    const restraints = new Map<string, Guarded[]>();
    const loads = new Map<string, Guarded>();
    const groups = new Map<string, Guarded>();
    const hold = (into: Map<string, Guarded[]>, nodeIds: readonly string[], element: Guarded) => {
      for (const nodeId of nodeIds) {
        const list = into.get(nodeId);
        if (list) list.push(element);
        else into.set(nodeId, [element]);
      }
    };

    for (const element of guarded) {
      const { previous, upload, allowed } = element;
      if (!upload && allowed.has('Geometry')) continue; // the deletion passes
      const { final, geometryPassed } = upload
        ? this.mergeElement(element, upload)
        : { final: previous, geometryPassed: false };
      if (!upload) this.held(element, 'Deletion');
      this.setFinal('elements', element.id, final as unknown as Stored);
      const nodeIds = nodeIdsOf(final);
      if (!geometryPassed) hold(positions, nodeIds, element);
      if (!allowed.has('Restraints')) hold(restraints, nodeIds, element);
      if (!allowed.has('Loads')) loads.set(element.id, element);
      if (!allowed.has('Groups')) groups.set(element.id, element);
    }
    return { positions, restraints, loads, groups };
  }

  /**
   * The element the version holds: the previous one with what passes the filter, or the upload's when its
   * Geometry passes, with what does not pass put back.
   */
  private mergeElement(element: Guarded, upload: Element): { final: Element; geometryPassed: boolean } {
    const { previous, allowed, filter } = element;
    const profile = this.mapped('Profile', filter, (upload as { profileId?: string }).profileId);
    const material = this.mapped('Material', filter, (upload as { materialId?: string }).materialId);
    const valueOf = (part: Exclude<ElementPart, 'Geometry'>) =>
      part === 'Profile' ? profile.id : part === 'Material' ? material.id : partValue(upload, part);

    const passing = new Set<ElementPart>();
    const geometryChanged = !sameGeometry(
      previous,
      upload,
      (id) => this.previousOf('nodes', id),
      (id) => this.uploaded('nodes', id),
    );
    if (geometryChanged) {
      if (allowed.has('Geometry')) passing.add('Geometry');
      else this.held(element, 'Geometry');
    }
    for (const part of ['Name', 'Profile', 'Material', 'Releases'] as const) {
      if (same(partValue(previous, part), valueOf(part))) continue;
      if (allowed.has(part)) passing.add(part);
      else this.held(element, part);
    }
    if (passing.size === 0) return { final: previous, geometryPassed: false };

    const geometryPassed = passing.has('Geometry');
    const merged: Record<string, unknown> = geometryPassed
      ? { ...upload }
      : { ...previous, source: upload.source };
    for (const part of ['Name', 'Profile', 'Material', 'Releases'] as const) {
      const field = FIELD_OF_PART[part];
      if (part === 'Releases' && !FRAME_TYPES.has(merged.type as string)) continue;
      assign(
        merged,
        field,
        passing.has(part) ? valueOf(part) : (previous as unknown as Record<string, unknown>)[field],
      );
    }
    for (const [part, reference] of [
      ['Profile', profile],
      ['Material', material],
    ] as const) {
      if (passing.has(part) && reference.copy) this.keepCopy(part, reference.copy);
    }
    return { final: merged as unknown as Element, geometryPassed };
  }

  // ---- name mappings ----

  private readonly byName = new Map<'Profile' | 'Material', Map<string, Stored>>();

  /** Reads the profiles and materials name mappings may point to, when a guarded element's filter maps. */
  private async loadNameMappingTargets(guarded: readonly Guarded[]): Promise<void> {
    for (const kind of ['Profile', 'Material'] as const) {
      if (!guarded.some((element) => element.filter.nameMappings.some((mapping) => mapping.kind === kind))) {
        continue;
      }
      const collection = collectionOf(kind);
      await this.loadPrevious(collection, this.previousIndex(collection).keys());
      const names = new Map<string, Stored>();
      for (const object of this.previousParsed.get(collection)?.values() ?? []) {
        names.set(object.name as string, object);
      }
      for (const object of this.allUploaded<Stored>(collection)) names.set(object.name as string, object);
      this.byName.set(kind, names);
    }
  }

  /**
   * The profile or material id an upload's reference takes on Q's side: the one named by the filter's name
   * mapping (the upload's, else the previous version's), else a copy of the upload's under the mapped name,
   * made only if the reference passes (keepCopy).
   */
  private mapped(
    kind: 'Profile' | 'Material',
    filter: FilterRules,
    id: string | undefined,
  ): { id: string | undefined; copy?: Stored } {
    const names = this.byName.get(kind);
    if (id === undefined || !names) return { id };
    const collection = collectionOf(kind);
    const own = this.uploaded<Stored>(collection, id);
    if (!own) return { id };
    const name = mappedName(filter, kind, own.name as string);
    if (name === own.name) return { id };
    const target = names.get(name);
    if (target) return { id: target.id };
    let copyId = name;
    for (
      let suffix = 2;
      this.uploadIndex(collection).has(copyId) || this.previousIndex(collection).has(copyId);
      suffix++
    ) {
      copyId = `${name} (${suffix})`;
    }
    return { id: copyId, copy: { ...own, id: copyId, name } };
  }

  private keepCopy(kind: 'Profile' | 'Material', copy: Stored): void {
    this.setFinal(collectionOf(kind), copy.id, copy);
    this.byName.get(kind)?.set(copy.name as string, copy);
  }

  // ---- nodes ----

  /** Puts back the positions and restraints of nodes that held-back elements stand on. */
  private decideNodes(holds: {
    positions: Map<string, Guarded[]>;
    restraints: Map<string, Guarded[]>;
  }): void {
    const ids = new Set([...holds.positions.keys(), ...holds.restraints.keys()]);
    for (const id of ids) {
      const previous = this.previousOf<Node>('nodes', id);
      if (!previous) continue; // new in the upload: nothing to keep
      const upload = this.uploaded<Node>('nodes', id);
      const restraintHolders = holds.restraints.get(id);
      const restraintDiffers = upload !== undefined && restraintKey(previous) !== restraintKey(upload);
      if (restraintHolders && restraintDiffers) {
        for (const element of restraintHolders) this.held(element, 'Restraints');
      }
      const keepRestraint = restraintHolders !== undefined || !restraintDiffers;
      let node: Node;
      if (holds.positions.has(id) && (!upload || !samePosition(previous, upload))) {
        node =
          keepRestraint || !upload ? previous : withRestraint({ ...previous, source: upload.source }, upload);
      } else if (upload && !keepRestraint) {
        continue;
      } else if (upload && restraintDiffers) {
        node = withRestraint({ ...upload }, previous);
      } else {
        continue;
      }
      this.setFinal('nodes', id, node as unknown as Stored);
    }
  }

  /** A node of Q whose position and restraint the upload does not change stays Q's, as elements do. */
  private async keepUnchangedNodes(): Promise<void> {
    const uploadIndex = this.uploadIndex('nodes');
    const decided = this.patches.get('nodes')?.replaced;
    const changed = this.previous.manifest.collections.nodes
      .filter(([id, hash]) => {
        const uploaded = uploadIndex.get(id);
        return uploaded !== undefined && uploaded !== hash && !decided?.has(id);
      })
      .map(([id]) => id);
    await this.loadPrevious('nodes', changed);
    for (const id of changed) {
      const previous = this.previousOf<Node>('nodes', id) as Node;
      const upload = this.uploaded<Node>('nodes', id) as Node;
      if (!this.filterFor(lastWriter(upload), lastWriter(previous))) continue;
      if (samePosition(previous, upload) && restraintKey(previous) === restraintKey(upload)) {
        this.setFinal('nodes', id, previous as unknown as Stored);
      }
    }
  }

  // ---- loads ----

  /**
   * Loads on elements that keep theirs: the upload's new loads on them go, the previous ones the upload
   * dropped come back. Reported only where the loads differ by more than their ids and sources (each platform
   * names loads its own way). Answers the ids of the upload's loads taken out.
   */
  private async decideLoads(holders: ReadonlyMap<string, Guarded>): Promise<Set<string>> {
    const removed = new Set<string>();
    if (holders.size === 0) return removed;
    const swapped = new Map<string, { out: string[]; back: string[] }>();
    const swap = (elementId: string) => {
      let lists = swapped.get(elementId);
      if (!lists) swapped.set(elementId, (lists = { out: [], back: [] }));
      return lists;
    };
    const previousHashes = new Set(this.previous.manifest.collections.loads.map((entry) => entry[1]));
    const uploadHashes = new Set(this.upload.manifest.collections.loads.map((entry) => entry[1]));
    for (const [id, hash] of this.upload.manifest.collections.loads) {
      if (previousHashes.has(hash)) continue;
      const load = this.uploaded<Load>('loads', id) as Load;
      if (!('elementId' in load) || !holders.has(load.elementId)) continue;
      this.setFinal('loads', id, null);
      removed.add(id);
      swap(load.elementId).out.push(loadContent(load));
    }
    const dropped = this.previous.manifest.collections.loads.filter(([, hash]) => !uploadHashes.has(hash));
    await this.loadPrevious(
      'loads',
      dropped.map(([id]) => id),
    );
    for (const [id] of dropped) {
      const load = this.previousOf<Load>('loads', id) as Load;
      if (!('elementId' in load) || !holders.has(load.elementId)) continue;
      let keptId = id;
      for (let suffix = 2; this.hasFinal('loads', keptId); suffix++) keptId = `${id}~${suffix}`;
      const kept = load as unknown as Stored;
      this.setFinal('loads', keptId, keptId === id ? kept : { ...kept, id: keptId });
      swap(load.elementId).back.push(loadContent(load));
    }
    for (const [elementId, { out, back }] of swapped) {
      if (canonicalJson(out.sort()) !== canonicalJson(back.sort()))
        this.held(holders.get(elementId) as Guarded, 'Loads');
    }
    return removed;
  }

  // ---- groups ----

  /** Memberships of elements that keep theirs, and no member for a load taken out. */
  private async decideGroups(holders: ReadonlyMap<string, Guarded>, removedLoads: ReadonlySet<string>) {
    if (holders.size === 0 && removedLoads.size === 0) return;
    await this.loadPrevious('groups', this.previousIndex('groups').keys());
    const previousGroups = [...(this.previousParsed.get('groups')?.values() ?? [])] as unknown as Group[];
    const previousMembership = new Map<string, Set<string>>();
    for (const group of previousGroups) {
      for (const member of group.members) {
        if (member.kind !== 'element' || !holders.has(member.id)) continue;
        let groups = previousMembership.get(member.id);
        if (!groups) previousMembership.set(member.id, (groups = new Set()));
        groups.add(group.id);
      }
    }
    const wasIn = (elementId: string, groupId: string) =>
      previousMembership.get(elementId)?.has(groupId) ?? false;

    for (const group of this.allUploaded<Group>('groups')) {
      const members = group.members.filter((member) => {
        if (member.kind === 'load') return !removedLoads.has(member.id);
        if (member.kind !== 'element') return true;
        const holder = holders.get(member.id);
        if (!holder || wasIn(member.id, group.id)) return true;
        this.held(holder, 'Groups');
        return false;
      });
      const present = new Set(
        members.filter((member) => member.kind === 'element').map((member) => member.id),
      );
      for (const [elementId, holder] of holders) {
        if (wasIn(elementId, group.id) && !present.has(elementId)) {
          members.push({ kind: 'element', id: elementId });
          this.held(holder, 'Groups');
        }
      }
      if (
        members.length !== group.members.length ||
        members.some((member, index) => member !== group.members[index])
      ) {
        this.setFinal('groups', group.id, { ...(group as unknown as Stored), members });
      }
    }
    for (const group of previousGroups) {
      if (this.uploadIndex('groups').has(group.id)) continue;
      const members = group.members.filter((member) => member.kind === 'element' && holders.has(member.id));
      if (members.length === 0) continue;
      this.setFinal('groups', group.id, { ...(group as unknown as Stored), members });
      for (const member of members) this.held(holders.get(member.id) as Guarded, 'Groups');
    }
  }

  // ---- grids ----

  /** Grids follow their filter's Grid type whole: a grid of Q the filter does not let through stays. */
  private async guardGrids(): Promise<void> {
    const uploadIndex = this.uploadIndex('grids');
    const changed = this.previous.manifest.collections.grids
      .filter(([id, hash]) => uploadIndex.get(id) !== hash)
      .map(([id]) => id);
    if (changed.length === 0) return;
    await this.loadPrevious('grids', changed);
    for (const id of changed) {
      const previous = this.previousOf<Grid>('grids', id) as Grid;
      const upload = this.uploaded<Grid>('grids', id);
      const from = upload ? lastWriter(upload) : this.uploadPlatform;
      const to = lastWriter(previous);
      const filter = this.filterFor(from, to);
      if (!filter || !from || !to || filter.elementTypes.includes('Grid')) continue;
      this.setFinal('grids', id, previous as unknown as Stored);
      const entry = { from, to, type: 'Grid', because: 'Grid elements' } as const;
      this.report.add({ ...entry, what: upload ? 'Type' : 'Deletion' }, id);
    }
  }

  // ---- references ----

  /** Objects the kept objects refer to that the upload lacks come from the previous version. */
  private async keepReferencedObjects(): Promise<void> {
    let pending: Array<[ModelCollection, Stored]> = [];
    for (const [collection, patch] of this.patches) {
      for (const object of [...patch.replaced.values(), ...patch.appended.values()]) {
        if (object) pending.push([collection, object]);
      }
    }
    while (pending.length > 0) {
      const missing = new Map<ModelCollection, Set<string>>();
      for (const [collection, object] of pending) {
        for (const [field, target] of REFERENCES[collection] ?? []) {
          const id = object[field];
          if (typeof id !== 'string' || this.hasFinal(target, id) || !this.previousIndex(target).has(id))
            continue;
          let ids = missing.get(target);
          if (!ids) missing.set(target, (ids = new Set()));
          ids.add(id);
        }
      }
      pending = [];
      for (const [collection, ids] of missing) {
        await this.loadPrevious(collection, ids);
        for (const id of ids) {
          const object = this.previousOf<Stored>(collection, id) as Stored;
          this.setFinal(collection, id, object);
          pending.push([collection, object]);
        }
      }
    }
  }

  // ---- result ----

  private build(): FilteredUpload {
    const removed: Partial<Record<ModelCollection, unknown[]>> = {};
    const added: Partial<Record<ModelCollection, unknown[]>> = {};
    const newBodies = new Map<string, string>();
    const note = (into: typeof removed, collection: ModelCollection, object: unknown) =>
      (into[collection] ??= []).push(object);
    const store = (object: Stored): string => {
      const stored = this.previousStored.get(object);
      if (stored) {
        newBodies.set(stored[0], stored[1]);
        return stored[0];
      }
      const body = canonicalJson(object);
      const hash = sha256Hex(body);
      newBodies.set(hash, body);
      return hash;
    };

    const collections = { ...this.upload.manifest.collections };
    for (const collection of MODEL_COLLECTIONS) {
      const patch = this.patches.get(collection);
      if (!patch) continue;
      const entries: ManifestEntry[] = [];
      for (const entry of this.upload.manifest.collections[collection]) {
        const [id, hash] = entry;
        if (!patch.replaced.has(id)) {
          entries.push(entry);
          continue;
        }
        const object = patch.replaced.get(id) ?? null;
        const replacement = object === null ? undefined : store(object);
        if (replacement === hash) {
          entries.push(entry);
          continue;
        }
        note(removed, collection, this.uploaded(collection, id));
        if (object !== null && replacement !== undefined) {
          note(added, collection, object);
          entries.push([id, replacement]);
        }
      }
      for (const [id, object] of patch.appended) {
        note(added, collection, object);
        entries.push([id, store(object)]);
      }
      collections[collection] = entries;
    }
    const manifest: VersionManifest = { ...this.upload.manifest, collections };
    if (manifest.tools) {
      const tools = new Set(manifest.tools);
      for (const list of Object.values(added))
        for (const object of list) tools.add((object as Stored).source.tool);
      manifest.tools = [...tools].sort();
    }

    const referenced = new Set<string>([manifest.header]);
    if (manifest.results) referenced.add(manifest.results);
    for (const collection of MODEL_COLLECTIONS) {
      for (const entry of manifest.collections[collection]) referenced.add(entry[1]);
    }
    const objects: ObjectBodies = { hashes: [], bodies: [] };
    for (const [hash, body] of [...this.uploadBodies, ...newBodies]) {
      if (!referenced.delete(hash)) continue;
      objects.hashes.push(hash);
      objects.bodies.push(body);
    }

    const countOf = (objectsBy: typeof removed) => {
      const model = emptyModel({ tool: 'gusset' }) as unknown as Record<string, unknown[]>;
      for (const [collection, list] of Object.entries(objectsBy)) model[collection] = list;
      return countModel(model as unknown as Model);
    };
    const minus = countOf(removed);
    const plus = countOf(added);
    const counts = { ...this.upload.counts };
    for (const key of Object.keys(counts) as (keyof ModelCounts)[]) counts[key] += plus[key] - minus[key];

    return { manifest, objects, counts, items: this.report.items() };
  }
}

/**
 * The filters of the model and the version an upload to it would change, then filterUpload. Reads nothing of
 * the version when no filter could apply: none From the platform of the upload's format (a canonical JSON
 * file's objects may come from any platform), or none To a platform that wrote the version's objects.
 */
export async function filterUploadToModel(
  db: Queryable,
  modelId: string,
  upload: UploadedVersion & { format: string },
): Promise<FilteredUpload | undefined> {
  const rows = await db.query<{ organization_id: string }>(
    'SELECT organization_id FROM models WHERE id = $1',
    [modelId],
  );
  const organizationId = rows[0]?.organization_id;
  if (!organizationId) return undefined;
  const repository = createFiltersRepository(db);
  const filters: ModelFilters = {
    organization: await repository.list({ organizationId, modelId: null }),
    model: await repository.list({ organizationId, modelId }),
  };
  const translator = translatorById(upload.format);
  const platform = translator && 'platform' in translator ? platformOfTranslator(translator) : undefined;
  const mayApply = (filter: FilterRules) =>
    filter.from !== filter.to && (!platform || filter.from === platform);
  if (!filters.organization.some(mayApply) && !filters.model.some(mayApply)) return undefined;

  const latest = await versionStore.latestTools(db, modelId);
  if (!latest || (latest.tools && !mayChange(filters, upload.manifest.tools, latest.tools))) return undefined;
  const stored = await versionStore.manifest(db, modelId, latest.id);
  if (!stored) return undefined;
  return filterUpload(
    { manifest: stored.manifest, bodies: (hashes) => versionStore.bodies(db, hashes) },
    upload,
    filters,
  );
}
