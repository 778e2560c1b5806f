import type { Capability, Translator } from '../types';
import { detectIfc, readIfc } from './read';
import { writeIfc } from './write';

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
  { concept: 'Cable', read: 'none', write: 'none' },
  { concept: 'Link', read: 'none', write: 'none' },
  { concept: 'Component', read: 'none', write: 'none' },
  { concept: 'Foundation', read: 'partial', write: 'none', note: 'IfcFooting, read as a foundation outline' },
  { concept: 'GeoElement', read: 'none', write: 'none' },
  {
    concept: 'Material',
    read: 'full',
    write: 'full',
    note: 'IfcRelAssociatesMaterial (material, profile set, layer set, list); IFC4 Pset_Material* and IFC2X3 mechanical properties',
  },
  {
    concept: 'Profile',
    read: 'partial',
    write: 'partial',
    note: 'I, rectangle, circle and their hollow forms by dimensions, with stated properties; IFC2X3 profile properties; L, C, T, Z and others by name; library sections are written as a named square of equal area',
  },
  { concept: 'Orientation', read: 'full', write: 'full' },
  {
    concept: 'Cardinal point',
    read: 'full',
    write: 'full',
    note: 'IfcMaterialProfileSetUsage (CSI 11 = IFC 15, shear centre); IFC 11–14 and 16–19 read as edge midpoints; left/right points follow IFC profile x',
  },
  {
    concept: 'End offsets and rigid zones',
    read: 'none',
    write: 'none',
    note: 'members are drawn between their nodes',
  },
  {
    concept: 'Releases',
    read: 'full',
    write: 'full',
    note: 'conditions of IfcRelConnectsStructuralMember',
  },
  { concept: 'Restraint', read: 'full', write: 'full', note: 'IfcBoundaryNodeCondition' },
  { concept: 'Springs', read: 'full', write: 'full', note: 'IfcBoundaryNodeCondition stiffnesses' },
  { concept: 'Diaphragm', read: 'none', write: 'none' },
  { concept: 'LinkProperty', read: 'none', write: 'none' },
  { concept: 'LoadPattern', read: 'full', write: 'full', note: 'IfcStructuralLoadCase' },
  {
    concept: 'LoadCase',
    read: 'full',
    write: 'full',
    note: 'IfcStructuralLoadGroup; combinations as LOAD_COMBINATION groups with factors',
  },
  { concept: 'LoadCombination', read: 'full', write: 'full' },
  { concept: 'PointLoad', read: 'partial', write: 'partial', note: 'single forces, global directions' },
  {
    concept: 'LinearLoad',
    read: 'partial',
    write: 'partial',
    note: 'linear actions (trapezoids); written for whole-member and point loads on members',
  },
  { concept: 'AreaLoad', read: 'partial', write: 'full', note: 'planar force actions' },
  { concept: 'Group', read: 'none', write: 'none' },
  { concept: 'Results', read: 'none', write: 'none', note: 'IfcStructuralPointReaction is not read' },
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
