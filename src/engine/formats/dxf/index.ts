/**
 * AutoCAD DXF export (issue #9): not a FileTranslator — Gusset writes DXF drawings of a model and never reads
 * them back. `writeDxf(model)` answers the file's bytes and a report of what was drawn per layer.
 */
export { ELEMENT_LAYERS, GRID_LAYER, SECTION_LAYER, TITLE_LAYER, type DxfLayerStyle } from './layers';
export {
  planTitle,
  writeDxf,
  type DxfExport,
  type DxfOptions,
  type DxfPlanReport,
  type DxfReport,
} from './write';

/** The file name extension of the drawing. */
export const DXF_EXTENSION = '.dxf';
