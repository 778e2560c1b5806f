import type {
  Attributes,
  Element,
  FrameProfile,
  Material,
  MaterialKind,
  Profile,
  SectionShape,
} from '../../schema';
import { setAttribute } from '../../schema';
import type { IfcFile, IfcLine } from './readStep';
import { CLASS_NAMES, enumValue, num, ref, refs, str } from './readStep';
import type { IfcUnits } from './readUnits';
import { unitFactor } from './readUnits';

/** What an element's IfcRelAssociatesMaterial says: its material, profile and cardinal point. */
export interface MaterialUse {
  materialId?: string;
  /** The profile definition of a profile set (IFC4 framing). */
  profile?: IfcLine;
  /** IfcMaterialProfileSetUsage.CardinalPoint, IFC numbering (see `csiCardinalPoint`). */
  cardinalPoint?: number;
  /** IFC2X3 IfcGeneralProfileProperties (IfcRelAssociatesProfileProperties) that state no profile definition. */
  profileProperties?: IfcLine;
  /** IFC2X3 IfcRelAssociatesProfileProperties.ProfileOrientation: an angle (file units) or an IfcDirection. */
  profileOrientation?: { angle: number } | { direction: IfcLine };
  /** Total thickness of a layer set (walls, slabs), file units. */
  layerThickness?: number;
  /** The layer set's name: the shell property it stands for (ours writes the property's name there). */
  layerSetName?: string;
}

const KIND_WORDS: readonly [RegExp, MaterialKind][] = [
  [/rebar|reinforc/i, 'rebar'],
  [/tendon|strand/i, 'tendon'],
  [/cold.?formed/i, 'coldformed'],
  [/steel|S235|S275|S355|A36|A992|A572|metal/i, 'steel'],
  [/concrete|beton|béton|C\d\d\/\d\d/i, 'concrete'],
  [/alumin/i, 'aluminum'],
  [/masonry|brick|block|stone/i, 'masonry'],
];

/** Mechanical properties by IFC property name → canonical field and the units it is in. */
const MATERIAL_PROPERTIES: Record<string, [keyof Material, keyof IfcUnits | 'none']> = {
  YoungModulus: ['elasticModulus', 'modulus'],
  ShearModulus: ['shearModulus', 'modulus'],
  PoissonRatio: ['poissonRatio', 'none'],
  ThermalExpansionCoefficient: ['thermalCoefficient', 'none'],
  MassDensity: ['massDensity', 'massDensity'],
  YieldStress: ['fy', 'pressure'],
  UltimateStress: ['fu', 'pressure'],
  CompressiveStrength: ['fc', 'pressure'],
};

/**
 * Stated section properties (IFC2X3 IfcStructuralProfileProperties attributes, IFC4 Pset_ProfileMechanical
 * properties) → canonical fields. IFC's member axes are x along the member, z = the section's depth direction
 * (IfcStructuralCurveMember.Axis, CSI axis 2) and y across it: Iy is the strong-axis inertia (CSI I33), the shear
 * area along z is CSI As2.
 */
type SectionProperties = NonNullable<FrameProfile['properties']>;

const SECTION_PROPERTIES: [string, keyof SectionProperties, 'area' | 'inertia'][] = [
  ['CrossSectionArea', 'area', 'area'],
  ['MomentOfInertiaY', 'i33', 'inertia'],
  ['MomentOfInertiaZ', 'i22', 'inertia'],
  ['TorsionalConstantX', 'j', 'inertia'],
  ['ShearDeformationAreaZ', 'as2', 'area'],
  ['ShearDeformationAreaY', 'as3', 'area'],
  ['ShearAreaZ', 'as2', 'area'],
  ['ShearAreaY', 'as3', 'area'],
];

/** IFC2X3 material property entities whose class says what the material is. */
const KIND_OF_PROPERTIES: Record<string, MaterialKind> = {
  IFCMECHANICALSTEELMATERIALPROPERTIES: 'steel',
  IFCMECHANICALCONCRETEMATERIALPROPERTIES: 'concrete',
};

