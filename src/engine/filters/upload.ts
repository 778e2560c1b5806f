import { canonicalJson, normalizeNumber } from '../canonical';
import { countModel, type ModelCounts, type ReportItem } from '../formats/report';
import type { HashText, ManifestEntry, ObjectBodies, VersionManifest } from '../manifest';
import {
  emptyModel,
  hasReleases,
  isRestrained,
  MODEL_COLLECTIONS,
  nodeIdsOf,
  type Element,
  type Grid,
  type Group,
  type Load,
  type Model,
  type ModelCollection,
  type Node,
  type Releases,
} from '../schema';
import { effectiveFilter, mappedName } from './effective';
import { HeldBackReport } from './heldBack';
import {
  FILTER_ELEMENT_TYPES,
  lastWriter,
  type FilterPlatform,
  type FilterProperty,
  type FilterRules,
  type NameMappingKind,
} from './platforms';

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

/** What the version an upload would change offers: its manifest, and object bodies on demand (it can be large). */
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

/**
 * The upload as the filters let it change the previous version, with report items naming what was kept. Its
 * objects are the bodies the manifest needs that the previous version's store may not hold.
 */
export interface FilteredUpload {
  manifest: VersionManifest;
  objects: ObjectBodies;
  counts: ModelCounts;
  items: ReportItem[];
}

/** The objects of each model collection, as stored. */
type CollectionObjects = { [C in ModelCollection]: Model[C][number] };
type ObjectOf<C extends ModelCollection> = CollectionObjects[C];
type ModelObject = ObjectOf<ModelCollection>;
/** Per collection, objects by id. */
type ObjectsById = { [C in ModelCollection]: Map<string, ObjectOf<C>> };
/** Per collection, a list of objects. */
type ObjectLists = { [C in ModelCollection]: ObjectOf<C>[] };

/** Replacements (null: removed) of the upload's objects by id, and objects the upload does not have. */
interface CollectionPatch<T> {
  replaced: Map<string, T | null>;
  appended: Map<string, T>;
}
type Patches = { [C in ModelCollection]: CollectionPatch<ObjectOf<C>> };

/**
 * One value per collection, each made empty (typed `never` so it fits every collection's objects). Written out
 * so the compiler checks that every collection has one.
 */
function perCollection<T>(make: () => T): Record<ModelCollection, T> {
  return {
    nodes: make(),
    levels: make(),
    grids: make(),
    materials: make(),
    profiles: make(),
    elements: make(),
    groups: make(),
    loadPatterns: make(),
    loadCases: make(),
    loadCombinations: make(),
    loads: make(),
    linkProperties: make(),
    springProperties: make(),
    diaphragms: make(),
  };
}
const emptyObjectMaps = (): ObjectsById => perCollection(() => new Map<string, never>());
const emptyObjectLists = (): ObjectLists => perCollection((): never[] => []);

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
type ValuePart = Exclude<ElementPart, 'Geometry'>;
const VALUE_PARTS = ['Name', 'Profile', 'Material', 'Releases'] as const satisfies readonly ValuePart[];
const FIELD_OF_PART = {
  Name: 'name',
  Profile: 'profileId',
  Material: 'materialId',
  Releases: 'releases',
} as const satisfies Record<ValuePart, string>;

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

/** A field named by data (the lists above), of any stored object. */
function fieldOf(object: ModelObject, field: string): unknown {
  const fields: Readonly<Record<string, unknown>> = object;
  return fields[field];
}

/** Sets or removes a part's field on an element the rule is building (a copy of the same element's versions). */
function assignPart(element: Element, part: ValuePart, value: unknown): void {
  // The parts' fields are named by data (FIELD_OF_PART), so they are set by name.
  if (value === undefined) Reflect.deleteProperty(element, FIELD_OF_PART[part]);
  else Reflect.set(element, FIELD_OF_PART[part], value);
}

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
  if (!GEOMETRY_FIELDS.every((field) => same(fieldOf(previous, field), fieldOf(upload, field)))) return false;
  return nodeIdsOf(previous).every((id) => {
    const a = previousNode(id);
    const b = uploadNode(id);
    return a !== undefined && b !== undefined && samePosition(a, b);
  });
}

function partValue(element: Element, part: ValuePart): unknown {
  if (part === 'Releases') {
    const releases = fieldOf(element, FIELD_OF_PART.Releases);
    return isReleases(releases) && hasReleases(releases) ? releases : undefined;
  }
  return fieldOf(element, FIELD_OF_PART[part]);
}

