import { ANALYSIS_LOSS_REASONS } from '../analysisLoss';
import type { Capability, Translator } from '../types';
import { detectIfc, readIfc } from './read';
import { writeIfc } from './write';
import { IFC_WRITE_REASONS } from './writeReasons';

export { detectIfc, readIfc } from './read';
export { writeIfc } from './write';

/**
 * What the IFC translator maps, as data (docs/supported-elements.md is generated from it), in ETABS_CAPABILITIES'
 * concept order. Read: physical models (Revit, Tekla) and IfcStructuralAnalysisModel; write: IFC4 with both.
 */
export const IFC_CAPABILITIES: readonly Capability[] = [
  {
    concept: 'Level',
    read: 'full',
    write: 'full',
    note: 'IfcBuildingStorey (elevation from its placement, else its Elevation)',
  },
  {
    concept: 'Node',
    read: 'partial',
    write: 'full',
    note: 'read: IfcStructuralPointConnection, or member end points merged within 1 mm; written as point connections',
  },
  { concept: 'Grid', read: 'partial', write: 'full', note: 'IfcGrid / IfcGridAxis, straight axes only' },
  {
    concept: 'Beam',
    read: 'full',
    write: 'full',
    note: "IfcBeam / IfcStructuralCurveMember; the line from the 'Axis' representation, else the extruded body",
  },
  { concept: 'Column', read: 'full', write: 'full', note: 'IfcColumn' },
  {
    concept: 'Brace',
    read: 'full',
    write: 'full',
    note: 'IfcMember: a brace when inclined or typed BRACE / STRUT / TIE_ROD',
  },
  {
    concept: 'Floor',
    read: 'partial',
    write: 'partial',
    note: 'IfcSlab, flat IfcPlate, horizontal surface members; written extruded by the shell thickness when known',
  },
  {
    concept: 'Wall',
    read: 'partial',
    write: 'partial',
    note: 'IfcWall / IfcWallStandardCase, vertical surface members; written extruded by the shell thickness when known',
  },
  { concept: 'Area', read: 'partial', write: 'full', note: 'other plates and IfcStructuralSurfaceMember' },
  {
    concept: 'Opening',
    read: 'partial',
    write: 'none',
    note: 'IfcOpeningElement; not written: the model does not say which slab or wall an opening cuts',
  },
  {
    concept: 'Cable',
    read: 'none',
    write: 'partial',
    note: 'written as an IfcMember typed Cable with its curve member; read back as a brace',
  },
  { concept: 'Link', read: 'none', write: 'none' },
  { concept: 'Component', read: 'none', write: 'none' },
  { concept: 'Foundation', read: 'partial', write: 'none', note: 'IfcFooting, read as a foundation outline' },
  { concept: 'GeoElement', read: 'none', write: 'none' },
  {
    concept: 'Material',
    read: 'full',
    write: 'full',
    note: 'IfcRelAssociatesMaterial (material, profile set, layer set, list) of physical and analysis members; IFC4 Pset_Material* and IFC2X3 mechanical properties',
  },
  {
    concept: 'Profile',
    read: 'partial',
    write: 'partial',
    note: 'I, rectangle, circle and their hollow forms by dimensions, with stated properties (Pset_ProfileMechanical, IFC2X3 profile properties), on physical and analysis members; L, C, T, Z and others by name; library and general sections are written as a named square of equal area',
  },
  {
    concept: 'Section modifiers',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.modifier('IFC'),
  },
  {
    concept: 'Member modifiers',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.modifier('IFC'),
  },
  {
    concept: 'Orientation',
    read: 'partial',
    write: 'full',
    note: "the analysis member's Axis (the section's depth); IFC2X3 ProfileOrientation angles read and reported",
  },
  {
    concept: 'Cardinal point',
    read: 'partial',
    write: 'full',
    note: 'IfcMaterialProfileSetUsage (CSI 11 = IFC 15, shear centre); IFC 11–14 and 16–19 read as edge midpoints, reported unless the section is doubly symmetric',
  },
  {
    concept: 'End offsets',
    read: 'partial',
    write: 'partial',
    note: 'written as the gap between the analytical edge and its node (the way ETABS exports rigid end zones) and read back from it; offsets longer than the member are reported',
  },
  {
    concept: 'Rigid zones',
    read: 'partial',
    write: 'none',
    note: `read: such a gap is rigid (factor 1). ${IFC_WRITE_REASONS.rigidZones}`,
  },
  {
    concept: 'Insertion offsets',
    read: 'partial',
    write: 'full',
    note: 'IfcRelConnectsWithEccentricity between the analytical member end and its node, in global axes',
  },
  {
    concept: 'Releases',
    read: 'partial',
    write: 'full',
    note: 'conditions of IfcRelConnectsStructuralMember in member axes; PIN_JOINED_MEMBER; an elastic member end is read as fixed (reported)',
  },
  {
    concept: 'Restraint',
    read: 'partial',
    write: 'full',
    note: 'IfcBoundaryNodeCondition; warping, rotated condition axes and supports on curve or surface connections are reported',
  },
  { concept: 'Springs', read: 'full', write: 'full', note: 'IfcBoundaryNodeCondition stiffnesses' },
  { concept: 'Diaphragm', read: 'none', write: 'none', note: IFC_WRITE_REASONS.diaphragm },
  { concept: 'LinkProperty', read: 'none', write: 'none' },
  { concept: 'LoadPattern', read: 'full', write: 'full', note: 'IfcStructuralLoadCase' },
  {
    concept: 'LoadCase',
    read: 'full',
    write: 'full',
    note: 'IfcStructuralLoadGroup; combinations as LOAD_COMBINATION groups with factors',
  },
  {
    concept: 'Modal case',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.case('IFC'),
  },
  {
    concept: 'Response spectrum case',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.case('IFC'),
  },
  { concept: 'Function', read: 'none', write: 'none', note: ANALYSIS_LOSS_REASONS.function('IFC') },
  { concept: 'LoadCombination', read: 'full', write: 'full' },
  { concept: 'PointLoad', read: 'partial', write: 'partial', note: 'single forces, global directions' },
  {
    concept: 'LinearLoad',
    read: 'partial',
    write: 'partial',
    note: 'linear actions (trapezoids); written for whole-member and point loads on members',
  },
  {
    concept: 'AreaLoad',
    read: 'partial',
    write: 'full',
    note: 'planar force actions, global or local (a surface pressure along local 3)',
  },
  { concept: 'Group', read: 'none', write: 'none', note: 'groups are not written to IFC yet' },
  {
    concept: 'Results',
    read: 'none',
    write: 'none',
    note: `IfcStructuralPointReaction is not read; ${ANALYSIS_LOSS_REASONS.results('IFC')}`,
  },
];

export const ifcTranslator: Translator = {
  id: 'ifc',
  platform: 'Revit',
  title: 'IFC (.ifc: Revit, Tekla; IFC2X3, IFC4, IFC4X3 read, IFC4 written)',
  extensions: ['.ifc'],
  capabilities: IFC_CAPABILITIES,
  detect: detectIfc,
  read: readIfc,
  write: async (model) => writeIfc(model),
};