/**
 * Materials and profiles of the file, created on first use so the model holds only those elements use.
 * Materials are keyed by their IfcMaterial express id (ids are their names, made unique); profiles by shape
 * and name, so the 1,949 profile definitions of a Tekla export become the few dozen sections they describe.
 */
export class ProfileTable {
  readonly materials: Material[] = [];
  readonly profiles: Profile[] = [];
  private readonly materialById = new Map<number, Material>();
  private readonly profileByKey = new Map<string, Profile[]>();
  /** Frame profiles by provisional id (named as the file names them until `finish`); those named from a type. */
  private readonly frameProfiles = new Map<string, Profile>();
  private readonly fromType = new Set<string>();
  private readonly usedIds = new Set<string>();
  private readonly usedProfileIds = new Set<string>();
  private readonly materialUse = new Map<number, MaterialUse>();
  private materialProperties: Map<number, IfcLine[]> | undefined;
  private profileProperties: Map<number, IfcLine[]> | undefined;
  /** Frame profiles whose IFC shape has no canonical equivalent (kept by name), for the report. */
  readonly unmapped = new Set<Profile>();

  constructor(
    private readonly file: IfcFile,
    private readonly units: IfcUnits,
  ) {}

  /** The material association of every product, by product express id (read once). */
  associations(): Map<number, MaterialUse> {
    if (this.materialUse.size === 0) {
      for (const relation of this.file.linesOf('IFCRELASSOCIATESMATERIAL')) {
        const use = this.readUse(this.file.line(ref(relation['RelatingMaterial'])));
        for (const productId of refs(relation['RelatedObjects'])) this.materialUse.set(productId, use);
      }
      // IFC2X3 gives a structural member its section through profile properties, not the material.
      for (const relation of this.file.linesOf('IFCRELASSOCIATESPROFILEPROPERTIES')) {
        const properties = this.file.line(ref(relation['RelatingProfileProperties']));
        if (!properties) continue;
        const definition = this.file.line(ref(properties['ProfileDefinition']));
        const rawOrientation = relation['ProfileOrientation'];
        const direction = this.file.follow(rawOrientation, 'IFCDIRECTION');
        const angle = direction ? undefined : num(rawOrientation);
        const profileOrientation = direction
          ? { direction }
          : angle !== undefined && angle !== 0
            ? { angle }
            : undefined;
        for (const productId of refs(relation['RelatedObjects'])) {
          const use = this.materialUse.get(productId) ?? {};
          if (use.profile) continue;
          this.materialUse.set(productId, {
            ...use,
            ...(definition ? { profile: definition } : { profileProperties: properties }),
            ...(profileOrientation ? { profileOrientation } : {}),
          });
        }
      }
    }
    return this.materialUse;
  }

  private readUse(relating: IfcLine | undefined): MaterialUse {
    const file = this.file;
    const type = file.typeOf(relating);
    if (!relating) return {};
    if (type === 'IFCMATERIAL') return { materialId: this.material(relating) };
    if (type === 'IFCMATERIALPROFILESETUSAGE' || type === 'IFCMATERIALPROFILESETUSAGETAPERING') {
      const inner = this.readUse(file.line(ref(relating['ForProfileSet'])));
      const cardinalPoint = num(relating['CardinalPoint']);
      return cardinalPoint === undefined ? inner : { ...inner, cardinalPoint };
    }
    if (type === 'IFCMATERIALPROFILESET') {
      const first = file.line(refs(relating['MaterialProfiles'])[0]);
      return {
        materialId: this.material(file.line(ref(first?.['Material']))),
        profile: file.line(ref(first?.['Profile'])),
      };
    }
    if (type === 'IFCMATERIALLAYERSETUSAGE') return this.readUse(file.line(ref(relating['ForLayerSet'])));
    if (type === 'IFCMATERIALLAYERSET') {
      // The thickest layer carries the load in the usual wall and slab build-ups; the total is the thickness.
      let thickest: IfcLine | undefined;
      let total = 0;
      for (const layerId of refs(relating['MaterialLayers'])) {
        const layer = file.line(layerId);
        const thickness = num(layer?.['LayerThickness']) ?? 0;
        total += thickness;
        if (layer && thickness > (num(thickest?.['LayerThickness']) ?? -1)) thickest = layer;
      }
      const materialId = this.material(file.line(ref(thickest?.['Material'])));
      const layerSetName = str(relating['LayerSetName']);
      return {
        materialId,
        ...(total > 0 ? { layerThickness: total } : {}),
        ...(layerSetName ? { layerSetName } : {}),
      };
    }
    if (type === 'IFCMATERIALLIST')
      return { materialId: this.material(file.line(refs(relating['Materials'])[0])) };
    if (type === 'IFCMATERIALCONSTITUENTSET') {
      const first = file.line(refs(relating['MaterialConstituents'])[0]);
      return { materialId: this.material(file.line(ref(first?.['Material']))) };
    }
    if (type === 'IFCMATERIALLAYER' || type === 'IFCMATERIALPROFILE') {
      return { materialId: this.material(file.line(ref(relating['Material']))) };
    }
    return {};
  }

