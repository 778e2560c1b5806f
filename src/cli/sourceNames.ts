import type { SourceTool } from '../engine/schema';

const TOOL_NAMES: Readonly<Record<SourceTool, string>> = {
  etabs: 'ETABS',
  sap2000: 'SAP2000',
  csibridge: 'CSiBridge',
  safe: 'SAFE',
  ram: 'RAM',
  revit: 'Revit',
  tekla: 'Tekla',
  excel: 'Excel',
  ifc: 'IFC',
  cis2: 'CIS/2',
  gusset: 'Gusset',
};

/** `ETABS 9.7.1`, `SAP2000` (no version known). */
export function describeSource(source: { tool: SourceTool; version?: string | undefined }): string {
  const name = TOOL_NAMES[source.tool];
  return source.version ? `${name} ${source.version}` : name;
}
