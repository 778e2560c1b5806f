import type { AreaElement, Cable, FrameElement, Node } from '../../schema';
import type { ReportBuilder } from '../report';
import type { Vec3 } from './writeGeometry';
import type { GlobalIds } from './writeGuid';
import type { StepRef, StepWriter } from './writeStep';

/** A physical element's or structural item's shape, kept so loads and relations can reuse it. */
export interface WrittenMember {
  ref: StepRef;
  shape: StepRef;
  element: FrameElement | Cable;
  start: Vec3;
  end: Vec3;
  axis2: Vec3;
  axis3: Vec3;
}

export interface WrittenSurface {
  ref: StepRef;
  shape: StepRef;
  element: AreaElement;
}

/** What writeLoads needs from the structure written before it. */
export interface StructureIndex {
  step: StepWriter;
  ids: GlobalIds;
  report: ReportBuilder;
  modelContext: StepRef;
  sharedPlacement: StepRef;
  connections: Map<string, { ref: StepRef; shape: StepRef }>;
  curveMembers: Map<string, WrittenMember>;
  surfaceMembers: Map<string, WrittenSurface>;
  nodes: Map<string, Node>;
}