  /** The canonical material of an IfcMaterial, created on first use. */
  material(line: IfcLine | undefined): string | undefined {
    if (!line || this.file.typeOf(line) !== 'IFCMATERIAL') return undefined;
    const known = this.materialById.get(line.expressID);
    if (known) return known.id;
    const name = str(line['Name'])?.trim() || `Material #${line.expressID}`;
    const category = str(line['Category']) ?? '';
    let id = name;
    for (let suffix = 2; this.usedIds.has(id); suffix++) id = `${name} (${suffix})`;
    this.usedIds.add(id);
    const attributes: Attributes = {};
    setAttribute(attributes, 'ifcClass', 'IfcMaterial');
    if (category) setAttribute(attributes, 'ifcCategory', category);
    // A category of "other" says the kind outright (a steel-named material of kind other stays other).
    const kind = /^other$/i.test(category.trim())
      ? 'other'
      : (KIND_WORDS.find(([pattern]) => pattern.test(`${category} ${name}`))?.[1] ?? 'other');
    const material: Material = { id, type: 'Material', source: { tool: 'ifc' }, name, attributes, kind };
    this.readMaterialProperties(line.expressID, material);
    this.materialById.set(line.expressID, material);
    this.materials.push(material);
    return id;
  }

  /** IFC4 IfcMaterialProperties (Pset_MaterialMechanical, …Common, …Steel, …Concrete and ETABS's own sets). */
  private readMaterialProperties(materialId: number, material: Material): void {
    if (!this.materialProperties) {
      this.materialProperties = new Map();
      for (const set of this.file.linesOf('IFCMATERIALPROPERTIES')) {
        const owner = ref(set['Material']);
        if (owner === undefined) continue;
        const list = this.materialProperties.get(owner) ?? [];
        list.push(set);
        this.materialProperties.set(owner, list);
      }
    }
    for (const set of this.materialProperties.get(materialId) ?? []) {
      // IFC2X3: IfcMechanicalMaterialProperties and its kin state the values as attributes.
      const setType = this.file.typeOf(set);
      for (const [name, [field, quantity]] of Object.entries(MATERIAL_PROPERTIES)) {
        const value = num(set[name]);
        if (value === undefined) continue;
        (material as Record<string, unknown>)[field] =
          value * (quantity === 'none' ? 1 : (this.units[quantity] as number));
      }
      const kind = KIND_OF_PROPERTIES[setType];
      if (kind && material.kind === 'other') material.kind = kind;
      // IFC4 property sets hold IfcPropertySingleValue; IFC2X3 IfcExtendedMaterialProperties the same, by
      // another attribute name.
      for (const propertyId of [...refs(set['Properties']), ...refs(set['ExtendedProperties'])]) {
        const property = this.file.line(propertyId);
        const name = str(property?.['Name']);
        const mapping = name === undefined ? undefined : MATERIAL_PROPERTIES[name];
        const value = num(property?.['NominalValue']);
        if (!property || !mapping || value === undefined) continue;
        const [field, quantity] = mapping;
        const own = unitFactor(this.file, this.file.line(ref(property['Unit'])));
        // A property with its own unit is in SI times that unit's factor; else in the project's unit.
        const factor = quantity === 'none' ? 1 : (own ?? (this.units[quantity] as number));
        (material as Record<string, unknown>)[field] = value * factor;
      }
    }
  }