function isReleases(value: unknown): value is Releases {
  return typeof value === 'object' && value !== null;
}

const restraintKey = (node: Node) => (isRestrained(node.restraint) ? canonicalJson(node.restraint) : '');

const collectionOf = (kind: NameMappingKind) => (kind === 'Profile' ? 'profiles' : 'materials');

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

/**
 * Applies the model's filters to an upload that would change `previous`; undefined when no filter changes
 * anything (the upload is stored as it came). See the rule at the top of this file. `hashText` addresses the
 * objects the rule makes as the upload's are addressed.
 */
export async function filterUpload(
  previous: PreviousVersion,
  upload: UploadedVersion,
  filters: ModelFilters,
  hashText: HashText,
): Promise<FilteredUpload | undefined> {
  const header = upload.objects.bodies[upload.objects.hashes.indexOf(upload.manifest.header)];
  const uploadTool = header === undefined ? undefined : toolOfHeader(header);
  const uploadTools =
    upload.manifest.tools && uploadTool ? [...upload.manifest.tools, uploadTool] : undefined;
  if (!filtersMayChange(filters, uploadTools, previous.manifest.tools)) return undefined;
  return new UploadFilterRun(previous, upload, filters, uploadTool, hashText).run();
}

/** The source tool of a model's header body. */
function toolOfHeader(body: string): string | undefined {
  const header: unknown = JSON.parse(body);
  if (typeof header !== 'object' || header === null || !('source' in header)) return undefined;
  const { source } = header;
  if (typeof source !== 'object' || source === null || !('tool' in source)) return undefined;
  return typeof source.tool === 'string' ? source.tool : undefined;
}

/**
 * Whether a filter could decide anything: one From a platform the upload's objects come from To another that
 * wrote objects of the previous version (undefined tools: any platform).
 */
