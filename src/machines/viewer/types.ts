import type { ModelRole } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import type { SceneData } from '../../engine/scene';
import type { AttributeValue, DisplayUnit } from '../../engine/schema';
import type { DiffViewWire } from '../../contract/http/compare';
import type { PropertyGroup } from '../../engine/diff/types';
import type { ModelAbilities } from '../model/abilities';
import type { CompareSide } from '../reports/changeList';
import type { DiffStatus } from '../reports/diffMachine';

/*
 * The viewer screen's vocabulary. Machines may not import src/viewer (no Babylon, not even its types), so the
 * names the viewer understands are repeated here; ViewerCanvas hands them to the viewer, and the compiler checks
 * there that both sides still agree.
 */

/** Colour themes, in the order the toolbar offers them (spec section 3). */
export const VIEWER_THEMES = ['light', 'dark', 'white'] as const;
export type ViewerTheme = (typeof VIEWER_THEMES)[number];

/** Standard camera directions. */
export const CAMERA_VIEWS = ['top', 'front', 'side', 'iso'] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];

/** Layers of glyphs and helpers that can be switched on and off. */
export const VIEWER_LAYERS = ['nodes', 'grids', 'levels', 'restraints', 'releases', 'loads'] as const;
export type ViewerLayer = (typeof VIEWER_LAYERS)[number];

/** The screen's side panels, each open or collapsed to a rail (issue #23: the canvas keeps most of the window). */
export const VIEWER_PANELS = ['filters', 'properties', 'changes', 'results'] as const;
export type ViewerPanel = (typeof VIEWER_PANELS)[number];

/** The four checklists of the filter panel; values are element type names, level, profile and material ids. */
export const FILTER_FACETS = ['types', 'levels', 'profiles', 'materials'] as const;
export type FilterFacet = (typeof FILTER_FACETS)[number];

/**
 * What the viewer shows (the viewer's ElementFilter): per checklist the values shown, `null` for every value
 * (an empty list shows none); `search` matches the element's name or id as a case-insensitive substring.
 */
export interface ShownElements {
  types: readonly string[] | null;
  levels: readonly string[] | null;
  profiles: readonly string[] | null;
  materials: readonly string[] | null;
  search: string;
}