  /**
   * The canonical frame profile of an IfcProfileDef, created on first use. Definitions with the same name, shape
   * and material whose dimensions agree within PROFILE_TOLERANCE_MM are one profile (exporters repeat a section
   * per member with float noise: 304.8 and 304.800000000003). The id returned is provisional until `finish`
   * names the profiles.
   */
  frameProfile(profile: IfcLine, materialId: string | undefined): string {
    const shaped = this.section(profile);
    const { attributes } = shaped;
    const properties = this.statedProperties(this.propertiesOf(profile.expressID));
    // A bare IfcProfileDef with its mechanical properties is a section defined by them (CSI's general section);
    // by its name alone, a catalogue section.
    const section: SectionShape =
      this.file.typeOf(profile) === 'IFCPROFILEDEF' && properties?.area !== undefined
        ? { shape: 'general' }
        : shaped.section;
    const name = str(profile['ProfileName'])?.trim() || sectionName(section, this.file.typeOf(profile));
    const id = this.frameProfileOf(name, section, attributes, materialId, properties);
    if (section.shape === 'library' || section.shape === 'general') {
      const created = this.frameProfiles.get(id);
      if (created) this.unmapped.add(created);
    }
    return id;
  }

  /**
   * The profile of IFC2X3 profile properties that name a section without defining its shape: a section by name
   * (or `general`) with the properties they state.
   */
  propertiesProfile(properties: IfcLine, materialId: string | undefined): string {
    const name = str(properties['ProfileName'])?.trim();
    const attributes: Attributes = {};
    setAttribute(attributes, 'ifcProfileType', ifcClassName(this.file.typeOf(properties)));
    const section: SectionShape = name ? { shape: 'library', designation: name } : { shape: 'general' };
    const id = this.frameProfileOf(
      name || 'General',
      section,
      attributes,
      materialId,
      this.statedProperties([properties]),
    );
    const created = this.frameProfiles.get(id);
    if (created) this.unmapped.add(created);
    return id;
  }

  /** IfcProfileProperties (both schemas) that describe a profile definition, by the definition's express id. */
  private propertiesOf(profileId: number): IfcLine[] {
    if (!this.profileProperties) {
      this.profileProperties = new Map();
      for (const set of this.file.linesOf('IFCPROFILEPROPERTIES')) {
        const owner = ref(set['ProfileDefinition']);
        if (owner === undefined) continue;
        this.profileProperties.set(owner, [...(this.profileProperties.get(owner) ?? []), set]);
      }
    }
    return this.profileProperties.get(profileId) ?? [];
  }

  /** Section properties the file states: IFC2X3 attributes or IFC4 single values, in mm² and mm⁴. */
  private statedProperties(sets: IfcLine[]): SectionProperties | undefined {
    const stated: SectionProperties = {};
    for (const set of sets) {
      const values = new Map<string, number>();
      for (const [name] of SECTION_PROPERTIES) {
        const value = num(set[name]);
        if (value !== undefined) values.set(name, value);
      }
      for (const propertyId of refs(set['Properties'])) {
        const property = this.file.line(propertyId);
        const name = str(property?.['Name']);
        const value = num(property?.['NominalValue']);
        if (name !== undefined && value !== undefined) values.set(name, value);
      }
      for (const [name, field, quantity] of SECTION_PROPERTIES) {
        const value = values.get(name);
        // ShearDeformationArea comes first in the list: a steel set's ShearArea does not override it.
        if (value !== undefined && value > 0 && stated[field] === undefined) {
          stated[field] = value * this.units[quantity];
        }
      }
    }
    return Object.keys(stated).length > 0 ? stated : undefined;
  }

  /**
   * The profile of a member that has no profile definition (a faceted body, as Tekla exports most members), named
   * by what the file calls its type (IfcObject.ObjectType: 'H80/80/8', 'HEA200'), as a library designation. If
   * the file defines a profile of that name and material for other members, `finish` gives the member that one.
   */
  namedFrameProfile(designation: string, materialId: string | undefined): string {
    const attributes: Attributes = {};
    setAttribute(attributes, 'ifcProfileFrom', 'ObjectType');
    const id = this.frameProfileOf(designation, { shape: 'library', designation }, attributes, materialId);
    this.fromType.add(id);
    return id;
  }