export function filtersMayChange(
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
  private readonly uploadParsed = emptyObjectMaps();
  private readonly previousParsed = emptyObjectMaps();
  /** The stored hash and body of each previous object read, so one kept as it was is not written again. */
  private readonly previousStored = new WeakMap<ModelObject, readonly [hash: string, body: string]>();
  private readonly patches: Patches = perCollection(() => ({
    replaced: new Map<string, null>(),
    appended: new Map<string, never>(),
  }));
  /** The patched collections, in the order they were first patched. */
  private readonly patched = new Set<ModelCollection>();
  private readonly report = new HeldBackReport();
  private readonly filterCache = new Map<string, FilterRules | undefined>();
  /** The platform of the upload as a whole: what a deletion comes from. */
  private readonly uploadPlatform: FilterPlatform | undefined;

  constructor(
    private readonly previous: PreviousVersion,
    private readonly upload: UploadedVersion,
    private readonly filters: ModelFilters,
    uploadTool: string | undefined,
    private readonly hashText: HashText,
  ) {
    this.uploadPlatform = uploadTool === undefined ? undefined : lastWriter({ source: { tool: uploadTool } });
    const { hashes, bodies } = upload.objects;
    hashes.forEach((hash, index) => {
      const body = bodies[index];
      if (body !== undefined) this.uploadBodies.set(hash, body);
    });
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
    if (this.patched.size === 0) return undefined;
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
  private uploaded<C extends ModelCollection>(collection: C, id: string): ObjectOf<C> | undefined {
    const parsed: Map<string, ObjectOf<C>> = this.uploadParsed[collection];
    let object = parsed.get(id);
    if (!object) {
      const hash = this.uploadIndex(collection).get(id);
      const body = hash === undefined ? undefined : this.uploadBodies.get(hash);
      if (body === undefined) return undefined;
      object = parseObject(collection, body);
      parsed.set(id, object);
    }
    return object;
  }

  /** Every object of an upload collection (parsed once). */
  private allUploaded<C extends ModelCollection>(collection: C): ObjectOf<C>[] {
    return this.upload.manifest.collections[collection].flatMap(
      ([id]) => this.uploaded(collection, id) ?? [],
    );
  }

  /** Reads the previous version's objects of these ids (those not read yet) from the store. */
  private async loadPrevious<C extends ModelCollection>(collection: C, ids: Iterable<string>): Promise<void> {
    const parsed: Map<string, ObjectOf<C>> = this.previousParsed[collection];
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
      const object = parseObject(collection, body);
      parsed.set(id, object);
      this.previousStored.set(object, [hash, body]);
    }
  }

  /** The previous version's object of that id, once loadPrevious read it. */
  private previousOf<C extends ModelCollection>(collection: C, id: string): ObjectOf<C> | undefined {
    const parsed: Map<string, ObjectOf<C>> = this.previousParsed[collection];
    return parsed.get(id);
  }

  /** A previous object the manifest lists and loadPrevious read; its absence is a broken store. */
  private loadedPrevious<C extends ModelCollection>(collection: C, id: string): ObjectOf<C> {
    const object = this.previousOf(collection, id);
    if (!object) throw new Error(`previous ${collection} ${id} was not read`);
    return object;
  }

  /** An upload object the manifest lists; its absence is a broken upload. */
  private listedUpload<C extends ModelCollection>(collection: C, id: string): ObjectOf<C> {
    const object = this.uploaded(collection, id);
    if (!object) throw new Error(`uploaded ${collection} ${id} has no body`);
    return object;
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

  private patch<C extends ModelCollection>(collection: C): CollectionPatch<ObjectOf<C>> {
    this.patched.add(collection);
    return this.patches[collection];
  }

  /** Sets the object the version will hold under that id (null: none). */
  private setFinal<C extends ModelCollection>(collection: C, id: string, object: ObjectOf<C> | null): void {
    const patch = this.patch(collection);
    if (this.uploadIndex(collection).has(id)) patch.replaced.set(id, object);
    else if (object) patch.appended.set(id, object);
    else patch.appended.delete(id);
  }

  /** Whether the version will hold an object of that id, as decided so far. */
  private hasFinal(collection: ModelCollection, id: string): boolean {
    const patch: CollectionPatch<ModelObject> = this.patches[collection];
    if (patch.replaced.has(id)) return patch.replaced.get(id) !== null;
    return patch.appended.has(id) || this.uploadIndex(collection).has(id);
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
      const previous = this.loadedPrevious('elements', id);
      if (!FILTERABLE.has(previous.type)) continue;
      const upload = this.uploaded('elements', id);
      const from = upload ? lastWriter(upload) : this.uploadPlatform;
      const to = lastWriter(previous);
      const filter = this.filterFor(from, to);
      if (!filter || !from || !to) continue;
      const typeAllowed = filter.elementTypes.some((type) => type === previous.type);
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
      this.setFinal('elements', element.id, final);
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
    const profile = this.mapped('Profile', filter, 'profileId' in upload ? upload.profileId : undefined);
    const material = this.mapped('Material', filter, 'materialId' in upload ? upload.materialId : undefined);
    const valueOf = (part: ValuePart) =>
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
    for (const part of VALUE_PARTS) {
      if (same(partValue(previous, part), valueOf(part))) continue;
      if (allowed.has(part)) passing.add(part);
      else this.held(element, part);
    }
    if (passing.size === 0) return { final: previous, geometryPassed: false };

    const geometryPassed = passing.has('Geometry');
    const merged: Element = geometryPassed ? { ...upload } : { ...previous, source: upload.source };
    for (const part of VALUE_PARTS) {
      if (part === 'Releases' && !FRAME_TYPES.has(merged.type)) continue;
      assignPart(merged, part, passing.has(part) ? valueOf(part) : fieldOf(previous, FIELD_OF_PART[part]));
    }
    for (const [part, reference] of [
      ['Profile', profile],
      ['Material', material],
    ] as const) {
      if (passing.has(part) && reference.copy) this.keepCopy(part, reference.copy);
    }
    return { final: merged, geometryPassed };
  }

  // ---- name mappings ----

  private readonly byName = new Map<NameMappingKind, Map<string, NamedReference>>();

  /** Reads the profiles and materials name mappings may point to, when a guarded element's filter maps. */
  private async loadNameMappingTargets(guarded: readonly Guarded[]): Promise<void> {
    for (const kind of ['Profile', 'Material'] as const) {
      if (!guarded.some((element) => element.filter.nameMappings.some((mapping) => mapping.kind === kind))) {
        continue;
      }
      const collection = collectionOf(kind);
      await this.loadPrevious(collection, this.previousIndex(collection).keys());
      const names = new Map<string, NamedReference>();
      for (const object of this.previousParsed[collection].values()) names.set(object.name, object);
      for (const object of this.allUploaded(collection)) names.set(object.name, object);
      this.byName.set(kind, names);
    }
  }

  /**
   * The profile or material id an upload's reference takes on Q's side: the one named by the filter's name
   * mapping (the upload's, else the previous version's), else a copy of the upload's under the mapped name,
   * made only if the reference passes (keepCopy).
   */
  private mapped(
    kind: NameMappingKind,
    filter: FilterRules,
    id: string | undefined,
  ): { id: string | undefined; copy?: NamedReference } {
    const names = this.byName.get(kind);
    if (id === undefined || !names) return { id };
    const collection = collectionOf(kind);
    const own = this.uploaded(collection, id);
    if (!own) return { id };
    const name = mappedName(filter, kind, own.name);
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

  private keepCopy(kind: NameMappingKind, copy: NamedReference): void {
    if (copy.type === 'Profile') this.setFinal('profiles', copy.id, copy);
    else this.setFinal('materials', copy.id, copy);
    this.byName.get(kind)?.set(copy.name, copy);
  }

  // ---- nodes ----

  /** Puts back the positions and restraints of nodes that held-back elements stand on. */
  private decideNodes(holds: {
    positions: Map<string, Guarded[]>;
    restraints: Map<string, Guarded[]>;
  }): void {
    const ids = new Set([...holds.positions.keys(), ...holds.restraints.keys()]);
    for (const id of ids) {
      const previous = this.previousOf('nodes', id);
      if (!previous) continue; // new in the upload: nothing to keep
      const upload = this.uploaded('nodes', id);
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
      this.setFinal('nodes', id, node);
    }
  }

  /** A node of Q whose position and restraint the upload does not change stays Q's, as elements do. */
  private async keepUnchangedNodes(): Promise<void> {
    const uploadIndex = this.uploadIndex('nodes');
    const decided = this.patches.nodes.replaced;
    const changed = this.previous.manifest.collections.nodes
      .filter(([id, hash]) => {
        const uploaded = uploadIndex.get(id);
        return uploaded !== undefined && uploaded !== hash && !decided.has(id);
      })
      .map(([id]) => id);
    await this.loadPrevious('nodes', changed);
    for (const id of changed) {
      const previous = this.loadedPrevious('nodes', id);
      const upload = this.listedUpload('nodes', id);
      if (!this.filterFor(lastWriter(upload), lastWriter(previous))) continue;
      if (samePosition(previous, upload) && restraintKey(previous) === restraintKey(upload)) {
        this.setFinal('nodes', id, previous);
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
    const swapped = new Map<string, { holder: Guarded; out: string[]; back: string[] }>();
    const swap = (holder: Guarded) => {
      let lists = swapped.get(holder.id);
      if (!lists) swapped.set(holder.id, (lists = { holder, out: [], back: [] }));
      return lists;
    };
    const previousHashes = new Set(this.previous.manifest.collections.loads.map((entry) => entry[1]));
    const uploadHashes = new Set(this.upload.manifest.collections.loads.map((entry) => entry[1]));
    for (const [id, hash] of this.upload.manifest.collections.loads) {
      if (previousHashes.has(hash)) continue;
      const load = this.listedUpload('loads', id);
      const holder = 'elementId' in load ? holders.get(load.elementId) : undefined;
      if (!holder) continue;
      this.setFinal('loads', id, null);
      removed.add(id);
      swap(holder).out.push(loadContent(load));
    }
    const dropped = this.previous.manifest.collections.loads.filter(([, hash]) => !uploadHashes.has(hash));
    await this.loadPrevious(
      'loads',
      dropped.map(([id]) => id),
    );
    for (const [id] of dropped) {
      const load = this.loadedPrevious('loads', id);
      const holder = 'elementId' in load ? holders.get(load.elementId) : undefined;
      if (!holder) continue;
      let keptId = id;
      for (let suffix = 2; this.hasFinal('loads', keptId); suffix++) keptId = `${id}~${suffix}`;
      this.setFinal('loads', keptId, keptId === id ? load : { ...load, id: keptId });
      swap(holder).back.push(loadContent(load));
    }
    for (const { holder, out, back } of swapped.values()) {
      if (canonicalJson(out.sort()) !== canonicalJson(back.sort())) this.held(holder, 'Loads');
    }
    return removed;
  }

  // ---- groups ----

  /** Memberships of elements that keep theirs, and no member for a load taken out. */
  private async decideGroups(holders: ReadonlyMap<string, Guarded>, removedLoads: ReadonlySet<string>) {
    if (holders.size === 0 && removedLoads.size === 0) return;
    await this.loadPrevious('groups', this.previousIndex('groups').keys());
    const previousGroups: Group[] = [...this.previousParsed.groups.values()];
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

    for (const group of this.allUploaded('groups')) {
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
        this.setFinal('groups', group.id, { ...group, members });
      }
    }
    for (const group of previousGroups) {
      if (this.uploadIndex('groups').has(group.id)) continue;
      const members = group.members.filter((member) => member.kind === 'element' && holders.has(member.id));
      if (members.length === 0) continue;
      this.setFinal('groups', group.id, { ...group, members });
      for (const member of members) {
        const holder = holders.get(member.id);
        if (holder) this.held(holder, 'Groups');
      }
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
      const previous: Grid = this.loadedPrevious('grids', id);
      const upload = this.uploaded('grids', id);
      const from = upload ? lastWriter(upload) : this.uploadPlatform;
      const to = lastWriter(previous);
      const filter = this.filterFor(from, to);
      if (!filter || !from || !to || filter.elementTypes.includes('Grid')) continue;
      this.setFinal('grids', id, previous);
      const entry = { from, to, type: 'Grid', because: 'Grid elements' } as const;
      this.report.add({ ...entry, what: upload ? 'Type' : 'Deletion' }, id);
    }
  }

  // ---- references ----

  /** Objects the kept objects refer to that the upload lacks come from the previous version. */
  private async keepReferencedObjects(): Promise<void> {
    let pending: Array<[ModelCollection, ModelObject]> = [];
    for (const collection of this.patched) {
      const patch: CollectionPatch<ModelObject> = this.patches[collection];
      for (const object of [...patch.replaced.values(), ...patch.appended.values()]) {
        if (object) pending.push([collection, object]);
      }
    }
    while (pending.length > 0) {
      const missing = new Map<ModelCollection, Set<string>>();
      for (const [collection, object] of pending) {
        for (const [field, target] of REFERENCES[collection] ?? []) {
          const id = fieldOf(object, field);
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
        for (const id of ids) pending.push([collection, this.keepPrevious(collection, id)]);
      }
    }
  }

  /** Puts the previous version's object of that id into the version. */
  private keepPrevious<C extends ModelCollection>(collection: C, id: string): ObjectOf<C> {
    const object = this.loadedPrevious(collection, id);
    this.setFinal(collection, id, object);
    return object;
  }

  // ---- result ----

  private build(): FilteredUpload {
    const removed = emptyObjectLists();
    const added = emptyObjectLists();
    const newBodies = new Map<string, string>();
    const store = (object: ModelObject): string => {
      const stored = this.previousStored.get(object);
      if (stored) {
        newBodies.set(stored[0], stored[1]);
        return stored[0];
      }
      const body = canonicalJson(object);
      const hash = this.hashText(body);
      newBodies.set(hash, body);
      return hash;
    };

    const collections = { ...this.upload.manifest.collections };
    for (const collection of MODEL_COLLECTIONS) {
      const entries = this.patchedEntries(collection, store, removed, added);
      if (entries) collections[collection] = entries;
    }
    const manifest: VersionManifest = { ...this.upload.manifest, collections };
    if (manifest.tools) {
      const tools = new Set(manifest.tools);
      for (const collection of MODEL_COLLECTIONS) {
        for (const object of added[collection]) tools.add(object.source.tool);
      }
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

    const countOf = (lists: ObjectLists) => countModel({ ...emptyModel({ tool: 'gusset' }), ...lists });
    const minus = countOf(removed);
    const plus = countOf(added);
    const counts = { ...this.upload.counts };
    for (const key of Object.keys(counts) as (keyof ModelCounts)[]) counts[key] += plus[key] - minus[key];

    return { manifest, objects, counts, items: this.report.items() };
  }

  /** The collection's manifest entries with its patch applied (undefined: not patched), noting what changed. */
  private patchedEntries<C extends ModelCollection>(
    collection: C,
    store: (object: ObjectOf<C>) => string,
    removed: ObjectLists,
    added: ObjectLists,
  ): ManifestEntry[] | undefined {
    if (!this.patched.has(collection)) return undefined;
    const patch: CollectionPatch<ObjectOf<C>> = this.patches[collection];
    const note = (into: ObjectLists, object: ObjectOf<C>) => {
      const list: ObjectOf<C>[] = into[collection];
      list.push(object);
    };
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
      note(removed, this.listedUpload(collection, id));
      if (object !== null && replacement !== undefined) {
        note(added, object);
        entries.push([id, replacement]);
      }
    }
    for (const [id, object] of patch.appended) {
      note(added, object);
      entries.push([id, store(object)]);
    }
    return entries;
  }
}

/** A profile or material: what a name mapping renames. */
type NamedReference = ObjectOf<'profiles'> | ObjectOf<'materials'>;

/** A stored object of that collection: canonical JSON the store wrote from a model object of it. */
function parseObject<C extends ModelCollection>(_collection: C, body: string): ObjectOf<C> {
  return JSON.parse(body) as ObjectOf<C>;
}
