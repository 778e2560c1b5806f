/**
 * The CIS/2 (LPM/6, STRUCTURAL_FRAME_SCHEMA) names we write and the variants we accept. No public CIS/2 file and no
 * copy of structural_frame_schema.exp was available (../shared/docs/cis2-ram.md §0), so names and attribute orders
 * marked "unverified" below follow the field notes; the reader finds attributes by type where it can, so a file
 * that orders them differently still reads.
 */
export const CIS2_FORMAT = 'CIS/2';
export const CIS2_SCHEMA = 'STRUCTURAL_FRAME_SCHEMA';
/** CIS/1's schema: recognised only to say it is not supported. */
export const CIS1_SCHEMA = 'LPM4DEP1';

export const E = {
  analysisModel3d: 'ANALYSIS_MODEL_3D',
  node: 'NODE',
  point: 'CARTESIAN_POINT',
  supportLogical: 'BOUNDARY_CONDITION_LOGICAL',
  /**
   * A support of six linear spring stiffnesses (name, description, x, y, z displacement, x, y, z rotation), plain
   * numbers in the global force per length and force·length per radian (unverified attribute order).
   */
  supportSpring: 'BOUNDARY_CONDITION_SPRING_LINEAR',
  elementSimple: 'ELEMENT_CURVE_SIMPLE',
  elementComplex: 'ELEMENT_CURVE_COMPLEX',
  connectivity: 'ELEMENT_NODE_CONNECTIVITY',
  /** Unverified name: the notes say an end release hangs on the connectivity, under an unverified attribute. */
  releaseLogical: 'RELEASE_LOGICAL',
  material: 'MATERIAL_ISOTROPIC',
  materialRepresentation: 'MATERIAL_REPRESENTATION',
  elasticity: 'MATERIAL_ELASTICITY',
  strength: 'MATERIAL_STRENGTH',
  /** Unverified names. */
  massDensity: 'MATERIAL_MASS_DENSITY',
  thermalExpansion: 'MATERIAL_THERMAL_EXPANSION',
  /** Unverified name: the element/section ↔ material link (the notes: "a separate assignment"). */
  materialAssigned: 'MATERIAL_ASSIGNED',
  loadCase: 'LOAD_CASE',
  /** Unverified names. */
  loadCombination: 'LOAD_COMBINATION',
  loadCombinationOccurrence: 'LOAD_COMBINATION_OCCURRENCE',
  loadNode: 'LOAD_NODE',
  loadElementDistributed: 'LOAD_ELEMENT_DISTRIBUTED',
  loadElementConcentrated: 'LOAD_ELEMENT_CONCENTRATED',
  appliedForce: 'APPLIED_LOAD_STATIC_FORCE',
  /**
   * Stated section properties of a SECTION_PROFILE. Attribute order is ours (unverified): section, area,
   * moment_of_inertia_y (major, CSI I33), moment_of_inertia_z (minor, I22), torsional_constant_x (J),
   * shear_area_y (CSI As3), shear_area_z (As2); plain numbers in the global length unit squared or to the fourth.
   */
  sectionProperties: 'SECTION_PROPERTIES',
} as const;

/** SECTION_PROPERTIES' values after the section, as canonical property names. */
export const SECTION_PROPERTY_ORDER = ['area', 'i33', 'i22', 'j', 'as3', 'as2'] as const;

/** Section subtypes we map to a canonical shape; the others are read by name, with their dimensions kept. */
export const SECTION = {
  i: 'SECTION_PROFILE_I_TYPE',
  channel: 'SECTION_PROFILE_CHANNEL',
  angle: 'SECTION_PROFILE_ANGLE',
  rectangle: 'SECTION_PROFILE_RECTANGLE',
  tube: 'SECTION_PROFILE_RECTANGLE_HOLLOW',
  circle: 'SECTION_PROFILE_CIRCLE',
  pipe: 'SECTION_PROFILE_CIRCLE_HOLLOW',
  plain: 'SECTION_PROFILE',
} as const;

/** Attributes that keep what a canonical shape cannot (a channel's dimensions), so a CIS/2 round trip keeps them. */
export const ATTR_PROFILE_ENTITY = 'cis2:profile';
export const ATTR_PROFILE_DIMENSIONS = 'cis2:dimensions';

/** How Gusset marks an analysis case written as a LOAD_COMBINATION (CIS/2 has no analysis-case entity). */
export const ANALYSIS_CASE_PREFIX = 'analysis case: ';
/** How Gusset writes a load pattern's self-weight multiplier into its LOAD_CASE's description. */
export const SELF_WEIGHT_PATTERN = /^(.*) \(self weight (-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\)$/;

export const STANDARD_GRAVITY = 9.80665;

/** Element roles Gusset writes into element_description; read back case-insensitively. */
export const ROLES = ['Beam', 'Column', 'Brace'] as const;

/**
 * Gusset's description of an ANALYSIS_MODEL_3D written from a model with load patterns but no analysis cases (ETABS
 * 9.x): its combinations then name patterns, and no case is inferred per LOAD_CASE when it is read back.
 */
export const NO_ANALYSIS_CASES = 'load patterns only, no analysis cases';

/** Ends a LOAD_CASE's description when no analysis case applies the pattern (the reader then infers none). */
export const PATTERN_WITHOUT_CASE = ' (no analysis case)';