  private frameProfileOf(
    name: string,
    section: SectionShape,
    attributes: Attributes,
    materialId: string | undefined,
    properties?: SectionProperties,
  ): string {
    const key = JSON.stringify([name, section.shape, materialId ?? '']);
    const candidates = this.profileByKey.get(key) ?? [];
    const known = candidates.find(
      (candidate) => candidate.kind === 'frame' && sameSection(candidate.section, section),
    );
    if (known) return known.id;
    const created: Profile = {
      id: `${PROVISIONAL}${this.frameProfiles.size}`,
      type: 'Profile',
      source: { tool: 'ifc' },
      name,
      attributes,
      kind: 'frame',
      section,
      ...(properties ? { properties } : {}),
      ...(materialId ? { materialId } : {}),
    };
    this.frameProfiles.set(created.id, created);
    candidates.push(created);
    this.profileByKey.set(key, candidates);
    this.profiles.push(created);
    return created.id;
  }

  /**
   * Names the frame profiles once the whole file is read, and points the elements at them. A profile named from a
   * member's type is the file's own profile of that name and material when there is one. Different profiles that
   * share a name get distinct names, '300x300' and '300x300 (2)', in file order: a section name is how ETABS,
   * SAP2000 and people refer to a section, so two sections cannot share one. Returns the names given more than
   * once, with the names given, for the report.
   */
  finish(elements: Element[]): [name: string, given: string[]][] {
    const key = (profile: Profile): string => JSON.stringify([profile.name, profile.materialId ?? '']);
    const defined = new Map<string, Profile>();
    for (const profile of this.frameProfiles.values()) {
      if (!this.fromType.has(profile.id) && !defined.has(key(profile))) defined.set(key(profile), profile);
    }
    const sameAs = new Map<string, Profile>();
    for (const id of this.fromType) {
      const profile = this.frameProfiles.get(id) as Profile;
      const same = defined.get(key(profile));
      if (same) sameAs.set(id, same);
    }
    const finalId = new Map<string, string>();
    const namesGiven = new Map<string, string[]>();
    const kept: Profile[] = [];
    for (const profile of this.profiles) {
      if (!this.frameProfiles.has(profile.id)) {
        kept.push(profile);
        continue;
      }
      if (sameAs.has(profile.id)) continue;
      const name = profile.name;
      let id = name;
      for (let suffix = 2; this.usedProfileIds.has(id); suffix++) id = `${name} (${suffix})`;
      this.usedProfileIds.add(id);
      namesGiven.set(name, [...(namesGiven.get(name) ?? []), id]);
      finalId.set(profile.id, id);
      profile.id = id;
      profile.name = id;
      kept.push(profile);
    }
    // Named above, so the profile a type name resolves to has its final id now.
    for (const [id, same] of sameAs) finalId.set(id, same.id);
    this.profiles.splice(0, this.profiles.length, ...kept);
    for (const element of elements) {
      if (!('profileId' in element) || element.profileId === undefined) continue;
      const id = finalId.get(element.profileId);
      if (id !== undefined) element.profileId = id;
    }
    return [...namesGiven].filter(([name, given]) => given.length > 1 || given[0] !== name);
  }