/** An axis-aligned box in model millimetres, x y z. */
export interface SectionBoxMm {
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * A one-shot camera move: the serial grows with each request so asking twice moves twice. `elements` flies to
 * those elements (the viewer knows where they are, so the move starts at once, without waiting for any data).
 */
export type CameraCommand =
  { kind: CameraView | 'fit'; serial: number } | { kind: 'elements'; ids: readonly string[]; serial: number };

/**
 * How the model is looked at: the 3-D perspective view, the plan of a level or the elevation on a grid line
 * (orthographic, only that drawing's elements). Ids are SceneData's.
 */
export type ViewMode =
  { kind: '3d' } | { kind: 'plan'; levelId: string } | { kind: 'elevation'; gridId: string };

/** What the viewer reported after drawing a scene. */
export interface DrawnScene {
  elementCount: number;
  drawCalls: number;
  buildMs: number;
}

/** A canonical object as stored (its schema depends on its type); the panel reads the fields below. */
export interface CanonicalObject {
  id: string;
  name: string;
  type?: string;
  source?: { tool: string; version?: string };
  attributes?: Record<string, AttributeValue>;
  [field: string]: unknown;
}

/** GET …/versions/{versionId}/elements/{elementId}: what the properties panel shows of one element. */
export interface ElementProperties {
  element: CanonicalObject;
  profile: CanonicalObject | null;
  material: CanonicalObject | null;
  level: CanonicalObject | null;
  nodes: ReadonlyArray<{ id: string; x: number; y: number; z: number }>;
  lengthMm: number | null;
  units: DisplayUnit;
  loads: number;
}

/** What loadScene hands back: the version's scene (the wire adds the model and version ids). */
export type LoadedScene = SceneData;

export interface ViewerInput {
  modelId: string;
  /** Newest first. */
  versions: readonly Version[];
  /** The version asked for in the URL (?version=), or null for the latest. */
  versionId: string | null;
  /** The user's preferences.colorSchemes.default; light when absent. */
  theme: ViewerTheme | null;
  role: ModelRole;
  /** Whether the model has a thumbnail already (the models list shows it). */
  hasThumbnail: boolean;
  /** The version to compare with (?compare=): opens in diff mode when it is another known version. */
  compareVersionId?: string | null;
  /** A change to take the user to once the diff is in (?change=, from a report's line), in diff mode only. */
  changeKey?: string | null;
}

/** Diff mode: two versions, the side drawn, and the diff as the diff machine has it. */
export interface CompareState {
  /** The older version (before). */
  from: string;
  /** The newer version (after). */
  to: string;
  side: CompareSide;
  status: DiffStatus;
  diff: DiffViewWire | null;
  error: string | null;
  /** A change chosen in the list that the viewer cannot select (a node, a load): the list still marks it. */
  focusedKey: string | null;
  /** The property group the list shows (null: all). */
  group: PropertyGroup | null;
}

/** An element under the pointer, the pointer's place on the canvas and the canvas's size (CSS pixels). */
export interface HoveredElement {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ViewerContext {
  modelId: string;
  versions: Version[];
  /** The version shown (or being loaded); null while the model has none. */
  versionId: string | null;
  abilities: ModelAbilities;
  hasThumbnail: boolean;
  scene: LoadedScene | null;
  /** Why the scene could not be shown. */
  error: string | null;
  /** This session's theme: starts at the user's preference and is never written back. */
  theme: ViewerTheme;
  /** Unchecked values of each checklist (all checked: nothing hidden). */
  hidden: Record<FilterFacet, string[]>;
  search: string;
  /** Derived from `hidden` and `search` when they change, so the view applies it only then. */
  filter: ShownElements;
  isolatedLevel: string | null;
  sectionBox: SectionBoxMm | null;
  layers: Record<ViewerLayer, boolean>;
  camera: CameraCommand | null;
  viewMode: ViewMode;
  /** The change named in the address, chosen as soon as the diff and the scene are both in. */
  pendingChangeKey: string | null;
  /** Elements to fly to once the version being loaded is drawn (a change chosen on the side not drawn). */
  flyAfterDraw: readonly string[] | null;
  drawn: DrawnScene | null;
  selectedId: string | null;
  /** The element under the pointer while results are read off on hover, and where the pointer was (CSS px). */
  hovered: HoveredElement | null;
  element: ElementProperties | null;
  elementError: string | null;
  /** Grows with each capture the view is asked for. */
  screenshotSerial: number;
  /** The capture was started by the machine (a model without a thumbnail), not by the user. */
  automaticThumbnail: boolean;
  automaticThumbnailTried: boolean;
  thumbnailError: string | null;
  /** Diff mode, or null for a plain view of one version. */
  compare: CompareState | null;
  /** Issue #9: the shown version's IFC context geometry (GLB), once fetched; null when it has none. */
  contextGeometry: ContextGeometry | null;
  /** Which side panels are open; a collapsed one is a rail with its name. */
  panels: Record<ViewerPanel, boolean>;
}

/** A version's context geometry: glTF binary the viewer draws grey around the model. */
export interface ContextGeometry {
  versionId: string;
  bytes: ArrayBuffer;
}

export type ViewerEvent =
  // The user, through the screen.
  | { type: 'version.select'; versionId: string }
  | { type: 'versions.updated'; versions: readonly Version[] }
  | { type: 'scene.retry' }
  | { type: 'theme.set'; theme: ViewerTheme }
  | { type: 'view.set'; view: CameraView }
  | { type: 'view.fit' }
  /** The plan of a level, the elevation on a grid line, and back to the 3-D view. */
  | { type: 'view.plan'; levelId: string }
  | { type: 'view.elevation'; gridId: string }
  | { type: 'view.perspective' }
  | { type: 'layer.toggle'; layer: ViewerLayer }
  | { type: 'filter.toggle'; facet: FilterFacet; value: string }
  | { type: 'filter.showAll'; facet: FilterFacet }
  | { type: 'filter.search'; text: string }
  | { type: 'level.isolate'; levelId: string | null }
  | { type: 'sectionBox.toggle' }
  /** A bound of the box, in the model's display units. */
  | { type: 'sectionBox.change'; axis: 0 | 1 | 2; bound: 'min' | 'max'; value: number }
  | { type: 'selection.clear' }
  /** Take the camera to the selected element (the properties panel's 'Show in view'). */
  | { type: 'selection.show' }
  | { type: 'thumbnail.requested' }
  | { type: 'panel.toggle'; panel: ViewerPanel }
  /** Diff mode: compare the shown version with another; leave; draw the other side; pick in the list. */
  | { type: 'compare.start'; versionId: string }
  | { type: 'compare.exit' }
  | { type: 'compare.side'; side: CompareSide }
  | { type: 'compare.retry' }
  | { type: 'change.select'; key: string }
  | { type: 'changes.filter'; group: PropertyGroup | null }
  // The viewer, through ViewerCanvas.
  | { type: 'viewer.loaded'; drawn: DrawnScene }
  | { type: 'viewer.selectionChanged'; ids: readonly string[] }
  | { type: 'viewer.hoverChanged'; hovered: HoveredElement | null }
  | { type: 'viewer.failed'; message: string }
  | { type: 'viewer.contextLost' }
  | { type: 'viewer.contextRestored' }
  | { type: 'viewer.screenshotTaken'; dataUrl: string }
  | { type: 'viewer.screenshotFailed'; message: string };

/**
 * `busy` while something the user waits for is under way (the scene loading or being drawn); `empty`,
 * `loading`, `failed`, `ready` for the screen's main state; `drawing`, `contextLost` for the canvas; the
 * properties panel's `elementLoading`; `capturing` and `savingThumbnail` for the thumbnail button.
 */
export type ViewerTag =
  | 'busy'
  | 'empty'
  | 'loading'
  | 'failed'
  | 'ready'
  | 'drawing'
  | 'contextLost'
  | 'elementLoading'
  | 'capturing'
  | 'savingThumbnail';
