import type { SceneData } from '../engine/scene';

/** Spec section 3: the viewer's colour themes. Light by default for normal views, dark for repair. */
export const THEME_NAMES = ['dark', 'light', 'white'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** Change status of an element in a diff (issue #7 fills these; `showDiff` takes them now). */
export const CHANGE_STATUSES = ['added', 'removed', 'modified', 'unchanged'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** An sRGB colour as '#rrggbb'. */
export type HexColor = `#${string}`;

export interface Theme {
  name: ThemeName;
  background: HexColor;
  node: HexColor;
  edge: HexColor;
  grid: HexColor;
  level: HexColor;
  selection: HexColor;
  /** Default colour per element category. */
  elements: {
    column: HexColor;
    beam: HexColor;
    brace: HexColor;
    cable: HexColor;
    floor: HexColor;
    wall: HexColor;
    area: HexColor;
    foundation: HexColor;
    other: HexColor;
  };
  change: Record<ChangeStatus, HexColor>;
  glyphs: { restraint: HexColor; release: HexColor; load: HexColor };
  /**
   * The deformed shape's lines: the ink colour of the background's opposite, apart from every member colour and
   * from a results legend's blues and reds, since one-pixel lines must read over both.
   */
  deformed: HexColor;
}

/** Standard camera directions. */
export const VIEW_NAMES = ['top', 'front', 'side', 'iso'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** Glyph layers that can be switched on and off. */
export const GLYPH_LAYERS = ['nodes', 'grids', 'levels', 'restraints', 'releases', 'loads'] as const;
export type GlyphLayer = (typeof GLYPH_LAYERS)[number];

/**
 * Which elements are shown: per list, the values shown — `null` shows every value, an empty list none.
 * `search` matches element name or id, case-insensitively, as a substring. Levels, profiles and materials are
 * SceneData ids.
 */
export interface ElementFilter {
  types: readonly string[] | null;
  levels: readonly string[] | null;
  profiles: readonly string[] | null;
  materials: readonly string[] | null;
  search: string;
}

/** An axis-aligned box in model mm; elements wholly outside it are hidden (clip planes cut the rest). */
export interface SectionBox {
  min: [number, number, number];
  max: [number, number, number];
}

/** What a pick or a selection hands out: the element's index in SceneData and its id. */
export interface PickedElement {
  index: number;
  id: string;
}

/** Typed events of a viewer (observers added with `on`; the returned function removes the observer). */
export interface ViewerEvents {
  /** The scene of `load` is built and drawn. */
  loaded: { elementCount: number; drawCalls: number; buildMs: number };
  /** The selection changed (by a pick on the canvas or by `select`). Empty: nothing selected. */
  selectionChanged: { selected: PickedElement[] };
  /**
   * While hover picking is on: the element under the pointer changed (null: none), with the pointer's position
   * in CSS pixels from the canvas's top-left and the canvas's size, so what is shown beside it can stay inside.
   */
  hoverChanged: { hovered: { id: string; x: number; y: number; width: number; height: number } | null };
  /** The WebGL context was lost (the viewer stops drawing) or restored (the scene is rebuilt). */
  contextLost: Record<string, never>;
  contextRestored: Record<string, never>;
  /** Something failed that the user should be told about (a glTF that will not load…). */
  error: { message: string };
}
export type ViewerEventName = keyof ViewerEvents;

export interface ScreenshotOptions {
  /** Longest side in pixels; the canvas's aspect is kept. */
  size: number;
  mimeType: 'image/png' | 'image/jpeg';
}

/**
 * The 3-D viewer: an imperative class that owns the Babylon engine and scene for one canvas. React never holds
 * Babylon objects; it creates a viewer for a canvas, calls these methods and listens to its events. Renders on
 * demand: nothing is drawn while nothing changes.
 */
/** Elements coloured by band: `palette[bands[k]]` for `ids[k]` (255: none). */
export interface ValueColouring {
  readonly ids: readonly string[];
  readonly bands: Uint8Array;
  readonly palette: readonly HexColor[];
}

/** A support reaction: the joint's node id and the force on the structure (N, global axes). */
export interface ReactionInput {
  readonly id: string;
  readonly force: readonly [number, number, number];
}

/** A joint's displacement under a case (issue #25): translations mm and rotations rad, global; NaN for none. */
export interface JointDisplacementInput {
  readonly id: string;
  readonly u: readonly [number, number, number];
  readonly r: readonly [number, number, number];
}

/** A result component along a member: stations in mm from its i-end, an envelope's two lines (canonical units). */
export interface MemberDiagramInput {
  readonly id: string;
  readonly stations: readonly number[];
  readonly max: readonly number[];
  readonly min: readonly number[];
}

export interface Viewer {
  /** Builds the scene of one version (replacing any previous one); resolves when it is drawn. */
  load(scene: SceneData): Promise<void>;
  setTheme(theme: ThemeName): void;
  /** Colours elements by change status (by element id); ids not listed are unchanged (ghosted). Null clears. */
  showDiff(statuses: ReadonlyMap<string, ChangeStatus> | null): void;
  /** Colours elements by a result (issue #25): a palette band per element id; unlisted ones are ghosted. */
  showValues(colouring: ValueColouring | null): void;
  /** Draws support reactions as arrows at their joints (issue #25), N; null clears. */
  showReactions(reactions: readonly ReactionInput[] | null): void;
  /** Draws the deformed shape from joint displacements (issue #25), swinging when `animate`. Null clears. */
  showDeformed(joints: readonly JointDisplacementInput[] | null, options: { animate: boolean }): void;
  /** Draws a result component's diagram along these members (issue #25). Null clears. */
  showDiagrams(diagrams: readonly MemberDiagramInput[] | null, component: string): void;
  /** Shows only the elements that pass the filter. */
  filter(filter: ElementFilter): void;
  /** Shows only these element ids (null shows all again); combines with `filter`. */
  isolate(ids: readonly string[] | null): void;
  /** Shows only elements on one level (by level id), or all (null). */
  isolateLevel(levelId: string | null): void;
  setSectionBox(box: SectionBox | null): void;
  setLayerVisible(layer: GlyphLayer, visible: boolean): void;
  /** A standard direction in the 3-D perspective view (leaving a plan or elevation), fitted. */
  setView(view: ViewName): void;
  /**
   * The plan of a level (SceneData id): an orthographic camera looking down, fitted to the elements that touch
   * the level, the others hidden, the grids drawn at the level. Pans and zooms; does not orbit. An unknown
   * level leaves the 3-D view.
   */
  showPlan(levelId: string): void;
  /** The elevation on a grid line (SceneData id), square to it, with the elements in its plane; as `showPlan`. */
  showElevation(gridId: string): void;
  /** Back from a plan or elevation to the 3-D perspective view of everything, fitted; nothing in 3-D. */
  showPerspective(): void;
  /** Fits the model (in a plan or elevation: the drawing) to the canvas. */
  zoomToFit(): void;
  /**
   * Flies the camera to a box (model mm), animated from where it is (a jump when the user prefers reduced
   * motion): the target goes to its centre and the distance shows the whole box, at least `minSize` mm across
   * (2 m by default, so a point-sized finding still shows its surroundings), with `margin` to spare (0.5 by
   * default: the box takes at most 2/3 of the view's width or height). Keeps the viewing direction. Orbiting,
   * panning, zooming or another camera command stops a flight where it is.
   */
  fitBox(box: SectionBox, options?: { margin?: number; minSize?: number }): void;
  /** Flies the camera to the box of these elements' nodes (see `fitBox`); unknown ids are left out. */
  flyTo(ids: readonly string[]): void;
  /** The element under a canvas point (CSS pixels from the canvas's top-left), or null. Does not select. */
  pick(x: number, y: number): PickedElement | null;
  /** Selects by id (null clears) and emits selectionChanged. */
  select(ids: readonly string[] | null): void;
  /** Picks under the pointer as it moves (no button down) and emits hoverChanged; off by default. */
  setHoverPicking(on: boolean): void;
  /** Applies a pending canvas resize (also done automatically through a ResizeObserver). */
  resize(): void;
  /** The current picture as a data URL. */
  screenshot(options: ScreenshotOptions): Promise<string>;
  /** Loads glTF/GLB context geometry (meshes extracted by a translator) through @babylonjs/loaders. */
  loadContextGeometry(bytes: ArrayBuffer, name: string): Promise<void>;
  on<K extends ViewerEventName>(event: K, listener: (payload: ViewerEvents[K]) => void): () => void;
  dispose(): void;
}

/**
 * Facts about the scene that a canvas cannot show, for e2e tests: exposed as `window.__gussetViewer` in test
 * builds only: `vite build --mode e2e` (ViewerCanvas installs it when import.meta.env.MODE is 'e2e').
 */
export interface ViewerTestApi {
  /** Visible instances per element type, e.g. { Beam: 120, Column: 40 }. */
  instanceCounts(): Record<string, number>;
  drawCalls(): number;
  /** The element's current colour as '#rrggbb', or null if unknown or hidden. */
  colorOf(id: string): HexColor | null;
  selection(): string[];
  theme(): ThemeName;
  /** Canvas position (CSS px) of an element's centre, for clicking it; null if off-screen or hidden. */
  screenPositionOf(id: string): { x: number; y: number } | null;
  /** Milliseconds of the last frame drawn, and frames drawn since load. */
  frameStats(): { lastFrameMs: number; frames: number };
  elementIds(): string[];
  /**
   * Diff mode (issue #7): how many shown elements are drawn in each change colour of the current theme, read from
   * the colour buffers (a selected element has the selection colour and is not counted).
   */
  changeColourCounts(): Record<ChangeStatus, number>;
  /** Line segments of the result diagrams drawn (issue #25): ordinates and curve pieces; 0 for none. */
  diagramSegments(): number;
  /** Reaction arrows drawn (issue #25). */
  reactionArrows(): number;
  /** The deformed shape drawn (issue #25): its line segments (0 for none) and whether it swings. */
  deformedShape(): { segments: number; animated: boolean };
  /**
   * Where the camera looks (model mm), how far it is from there, its projection, and whether a flight to
   * elements is still under way.
   */
  camera(): {
    target: [number, number, number];
    radius: number;
    mode: 'perspective' | 'orthographic';
    flying: boolean;
  };
  /** The ids shown by `isolate` (null when nothing is isolated). */
  isolation(): string[] | null;
  /** The box (model mm) around the nodes of these elements, or null when none is known. */
  boundsOf(ids: readonly string[]): SectionBox | null;
  /**
   * How tall the box of an element's nodes looks: its projected corners' height on the canvas as a fraction of
   * the canvas's height (0 when off-screen or behind the camera), or null for an unknown element.
   */
  screenHeightOf(id: string): number | null;
}