  /** A shell property for slabs, walls and plates by use and thickness (mm), created on first use. */
  shellProfile(
    use: 'slab' | 'wall' | 'other',
    thicknessMm: number | undefined,
    materialId: string | undefined,
    behaviour?: string,
    statedName?: string,
  ): string {
    // Named by the layer set when the file names it; otherwise by use, thickness (to 0.1 mm) and material.
    const rounded = thicknessMm === undefined ? undefined : Math.round(thicknessMm * 10) / 10;
    const name =
      statedName ??
      `${use === 'slab' ? 'Slab' : use === 'wall' ? 'Wall' : 'Plate'} ${rounded ?? '?'} mm${materialId ? ` ${materialId}` : ''}`;
    const key = JSON.stringify(['shell', name, thicknessMm ?? null, materialId ?? null, behaviour ?? null]);
    const known = this.profileByKey.get(key)?.[0];
    if (known) return known.id;
    let id = name;
    for (let suffix = 2; this.usedProfileIds.has(id); suffix++) id = `${name} (${suffix})`;
    this.usedProfileIds.add(id);
    const created: Profile = {
      id,
      type: 'Profile',
      source: { tool: 'ifc' },
      name,
      attributes: {},
      kind: 'shell',
      use,
      // The thickness as stated: the name rounds it, the model must not (a 0.0001 mm membrane is not 0).
      ...(thicknessMm !== undefined ? { thickness: thicknessMm } : {}),
      ...(materialId ? { materialId } : {}),
      ...(behaviour ? { behaviour } : {}),
    };
    this.profileByKey.set(key, [created]);
    this.profiles.push(created);
    return id;
  }

  /** IfcProfileDef subtype → canonical section shape (mm); shapes the schema has no field for keep their name. */
  private section(profile: IfcLine): { section: SectionShape; attributes: Attributes } {
    const file = this.file;
    const type = file.typeOf(profile);
    const mm = (key: string): number => (num(profile[key]) ?? 0) * this.units.length;
    const attributes: Attributes = {};
    setAttribute(attributes, 'ifcProfileType', ifcClassName(type));
    switch (type) {
      case 'IFCISHAPEPROFILEDEF':
        return {
          section: {
            shape: 'i',
            depth: mm('OverallDepth'),
            flangeWidth: mm('OverallWidth'),
            flangeThickness: mm('FlangeThickness'),
            webThickness: mm('WebThickness'),
          },
          attributes,
        };
      case 'IFCASYMMETRICISHAPEPROFILEDEF':
        return {
          section: {
            shape: 'i',
            depth: mm('OverallDepth'),
            flangeWidth: mm('TopFlangeWidth') || mm('OverallWidth'),
            flangeThickness: mm('TopFlangeThickness') || mm('BottomFlangeThickness'),
            webThickness: mm('WebThickness'),
            bottomFlangeWidth: mm('BottomFlangeWidth'),
            bottomFlangeThickness: mm('BottomFlangeThickness'),
          },
          attributes,
        };
      case 'IFCRECTANGLEPROFILEDEF':
        return { section: { shape: 'rectangle', depth: mm('YDim'), width: mm('XDim') }, attributes };
      case 'IFCRECTANGLEHOLLOWPROFILEDEF':
        return {
          section: {
            shape: 'tube',
            depth: mm('YDim'),
            width: mm('XDim'),
            flangeThickness: mm('WallThickness'),
            webThickness: mm('WallThickness'),
          },
          attributes,
        };
      case 'IFCCIRCLEPROFILEDEF':
        return { section: { shape: 'circle', diameter: 2 * mm('Radius') }, attributes };
      case 'IFCCIRCLEHOLLOWPROFILEDEF':
        return {
          section: { shape: 'pipe', diameter: 2 * mm('Radius'), wallThickness: mm('WallThickness') },
          attributes,
        };
      default: {
        // L, C (U), T, Z and arbitrary outlines have no parametric shape in the canonical model: they are named
        // shapes, with the IFC dimensions kept so a writer or a person can rebuild them.
        for (const [key, raw] of Object.entries(profile)) {
          // References (the outline curve, the position) are entities, not dimensions.
          const value = ref(raw) === undefined ? num(raw) : undefined;
          if (value !== undefined && key !== 'expressID' && key !== 'type') {
            setAttribute(attributes, `ifc${key}`, value * (/Slope|Angle/.test(key) ? 1 : this.units.length));
          }
        }
        const name = str(profile['ProfileName'])?.trim();
        return {
          section: name ? { shape: 'library', designation: name } : { shape: 'general' },
          attributes,
        };
      }
    }
  }
}

/** Frame profile ids before `finish` names them (no IFC name holds a NUL). */
const PROVISIONAL = '\u0000profile ';

/** Dimensions that differ by less than this (mm, or relative for large ones) are the same dimension. */
const PROFILE_TOLERANCE_MM = 0.001;
const PROFILE_TOLERANCE_RELATIVE = 1e-6;

/** Same shape and every dimension equal within the tolerance (designations and library names exactly). */
function sameSection(a: SectionShape, b: SectionShape): boolean {
  if (a.shape !== b.shape) return false;
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    const x = left[key];
    const y = right[key];
    if (typeof x === 'number' && typeof y === 'number') {
      const allowed = Math.max(
        PROFILE_TOLERANCE_MM,
        PROFILE_TOLERANCE_RELATIVE * Math.max(Math.abs(x), Math.abs(y)),
      );
      if (!(Math.abs(x - y) <= allowed)) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/** `IFCLSHAPEPROFILEDEF` → `IfcLShapeProfileDef`, for messages and attributes. */
export function ifcClassName(upper: string): string {
  return CLASS_NAMES.get(upper) ?? upper.replace(/^IFC/, 'Ifc');
}

function sectionName(section: SectionShape, type: string): string {
  switch (section.shape) {
    case 'rectangle':
      return `R ${round(section.depth)}x${round(section.width)}`;
    case 'circle':
      return `C ${round(section.diameter)}`;
    case 'pipe':
      return `P ${round(section.diameter)}x${round(section.wallThickness)}`;
    case 'tube':
      return `T ${round(section.depth)}x${round(section.width)}x${round(section.flangeThickness)}`;
    case 'i':
      return `I ${round(section.depth)}x${round(section.flangeWidth)}`;
    default:
      return ifcClassName(type);
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The enumeration word of an element's PredefinedType, '' when absent or NOTDEFINED/USERDEFINED. */
export function predefinedType(line: IfcLine): string {
  const value = enumValue(line['PredefinedType']) ?? '';
  return value === 'NOTDEFINED' || value === 'USERDEFINED' ? '' : value;
}

/**
 * IfcCardinalPointReference → CSI cardinal point. IFC 1–9 are the bounding box points and 10 the centroid, as in
 * CSI; IFC 15 (shear centre) is CSI 11. IFC 11–14 put the axis on an edge in line with the centroid and 16–19 in
 * line with the shear centre: CSI has no such points, so they become the edge's middle (2, 4, 6, 8), which is the
 * same point for a doubly symmetric section and an approximation otherwise.
 */
export function csiCardinalPoint(
  ifc: number | undefined,
  section: SectionShape | undefined,
): { cardinalPoint?: number; approximated?: string; dropped?: string } {
  if (ifc === undefined) return {};
  if (!Number.isInteger(ifc) || ifc < 1 || ifc > 19) {
    return { dropped: `IFC cardinal point ${ifc} is not one IFC defines (1–19)` };
  }
  if (ifc <= 10) return { cardinalPoint: ifc };
  if (ifc === 15) return { cardinalPoint: 11 };
  // 11/16 bottom, 12/17 left, 13/18 right, 14/19 top.
  const cardinalPoint = [2, 4, 6, 8][ifc > 15 ? ifc - 16 : ifc - 11] as number;
  if (section && doublySymmetric(section)) return { cardinalPoint };
  const what = ifc < 15 ? 'the centroid' : 'the shear centre';
  return {
    cardinalPoint,
    approximated: `IFC cardinal point ${ifc} (an edge in line with ${what}) is CSI ${cardinalPoint}, the middle of that edge; they differ for a section that is not doubly symmetric`,
  };
}

function doublySymmetric(section: SectionShape): boolean {
  if (section.shape === 'rectangle' || section.shape === 'circle' || section.shape === 'pipe') return true;
  if (section.shape === 'tube') return true;
  if (section.shape === 'i') {
    return (
      (section.bottomFlangeWidth === undefined || section.bottomFlangeWidth === section.flangeWidth) &&
      (section.bottomFlangeThickness === undefined ||
        section.bottomFlangeThickness === section.flangeThickness)
    );
  }
  return false;
}

/** The canonical section of a frame profile id, once a member has it (for cardinal point checks). */
export function sectionOf(table: ProfileTable, profileId: string | undefined): SectionShape | undefined {
  if (profileId === undefined) return undefined;
  const profile = table.profiles.find((candidate) => candidate.id === profileId);
  return profile?.kind === 'frame' ? profile.section : undefined;
}
