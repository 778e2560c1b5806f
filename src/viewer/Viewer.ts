import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import { CreatePickingRay } from '@babylonjs/core/Culling/ray.core';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { PointerEventTypes } from '@babylonjs/core/Events/pointerEvents';
import type { PointerInfo } from '@babylonjs/core/Events/pointerEvents';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Plane } from '@babylonjs/core/Maths/math.plane';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import { CreateScreenshotUsingRenderTargetAsync } from '@babylonjs/core/Misc/screenshotTools';
// The screenshot's resize pass needs the post-process vertex shader, which tree-shaken builds do not register.
import '@babylonjs/core/Shaders/postprocess.vertex';
import type { AssetContainer } from '@babylonjs/core/assetContainer';
import { Scene } from '@babylonjs/core/scene';
import { RELEASE_BITS_PER_END, type SceneData } from '../engine/scene';
import {
  boxCentre,
  flightDurationMs,
  flightPose,
  orthoFitRadius,
  orthoHalfHeight,
  orthoPoseForBox,
  padBox,
  poseForBox,
  wheelScale,
  zoomAbout,
  type CameraAxes,
  type CameraPose,
} from './camera';
import { appendDiagram } from './geometry/forceDiagram';
import { appendDeformedMember } from './geometry/deformedShape';
import { appendReactionArrow } from './geometry/reactionArrow';
import type { Vec3 } from './geometry/polygon';
import { orthoViewOf, type OrthoView, type OrthoViewRequest } from './orthoViews';
import type { PickIndex } from './picking/pickIndex';
import { createPickIndex } from './picking/pickIndex';
import { colouringRgb, resolveIds } from './scene/colors';
import { ArrowLayer, DeformedLayer, DiagramLayer } from './scene/diagrams';
import { DEFAULT_LAYERS, ModelScene, statusIndex } from './scene/modelScene';
import type { VisibilityRules } from './scene/visibility';
import { computeVisibility } from './scene/visibility';
import { DEFAULT_THEME, THEMES } from './themes';
import type {
  ChangeStatus,
  ElementFilter,
  GlyphLayer,
  MemberDiagramInput,
  PickedElement,
  ReactionInput,
  JointDisplacementInput,
  ScreenshotOptions,
  SectionBox,
  ThemeName,
  ValueColouring,
  Viewer,
  ViewerEventName,
  ViewerEvents,
  ViewName,
} from './types';

/** Members up to which the deformed shape is drawn curved (8 pieces a member); straight past it. */
const DEFORMED_CURVED_MEMBERS = 20_000;
/** One swing of the animated deformed shape, ms. */
const DEFORMED_PERIOD_MS = 2000;

/** A node's position, mm. */
function nodePoint(xyz: ArrayLike<number>, node: number): [number, number, number] {
  return [xyz[node * 3] as number, xyz[node * 3 + 1] as number, xyz[node * 3 + 2] as number];
}

/** Node index by node id. */
function nodeIndexOf(data: SceneData): Map<string, number> {
  const nodeOf = new Map<string, number>();
  data.nodes.ids.forEach((id, node) => nodeOf.set(id, node));
  return nodeOf;
}

export interface BabylonViewerOptions {
  theme?: ThemeName;
  layers?: Partial<Record<GlyphLayer, boolean>>;
  /** Milliseconds for camera flights; tests pass their own clock. */
  now?: () => number;
  /** Camera moves jump instead of flying (the user's prefers-reduced-motion). */
  reducedMotion?: boolean;
}

/** A camera move under way: poses at both ends, and when it started (on the viewer's clock). */
interface Flight {
  from: CameraPose;
  to: CameraPose;
  started: number;
  durationMs: number;
}

/** Camera angles of the standard views (Z up; alpha 0 looks from +X, alpha π/2 from −Y). */
const VIEW_ANGLES: Record<ViewName, { alpha: number; beta: number }> = {
  top: { alpha: Math.PI / 2, beta: 1e-4 },
  front: { alpha: Math.PI / 2, beta: Math.PI / 2 },
  side: { alpha: 0, beta: Math.PI / 2 },
  iso: { alpha: Math.PI / 4, beta: Math.acos(1 / Math.sqrt(3)) },
};
/** A press that moves less than this (CSS px) before release is a click, which selects. */
const CLICK_SLOP_PX = 5;
/** Hover picks at most this often while the pointer moves: the reading under it keeps up, the frame rate too. */
const HOVER_PICK_MS = 40;
/** Frames drawn while waiting for shaders before the loop gives up until the next change (about 2 s). */
const MAX_FRAMES_NOT_READY = 120;
/** Margin around the model when fitting it to the view. */
const FIT_MARGIN = 1.08;
/** Flying to elements: the box with half its size again around it, never less than 2 m across. */
const FLY_MARGIN = 0.5;
const FLY_MIN_SIZE_MM = 2000;
/** A plan or elevation fills the room left by its labels but for this margin on its tighter side. */
const ORTHO_MARGIN = 0.04;
/** Room (CSS px) for a grid bubble beside a drawing, and for a level's name left of an elevation. */
const BUBBLE_ROOM_PX = 44;
const LEVEL_NAME_ROOM_PX = 200;
/** glTF is Y-up in metres; the model is Z-up in millimetres. */
const GLTF_METRES_TO_MM = 1000;

type Listener<K extends ViewerEventName> = (payload: ViewerEvents[K]) => void;

/**
 * The 3-D viewer for one engine: scene, camera, the model's meshes and what is done to them. Not tied to a UI
 * framework or to a canvas — `createViewer` binds one to a canvas (resize, visibility, context loss) and tests run
 * it on a NullEngine.
 *
 * @remarks Renders on demand: a change marks the scene and starts the render loop, which stops again as soon as
 * the camera is still and the scene is ready, so an idle viewer draws nothing.
 */
export class BabylonViewer implements Viewer {
  readonly engine: AbstractEngine;
  readonly scene: Scene;
  readonly camera: ArcRotateCamera;

  private model: ModelScene | null = null;
  private data: SceneData | null = null;
  private idIndex: Map<string, number> | null = null;
  private pickIndex: PickIndex | null = null;
  private pickIndexTimer: ReturnType<typeof setTimeout> | null = null;
  private themeName: ThemeName;
  private readonly layers: Record<GlyphLayer, boolean>;
  private diff: ReadonlyMap<string, ChangeStatus> | null = null;
  /** Colours by a result, by element id (issue #25). */
  private values: ValueColouring | null = null;
  /** The last colouring's ids resolved to this scene's elements. */
  private resolvedIds: { ids: readonly string[]; elements: Int32Array } | null = null;
  private diagrams: DiagramLayer | null = null;
  private reactions: ArrowLayer | null = null;
  private deformed: { layer: DeformedLayer; animate: boolean; started: number } | null = null;
  private elementFilter: ElementFilter | null = null;
  private isolatedIds: readonly string[] | null = null;
  private levelId: string | null = null;
  private sectionBox: SectionBox | null = null;
  /** The plan or elevation shown (an orthographic camera), or null in the 3-D view. */
  private ortho: { request: OrthoViewRequest; view: OrthoView } | null = null;
  /** Where the 3-D camera looked from before a drawing was shown: 'Back to 3-D' returns there. */
  private anglesBeforeOrtho: { alpha: number; beta: number } | null = null;
  private selectedIds: string[] = [];
  private visibleBuffer = new Uint8Array(0);
  private readonly contextContainers: AssetContainer[] = [];
  private readonly contextRoots: TransformNode[] = [];
  private readonly listeners = new Map<ViewerEventName, Set<(payload: never) => void>>();
  private readonly disposeList: Array<() => void> = [];

  private renderLoopRunning = false;
  private suspended = false;
  private contextLost = false;
  private resizePending = false;
  private disposed = false;
  private pointerDown: { x: number; y: number } | null = null;
  private hoverPicking = false;
  private hoveredId: string | null = null;
  private lastHoverPickMs = Number.NEGATIVE_INFINITY;
  private lastFrameMs = 0;
  private frames = 0;
  private lastDrawCalls = 0;
  private loadToken = 0;
  private framesNotReady = 0;
  private flight: Flight | null = null;
  private readonly now: () => number;
  private readonly reducedMotion: boolean;

  constructor(engine: AbstractEngine, options: BabylonViewerOptions = {}) {
    this.engine = engine;
    this.now = options.now ?? (() => performance.now());
    this.reducedMotion = options.reducedMotion ?? false;
    this.themeName = options.theme ?? DEFAULT_THEME;
    this.layers = { ...DEFAULT_LAYERS, ...options.layers };
    this.scene = new Scene(engine);
    this.scene.useRightHandedSystem = true;
    // Picking is ours (a BVH over elements); Babylon need not test meshes under the pointer on every move.
    this.scene.skipPointerMovePicking = true;
    this.scene.skipPointerDownPicking = true;
    this.scene.skipPointerUpPicking = true;
    this.scene.clearColor = Color4.FromHexString(`${THEMES[this.themeName].background}ff`);

    this.camera = new ArcRotateCamera(
      'camera',
      VIEW_ANGLES.iso.alpha,
      VIEW_ANGLES.iso.beta,
      10_000,
      Vector3.Zero(),
      this.scene,
    );
    this.camera.upVector = new Vector3(0, 0, 1);
    // Setting the up vector re-derives the angles from the Y-up position: give them again, about Z.
    this.camera.alpha = VIEW_ANGLES.iso.alpha;
    this.camera.beta = VIEW_ANGLES.iso.beta;
    this.camera.lowerBetaLimit = 1e-4;
    this.camera.upperBetaLimit = Math.PI - 1e-4;
    this.camera.pinchDeltaPercentage = 0.01;
    // Keys would need a frame loop to act on; orbit, pan and zoom come from the pointer and wheel.
    this.camera.inputs.removeByType('ArcRotateCameraKeyboardMoveInput');
    // The wheel is ours (onWheel): Babylon's zooms toward the target, or a plane through it, never toward the
    // element under the cursor, in steps of the target's distance.
    this.camera.inputs.removeByType('ArcRotateCameraMouseWheelInput');
    if (engine.getRenderingCanvas()) this.camera.attachControl();

    const light = new HemisphericLight('light', new Vector3(0.35, -0.55, 1), this.scene);
    light.groundColor = new Color3(0.38, 0.38, 0.42);
    light.specular = Color3.Black();

    // Removed with the scene on dispose.
    this.scene.onPointerObservable.add((info) => this.onPointer(info));
    // Babylon tells no pointer leaving the canvas: what was under it is no longer.
    const canvas = engine.getRenderingCanvas();
    if (canvas) {
      const left = () => this.hover(null);
      canvas.addEventListener('pointerleave', left);
      this.onDispose(() => canvas.removeEventListener('pointerleave', left));
    }
  }

  // ------------------------------------------------------------------------------------------- life cycle

  /** Adds a clean-up to run on `dispose` (in reverse order of adding). */
  onDispose(cleanup: () => void): void {
    this.disposeList.push(cleanup);
  }

  async load(data: SceneData): Promise<void> {
    const token = ++this.loadToken;
    const firstLoad = this.data === null;
    const started = performance.now();
    this.disposeModel();
    this.clearContextGeometry();
    this.data = data;
    this.idIndex = null;
    this.resolvedIds = null;
    this.diff = null;
    try {
      this.model = new ModelScene(this.scene, data, { theme: THEMES[this.themeName], layers: this.layers });
    } catch (error) {
      // The caller hears of it through the rejection (no `error` event too, so it is not reported twice).
      this.data = null;
      const message = `The model could not be drawn: ${error instanceof Error ? error.message : String(error)}`;
      throw new Error(message, { cause: error });
    }
    this.visibleBuffer = new Uint8Array(data.elements.ids.length);
    // A plan stays a plan across versions while its level is still there; the 3-D view comes back otherwise.
    if (this.ortho) this.enterOrtho(this.ortho.request, false);
    this.applyVisibility();
    // The selection carries over by id; say so if some of it is not in this version.
    const previousSelection = this.selectedIds.length;
    this.applySelection(this.selectedIds, false);
    if (this.selectedIds.length !== previousSelection) this.announceSelection();
    const buildMs = performance.now() - started;
    if (firstLoad) this.zoomToFit();
    await this.scene.whenReadyAsync();
    if (token !== this.loadToken || this.disposed) return;
    this.renderNow();
    this.schedulePickIndex();
    this.emit('loaded', { elementCount: data.elements.ids.length, drawCalls: this.lastDrawCalls, buildMs });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopRenderLoop();
    if (this.pickIndexTimer !== null) clearTimeout(this.pickIndexTimer);
    this.disposeModel();
    this.clearContextGeometry();
    this.scene.dispose();
    // Then what the factory added, newest first: observers, then the engine.
    for (const cleanup of this.disposeList.splice(0).reverse()) cleanup();
    this.listeners.clear();
  }

  private disposeModel(): void {
    this.diagrams?.dispose();
    this.diagrams = null;
    this.reactions?.dispose();
    this.reactions = null;
    this.deformed?.layer.dispose();
    this.deformed = null;
    this.model?.dispose();
    this.model = null;
    this.pickIndex = null;
  }

  /** The WebGL context is gone: stop drawing until it is back. */
  handleContextLost(): void {
    this.contextLost = true;
    this.stopRenderLoop();
    this.emit('contextLost', {});
  }

  /** The context is back: Babylon has restored its own resources; rebuild the model's buffers from the data. */
  handleContextRestored(): void {
    this.contextLost = false;
    if (this.data && this.model) {
      this.model.dispose();
      this.model = new ModelScene(this.scene, this.data, {
        theme: THEMES[this.themeName],
        layers: this.layers,
      });
      this.visibleBuffer.fill(1);
      this.model.setGridElevation(this.gridElevation());
      if (this.ortho?.view.kind === 'elevation') this.model.setElevationGrids(this.ortho.view.crossings);
      this.model.setLevelNamesHidden(this.ortho?.view.kind === 'plan');
      this.applyVisibility();
      this.applyDiff();
      this.applyValues();
      this.applySelection(this.selectedIds, false);
    }
    this.emit('contextRestored', {});
    this.requestRender();
  }

  /** Off-screen canvases draw nothing; a change made meanwhile is drawn when the canvas shows again. */
  setSuspended(suspended: boolean): void {
    if (this.suspended === suspended) return;
    this.suspended = suspended;
    if (suspended) this.stopRenderLoop();
    else this.requestRender();
  }

  /** The canvas changed size: applied just before the next frame, so the picture never stretches. */
  flagResize(): void {
    this.resizePending = true;
    this.requestRender();
  }

  resize(): void {
    this.resizePending = false;
    this.engine.resize();
    this.requestRender();
  }

  // ------------------------------------------------------------------------------------------- rendering

  /** Starts the render loop if it is not running; it stops itself once nothing moves. */
  requestRender(): void {
    if (this.renderLoopRunning || this.disposed || this.suspended || this.contextLost) return;
    this.renderLoopRunning = true;
    this.engine.runRenderLoop(this.renderFrame);
  }

  private stopRenderLoop(): void {
    if (!this.renderLoopRunning) return;
    this.renderLoopRunning = false;
    this.engine.stopRenderLoop(this.renderFrame);
  }

  private readonly renderFrame = (): void => {
    this.renderNow();
    if (!this.needsAnotherFrame()) this.stopRenderLoop();
  };

  /** Draws one frame now (also what `load` and `screenshot` wait for). */
  renderNow(): void {
    if (this.disposed || this.contextLost) return;
    if (this.resizePending) {
      this.resizePending = false;
      this.engine.resize();
    }
    this.advanceFlight();
    this.advanceDeformed();
    this.adaptCameraToDistance();
    this.orientLabels();
    const started = performance.now();
    this.scene.render();
    this.lastFrameMs = performance.now() - started;
    this.frames++;
    let calls = 0;
    const active = this.scene.getActiveMeshes();
    for (let k = 0; k < active.length; k++) {
      const mesh = active.data[k];
      if (!mesh || !mesh.isVisible) continue;
      const thin = mesh.hasThinInstances ? (mesh as Mesh).thinInstanceCount : 1;
      if (thin > 0) calls += mesh.subMeshes?.length ?? 1;
    }
    this.lastDrawCalls = calls;
  }

  private needsAnotherFrame(): boolean {
    const camera = this.camera;
    const moving =
      this.flight !== null ||
      this.deformed?.animate === true ||
      this.pointerDown !== null ||
      camera.inertialAlphaOffset !== 0 ||
      camera.inertialBetaOffset !== 0 ||
      camera.inertialRadiusOffset !== 0 ||
      camera.inertialPanningX !== 0 ||
      camera.inertialPanningY !== 0;
    // Shaders compile in the background: draw again until they are in, but not forever if one never is.
    this.framesNotReady = this.scene.isReady(false) ? 0 : this.framesNotReady + 1;
    return moving || (this.framesNotReady > 0 && this.framesNotReady < MAX_FRAMES_NOT_READY);
  }

  /** Near and far planes and pan speed follow the camera's distance, for models from a bracket to a city block. */
  private adaptCameraToDistance(): void {
    const camera = this.camera;
    const size = this.modelRadius();
    camera.minZ = Math.max(1, camera.radius / 1000);
    camera.maxZ = camera.radius + size * 4 + 1000;
    if (this.ortho) {
      // Zoomed in, the camera stands close to what it looks at: a near plane behind it keeps a plan's columns
      // above the level whole rather than cut at the camera. Depth is linear in an orthographic projection,
      // so the span costs no precision near the model.
      camera.minZ = -(size * 4 + 1000);
      const half = orthoHalfHeight(camera.radius, camera.fov);
      const aspect = this.aspect();
      camera.orthoTop = half;
      camera.orthoBottom = -half;
      camera.orthoLeft = -half * aspect;
      camera.orthoRight = half * aspect;
    }
    const height = Math.max(1, this.engine.getRenderHeight());
    const visible = 2 * camera.radius * Math.tan(camera.fov / 2);
    camera.panningSensibility = height / Math.max(visible * (1 - camera.panningInertia), 1e-6);
    camera.lowerRadiusLimit = Math.max(10, size / 1000);
    camera.upperRadiusLimit = Math.max(size * 20, 10_000);
  }

  private modelRadius(): number {
    if (!this.model) return 10_000;
    const { min, max } = this.model.bounds;
    return Math.max(Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2, 1000);
  }

  // ------------------------------------------------------------------------------------------- camera

  setView(view: ViewName): void {
    this.cancelFlight();
    this.leaveOrtho();
    const { alpha, beta } = VIEW_ANGLES[view];
    this.camera.alpha = alpha;
    this.camera.beta = beta;
    this.stopCameraInertia();
    this.zoomToFit();
  }

  zoomToFit(): void {
    if (!this.model) return;
    this.cancelFlight();
    if (this.ortho) {
      this.fitOrtho(this.ortho.view);
      return;
    }
    const { min, max } = this.model.bounds;
    const centre = new Vector3((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
    const radius = Math.max(Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2, 500);
    const aspect = this.engine.getRenderWidth() / Math.max(1, this.engine.getRenderHeight());
    const verticalFov = this.camera.fov;
    const horizontalFov = 2 * Math.atan(Math.tan(verticalFov / 2) * aspect);
    const fov = Math.min(verticalFov, horizontalFov);
    // Keep alpha and beta: only the target and the distance change.
    this.camera.setTarget(centre, false, false, true);
    this.camera.radius = (radius / Math.sin(fov / 2)) * FIT_MARGIN;
    this.stopCameraInertia();
    this.requestRender();
  }

  fitBox(box: SectionBox, options: { margin?: number; minSize?: number } = {}): void {
    if (this.ortho) {
      const padded = padBox(box, options.minSize ?? FLY_MIN_SIZE_MM);
      const margin = options.margin ?? FLY_MARGIN;
      this.flyToPose({
        target: boxCentre(padded),
        radius: orthoFitRadius(padded, this.ortho.view.axes, this.camera.fov, this.aspect(), margin),
      });
      return;
    }
    const pose = poseForBox(box, this.cameraAxes(), {
      fov: this.camera.fov,
      aspect: this.aspect(),
      margin: options.margin ?? FLY_MARGIN,
      minSize: options.minSize ?? FLY_MIN_SIZE_MM,
    });
    this.flyToPose(pose);
  }

  flyTo(ids: readonly string[]): void {
    const box = this.boundsOf(ids);
    if (box) this.fitBox(box);
  }

  showPlan(levelId: string): void {
    this.enterOrtho({ kind: 'plan', levelId }, true);
  }

  showElevation(gridId: string): void {
    this.enterOrtho({ kind: 'elevation', gridId }, true);
  }

  showPerspective(): void {
    if (!this.ortho) return;
    this.cancelFlight();
    this.leaveOrtho();
    if (this.anglesBeforeOrtho) {
      this.camera.alpha = this.anglesBeforeOrtho.alpha;
      this.camera.beta = this.anglesBeforeOrtho.beta;
    }
    this.applyVisibility();
    this.zoomToFit();
  }

  /** The plan or elevation shown, or null in the 3-D view. */
  get orthoView(): OrthoViewRequest | null {
    return this.ortho?.request ?? null;
  }

  /**
   * Looks square at a plan or elevation through an orthographic camera that pans and zooms but does not orbit
   * (a turned plan is no longer a plan), shows only its elements and draws the grids at a plan's level. An
   * unknown level or grid (a version without it) leaves or keeps the 3-D view.
   */
  private enterOrtho(request: OrthoViewRequest, fit: boolean): void {
    const view = this.data && orthoViewOf(this.data, request);
    if (!view) {
      this.leaveOrtho();
      if (fit) this.applyVisibility();
      return;
    }
    this.cancelFlight();
    this.stopCameraInertia();
    if (!this.ortho) this.anglesBeforeOrtho = { alpha: this.camera.alpha, beta: this.camera.beta };
    this.ortho = { request, view };
    const camera = this.camera;
    camera.mode = Camera.ORTHOGRAPHIC_CAMERA;
    // Babylon's angles: alpha 0 looks from +X and π/2 from −Y; beta from +Z. A plan is the top view, north up.
    const [fx, fy, fz] = view.axes.forward;
    const alpha = view.kind === 'plan' ? VIEW_ANGLES.top.alpha : Math.atan2(fy, -fx);
    const beta = view.kind === 'plan' ? VIEW_ANGLES.top.beta : Math.acos(Math.max(-1, Math.min(1, -fz)));
    camera.lowerAlphaLimit = null;
    camera.upperAlphaLimit = null;
    camera.lowerBetaLimit = 1e-4;
    camera.upperBetaLimit = Math.PI - 1e-4;
    camera.alpha = alpha;
    camera.beta = beta;
    camera.lowerAlphaLimit = alpha;
    camera.upperAlphaLimit = alpha;
    camera.lowerBetaLimit = beta;
    camera.upperBetaLimit = beta;
    this.setLeftDrag('pan');
    this.model?.setGridElevation(this.gridElevation());
    this.model?.setElevationGrids(view.kind === 'elevation' ? view.crossings : null);
    this.model?.setLevelNamesHidden(view.kind === 'plan');
    if (fit) {
      this.applyVisibility();
      this.fitOrtho(view);
    }
  }

  private leaveOrtho(): void {
    if (!this.ortho) return;
    this.ortho = null;
    const camera = this.camera;
    camera.mode = Camera.PERSPECTIVE_CAMERA;
    camera.lowerAlphaLimit = null;
    camera.upperAlphaLimit = null;
    camera.lowerBetaLimit = 1e-4;
    camera.upperBetaLimit = Math.PI - 1e-4;
    this.setLeftDrag('rotate');
    this.model?.setGridElevation(null);
    this.model?.setElevationGrids(null);
    this.model?.setLevelNamesHidden(false);
  }

  /**
   * What a left-button drag does: orbit in 3-D; in a drawing, whose angles are locked, it pans, so dragging a
   * plan moves it. Babylon 9 maps pointer buttons to interactions in the camera's input map.
   */
  private setLeftDrag(interaction: 'pan' | 'rotate'): void {
    for (const entry of this.camera.movement.input.inputMap) {
      const plainLeft = entry.source === 'pointer' && entry.button === 0 && !entry.modifiers;
      if (plainLeft && (entry.interaction === 'pan' || entry.interaction === 'rotate'))
        entry.interaction = interaction;
    }
  }

  /** A plan's level, where its grids are drawn; null otherwise (the grids at the lowest level). */
  private gridElevation(): number | null {
    const request = this.ortho?.request;
    if (request?.kind !== 'plan') return null;
    return this.data?.levels.find(({ id }) => id === request.levelId)?.elevation ?? null;
  }

  /**
   * Jumps to the drawing's box, filling the canvas but for the margin and room for its labels: bubbles around a
   * plan; in an elevation the levels' names on the left and the bubbles on top.
   */
  private fitOrtho(view: OrthoView): void {
    this.cancelFlight();
    const scaling = this.engine.getHardwareScalingLevel();
    const names = (this.data?.levels.length ?? 0) > 0 && this.layers.levels;
    const padding =
      view.kind === 'plan'
        ? { left: BUBBLE_ROOM_PX, right: BUBBLE_ROOM_PX, top: BUBBLE_ROOM_PX, bottom: BUBBLE_ROOM_PX }
        : { left: names ? LEVEL_NAME_ROOM_PX : 24, right: 24, top: BUBBLE_ROOM_PX, bottom: 28 };
    this.setCameraPose(
      orthoPoseForBox(view.box, view.axes, {
        fov: this.camera.fov,
        width: this.engine.getRenderWidth() * scaling,
        height: this.engine.getRenderHeight() * scaling,
        margin: ORTHO_MARGIN,
        padding,
      }),
    );
    this.stopCameraInertia();
    this.requestRender();
  }

  /** Grid bubbles and level names face the camera at a fixed size on screen. */
  private orientLabels(): void {
    const model = this.model;
    if (!model) return;
    const camera = this.camera;
    // The camera's position and axes are recomputed only when a frame is drawn: this frame's are wanted, or the
    // labels are sized for the last picture's camera (a jump to a plan would leave them at the 3-D view's size).
    camera.getViewMatrix(true);
    const axes = this.cameraAxes();
    const height = Math.max(1, this.engine.getRenderHeight());
    const orthographic = camera.mode === Camera.ORTHOGRAPHIC_CAMERA;
    const { x, y, z } = camera.position;
    model.orientLabels({
      position: [x, y, z],
      right: axes.right,
      up: axes.up,
      forward: axes.forward,
      orthographic,
      // The picture is 2·tan(fov/2) tall at unit depth; an orthographic one 2·halfHeight at any.
      mmPerPixel:
        (2 * (orthographic ? orthoHalfHeight(camera.radius, camera.fov) : Math.tan(camera.fov / 2))) / height,
      pixelRatio: 1 / this.engine.getHardwareScalingLevel(),
    });
  }

  /** The camera's unit axes now (the sign of right and up does not matter to a fit). */
  private cameraAxes(): CameraAxes {
    const camera = this.camera;
    const forward = camera.target.subtract(camera.position).normalize();
    const right = camera.getDirection(Vector3.Right()).normalize();
    const up = camera.getDirection(Vector3.Up()).normalize();
    return {
      forward: [forward.x, forward.y, forward.z],
      right: [right.x, right.y, right.z],
      up: [up.x, up.y, up.z],
    };
  }

  private aspect(): number {
    return this.engine.getRenderWidth() / Math.max(1, this.engine.getRenderHeight());
  }

  private cameraPose(): CameraPose {
    const { x, y, z } = this.camera.target;
    return { target: [x, y, z], radius: this.camera.radius };
  }

  private setCameraPose(pose: CameraPose): void {
    const [x, y, z] = pose.target;
    this.camera.setTarget(new Vector3(x, y, z), false, false, true);
    this.camera.radius = pose.radius;
  }

  /** Starts a flight from where the camera is (the first step is drawn in the next frame); jumps with reduced motion. */
  private flyToPose(to: CameraPose): void {
    this.stopCameraInertia();
    const from = this.cameraPose();
    if (this.reducedMotion) {
      this.flight = null;
      this.setCameraPose(to);
    } else {
      this.flight = { from, to, started: this.now(), durationMs: flightDurationMs(from, to) };
    }
    this.requestRender();
  }

  private advanceFlight(): void {
    const flight = this.flight;
    if (!flight) return;
    const progress = (this.now() - flight.started) / flight.durationMs;
    this.setCameraPose(flightPose(flight.from, flight.to, progress));
    if (progress >= 1) this.flight = null;
  }

  /** Whether a flight is under way (for tests). */
  get flying(): boolean {
    return this.flight !== null;
  }

  /** The user took the camera: a flight under way stops where it is. */
  private cancelFlight(): void {
    this.flight = null;
  }

  /** The wheel zooms about the element under the cursor (or the point level with the target there). */
  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    this.cancelFlight();
    const scale = wheelScale(event.deltaY, event.deltaMode);
    const pose = this.cameraPose();
    const limited = Math.min(
      Math.max(pose.radius * scale, this.camera.lowerRadiusLimit ?? 0),
      this.camera.upperRadiusLimit ?? Infinity,
    );
    if (!(limited > 0) || limited === pose.radius) return;
    const point = this.pointUnderCursor(this.scene.pointerX, this.scene.pointerY);
    this.setCameraPose(zoomAbout(pose, point, limited / pose.radius));
    this.requestRender();
  }

  /** The nearest shown element's surface under a canvas point, else the point there on the target's plane. */
  private pointUnderCursor(x: number, y: number): Vec3 {
    const ray = CreatePickingRay(this.scene, x, y, Matrix.Identity(), this.camera);
    const origin: Vec3 = [ray.origin.x, ray.origin.y, ray.origin.z];
    const direction: Vec3 = [ray.direction.x, ray.direction.y, ray.direction.z];
    const model = this.model;
    const hit =
      model && this.data ? this.ensurePickIndex().raycast(origin, direction, (e) => model.isShown(e)) : null;
    let distance = hit?.distance ?? null;
    if (distance === null) {
      const target = this.camera.target;
      const normal = target.subtract(this.camera.position).normalize();
      const facing = Vector3.Dot(ray.direction, normal);
      distance = facing > 1e-6 ? Vector3.Dot(target.subtract(ray.origin), normal) / facing : 0;
    }
    return [
      origin[0] + direction[0] * distance,
      origin[1] + direction[1] * distance,
      origin[2] + direction[2] * distance,
    ];
  }

  private stopCameraInertia(): void {
    this.camera.inertialAlphaOffset = 0;
    this.camera.inertialBetaOffset = 0;
    this.camera.inertialRadiusOffset = 0;
    this.camera.inertialPanningX = 0;
    this.camera.inertialPanningY = 0;
  }

  // ------------------------------------------------------------------------------------------- looks

  setTheme(theme: ThemeName): void {
    this.themeName = theme;
    this.scene.clearColor = Color4.FromHexString(`${THEMES[theme].background}ff`);
    this.model?.setTheme(THEMES[theme]);
    this.requestRender();
  }

  showDiff(statuses: ReadonlyMap<string, ChangeStatus> | null): void {
    this.diff = statuses;
    this.applyDiff();
    this.requestRender();
  }

  /**
   * Colours elements by a result (issue #25): each listed element in its band's colour; elements not listed are
   * drawn like unchanged ones in a diff, so the coloured members stand out. Null goes back to type (or diff)
   * colours.
   */
  showValues(colouring: ValueColouring | null): void {
    this.values = colouring;
    this.applyValues();
    this.requestRender();
  }

  private applyValues(): void {
    if (!this.model || !this.data) return;
    const colouring = this.values;
    if (!colouring) {
      this.model.setCustomColors(null);
      return;
    }
    // A results table names the same ids in the same order for every case and component: resolved once.
    if (this.resolvedIds?.ids !== colouring.ids) {
      this.resolvedIds = { ids: colouring.ids, elements: resolveIds(colouring.ids, this.elementIndex()) };
    }
    const rgb = colouringRgb(colouring, this.resolvedIds.elements, this.data.elements.ids.length);
    this.model.setCustomColors(rgb);
  }

  /**
   * Draws a component's diagram along members (issue #25), the largest ordinate a fifth of the longest such
   * member so the diagrams read at the model's scale; null clears them.
   */
  showDiagrams(diagrams: readonly MemberDiagramInput[] | null, component: string): void {
    this.diagrams?.dispose();
    this.diagrams = null;
    const data = this.data;
    if (diagrams && data && diagrams.length > 0) {
      const index = this.elementIndex();
      const { xyz } = data.nodes;
      const { nodeOffsets, nodeIndices, angles } = data.elements;
      const point = (node: number) => nodePoint(xyz, node);
      const placed: Array<{
        i: [number, number, number];
        j: [number, number, number];
        element: number;
        diagram: MemberDiagramInput;
      }> = [];
      let largest = 0;
      let longest = 0;
      for (const diagram of diagrams) {
        const element = index.get(diagram.id);
        if (element === undefined) continue;
        const from = nodeOffsets[element] as number;
        if ((nodeOffsets[element + 1] as number) - from !== 2) continue;
        const i = point(nodeIndices[from] as number);
        const j = point(nodeIndices[from + 1] as number);
        longest = Math.max(longest, Math.hypot(j[0] - i[0], j[1] - i[1], j[2] - i[2]));
        for (const value of [...diagram.max, ...diagram.min]) largest = Math.max(largest, Math.abs(value));
        placed.push({ i, j, element, diagram });
      }
      if (largest > 0 && placed.length > 0) {
        const scale = (0.2 * longest) / largest;
        const out = { lines: [] as number[], triangles: [] as number[] };
        for (const { i, j, element, diagram } of placed) {
          appendDiagram(i, j, (angles[element] as number) ?? 0, diagram, component, scale, out);
        }
        this.diagrams = new DiagramLayer(this.scene, out, THEMES[this.themeName].change.modified);
      }
    }
    this.requestRender();
  }

  /**
   * Draws support reactions as arrows at their joints (issue #25), the largest a tenth of the model's largest
   * extent and the rest in proportion; null clears them.
   */
  showReactions(reactions: readonly ReactionInput[] | null): void {
    this.reactions?.dispose();
    this.reactions = null;
    const data = this.data;
    if (reactions && data && this.model && reactions.length > 0) {
      const nodeOf = nodeIndexOf(data);
      const { min, max } = this.model.bounds;
      const reach = 0.1 * Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1);
      let largest = 0;
      for (const reaction of reactions) largest = Math.max(largest, Math.hypot(...reaction.force));
      const segments: number[] = [];
      for (const reaction of reactions) {
        const node = nodeOf.get(reaction.id);
        if (node === undefined || largest === 0) continue;
        appendReactionArrow(
          nodePoint(data.nodes.xyz, node),
          reaction.force,
          (reach * Math.hypot(...reaction.force)) / largest,
          segments,
        );
      }
      if (segments.length > 0) {
        this.reactions = new ArrowLayer(this.scene, segments, THEMES[this.themeName].change.added);
      }
    }
    this.requestRender();
  }

  /**
   * Draws the deformed shape from joint displacements (issue #25): each member from its end joints' translations
   * and rotations (bending released at an end follows the chord), each area's outline straight between its
   * displaced corners, the largest displacement drawn a twentieth of
   * the model's largest extent. Animated, it swings from the undeformed shape to the deformed one and through
   * to the opposite side, as SAP2000 and ETABS animate it; still (or when the user prefers reduced motion) it is
   * drawn at full scale. Members and edges with a joint the results lack are left out. Null clears it.
   */
  showDeformed(joints: readonly JointDisplacementInput[] | null, options: { animate: boolean }): void {
    this.deformed?.layer.dispose();
    this.deformed = null;
    const data = this.data;
    if (joints && data && this.model && joints.length > 0) {
      const byNode = new Map<number, JointDisplacementInput>();
      const nodeOf = nodeIndexOf(data);
      let largest = 0;
      for (const joint of joints) {
        const node = nodeOf.get(joint.id);
        if (node === undefined) continue;
        byNode.set(node, joint);
        largest = Math.max(largest, Math.hypot(...joint.u));
      }
      const { xyz } = data.nodes;
      const { nodeOffsets, nodeIndices, releases } = data.elements;
      const point = (node: number) => nodePoint(xyz, node);
      const members = data.elements.ids.length;
      // Curves for a building; straight pieces past that, where the points to move each frame would add up.
      const pieces = members <= DEFORMED_CURVED_MEMBERS ? 8 : 1;
      const base: number[] = [];
      const offset: number[] = [];
      const endMask = (1 << RELEASE_BITS_PER_END) - 1;
      // Bits 4 and 5 of an end: M2 and M3 released.
      const bendingReleased = (bits: number) => (bits & 0b110000) !== 0;
      for (let element = 0; element < members; element++) {
        const from = nodeOffsets[element] as number;
        const count = (nodeOffsets[element + 1] as number) - from;
        if (count >= 3) {
          // An area's outline: each edge straight between its displaced corners.
          for (let corner = 0; corner < count; corner++) {
            const a = nodeIndices[from + corner] as number;
            const b = nodeIndices[from + ((corner + 1) % count)] as number;
            const jointA = byNode.get(a);
            const jointB = byNode.get(b);
            if (!jointA || !jointB) continue;
            const edge = { i: point(a), j: point(b), ui: jointA.u, uj: jointB.u, ri: null, rj: null };
            appendDeformedMember(edge, 1, base, offset);
          }
          continue;
        }
        if (count !== 2) continue;
        const nodeI = nodeIndices[from] as number;
        const nodeJ = nodeIndices[from + 1] as number;
        const jointI = byNode.get(nodeI);
        const jointJ = byNode.get(nodeJ);
        if (!jointI || !jointJ) continue;
        const bits = (releases[element] as number) ?? 0;
        const rotation = (joint: JointDisplacementInput, released: boolean) =>
          released || joint.r.some((value) => !Number.isFinite(value)) ? null : joint.r;
        appendDeformedMember(
          {
            i: point(nodeI),
            j: point(nodeJ),
            ui: jointI.u,
            uj: jointJ.u,
            ri: rotation(jointI, bendingReleased(bits & endMask)),
            rj: rotation(jointJ, bendingReleased((bits >> RELEASE_BITS_PER_END) & endMask)),
          },
          pieces,
          base,
          offset,
        );
      }
      if (base.length > 0) {
        const { min, max } = this.model.bounds;
        const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1);
        const scale = largest > 0 ? extent / 20 / largest : 0;
        for (let k = 0; k < offset.length; k++) offset[k] = (offset[k] as number) * scale;
        const layer = new DeformedLayer(
          this.scene,
          Float32Array.from(base),
          Float32Array.from(offset),
          THEMES[this.themeName].deformed,
        );
        layer.setScale(1);
        this.deformed = { layer, animate: options.animate && !this.reducedMotion, started: this.now() };
      }
    }
    this.requestRender();
  }

  /** One step of the deformed shape's swing: a sine over DEFORMED_PERIOD_MS. */
  private advanceDeformed(): void {
    const deformed = this.deformed;
    if (!deformed?.animate) return;
    const phase = ((this.now() - deformed.started) % DEFORMED_PERIOD_MS) / DEFORMED_PERIOD_MS;
    deformed.layer.setScale(Math.sin(phase * 2 * Math.PI));
  }

  private applyDiff(): void {
    if (!this.model || !this.data) return;
    if (!this.diff) {
      this.model.setStatuses(null);
      return;
    }
    const statuses = new Int8Array(this.data.elements.ids.length).fill(statusIndex('unchanged'));
    const index = this.elementIndex();
    for (const [id, status] of this.diff) {
      const element = index.get(id);
      if (element !== undefined) statuses[element] = statusIndex(status);
    }
    this.model.setStatuses(statuses);
  }

  setLayerVisible(layer: GlyphLayer, visible: boolean): void {
    this.layers[layer] = visible;
    this.model?.setLayerVisible(layer, visible);
    this.requestRender();
  }

  // ------------------------------------------------------------------------------------------- what is shown

  filter(filter: ElementFilter): void {
    this.elementFilter = filter;
    this.applyVisibility();
  }

  isolate(ids: readonly string[] | null): void {
    this.isolatedIds = ids;
    this.applyVisibility();
  }

  isolateLevel(levelId: string | null): void {
    this.levelId = levelId;
    this.applyVisibility();
  }

  setSectionBox(box: SectionBox | null): void {
    this.sectionBox = box;
    // Babylon discards what lies on the positive side of a clip plane: each plane keeps one face's inside.
    const plane = (a: number, b: number, c: number, d: number): Plane | null =>
      box ? new Plane(a, b, c, d) : null;
    this.scene.clipPlane = plane(-1, 0, 0, box?.min[0] ?? 0);
    this.scene.clipPlane2 = plane(1, 0, 0, -(box?.max[0] ?? 0));
    this.scene.clipPlane3 = plane(0, -1, 0, box?.min[1] ?? 0);
    this.scene.clipPlane4 = plane(0, 1, 0, -(box?.max[1] ?? 0));
    this.scene.clipPlane5 = plane(0, 0, -1, box?.min[2] ?? 0);
    this.scene.clipPlane6 = plane(0, 0, 1, -(box?.max[2] ?? 0));
    this.applyVisibility();
  }

  private rules(): VisibilityRules {
    const data = this.data;
    let isolated: Uint8Array | null = null;
    if (data && this.isolatedIds) {
      isolated = new Uint8Array(data.elements.ids.length);
      const index = this.elementIndex();
      for (const id of this.isolatedIds) {
        const element = index.get(id);
        if (element !== undefined) isolated[element] = 1;
      }
    }
    const level = data && this.levelId !== null ? data.levels.findIndex(({ id }) => id === this.levelId) : -1;
    return {
      filter: this.elementFilter,
      isolated,
      level: level >= 0 ? level : null,
      box: this.sectionBox,
      view: this.ortho?.view.members ?? null,
    };
  }

  private applyVisibility(): void {
    if (!this.model || !this.data) return;
    computeVisibility(this.data, this.rules(), this.model.reach, this.visibleBuffer);
    this.model.setVisibility(this.visibleBuffer);
    this.requestRender();
  }

  // ------------------------------------------------------------------------------------------- picking and selection

  pick(x: number, y: number): PickedElement | null {
    const model = this.model;
    const data = this.data;
    if (!model || !data) return null;
    const index = this.ensurePickIndex();
    const ray = CreatePickingRay(this.scene, x, y, Matrix.Identity(), this.camera);
    const hit = index.raycast(
      [ray.origin.x, ray.origin.y, ray.origin.z],
      [ray.direction.x, ray.direction.y, ray.direction.z],
      (element) => model.isShown(element),
    );
    if (!hit) return null;
    return { index: hit.element, id: data.elements.ids[hit.element] as string };
  }

  select(ids: readonly string[] | null): void {
    this.applySelection(ids ?? [], true);
  }

  private applySelection(ids: readonly string[], announce: boolean): void {
    const data = this.data;
    if (!data || !this.model) {
      this.selectedIds = [...ids];
      return;
    }
    const index = this.elementIndex();
    const elements = new Set<number>();
    for (const id of ids) {
      const element = index.get(id);
      if (element !== undefined) elements.add(element);
    }
    this.selectedIds = [...elements].map((element) => data.elements.ids[element] as string);
    this.model.setSelection([...elements]);
    this.requestRender();
    if (announce) this.announceSelection();
  }

  setHoverPicking(on: boolean): void {
    this.hoverPicking = on;
    if (!on) this.hover(null);
  }

  private hover(hit: ViewerEvents['hoverChanged']['hovered']): void {
    if ((hit?.id ?? null) === this.hoveredId) return;
    this.hoveredId = hit?.id ?? null;
    this.emit('hoverChanged', { hovered: hit });
  }

  /** What is under the moving pointer, at most once per HOVER_PICK_MS: a pick is a raycast through the model. */
  private pickHover(): void {
    const now = this.now();
    if (now - this.lastHoverPickMs < HOVER_PICK_MS) return;
    this.lastHoverPickMs = now;
    const x = this.scene.pointerX;
    const y = this.scene.pointerY;
    const hit = this.pick(x, y);
    const canvas = this.engine.getRenderingCanvas();
    const width = canvas?.clientWidth ?? this.engine.getRenderWidth();
    const height = canvas?.clientHeight ?? this.engine.getRenderHeight();
    this.hover(hit ? { id: hit.id, x, y, width, height } : null);
  }

  private announceSelection(): void {
    const index = this.elementIndex();
    this.emit('selectionChanged', {
      selected: this.selectedIds.map((id) => ({ index: index.get(id) as number, id })),
    });
  }

  private onPointer(info: PointerInfo): void {
    const event = info.event;
    switch (info.type) {
      case PointerEventTypes.POINTERDOWN:
        this.cancelFlight();
        this.pointerDown = { x: this.scene.pointerX, y: this.scene.pointerY };
        this.requestRender();
        break;
      case PointerEventTypes.POINTERMOVE:
        if (this.pointerDown) this.requestRender();
        else if (this.hoverPicking) this.pickHover();
        break;
      case PointerEventTypes.POINTERWHEEL:
        this.onWheel(event as WheelEvent);
        break;
      case PointerEventTypes.POINTERUP: {
        const down = this.pointerDown;
        this.pointerDown = null;
        this.requestRender();
        if (!down || event.button !== 0) break;
        const x = this.scene.pointerX;
        const y = this.scene.pointerY;
        if (Math.hypot(x - down.x, y - down.y) > CLICK_SLOP_PX) break;
        const hit = this.pick(x, y);
        if (event.shiftKey) {
          if (!hit) break;
          const has = this.selectedIds.includes(hit.id);
          this.select(has ? this.selectedIds.filter((id) => id !== hit.id) : [...this.selectedIds, hit.id]);
        } else {
          this.select(hit ? [hit.id] : null);
        }
        break;
      }
    }
  }

  private ensurePickIndex(): PickIndex {
    if (this.pickIndexTimer !== null) {
      clearTimeout(this.pickIndexTimer);
      this.pickIndexTimer = null;
    }
    if (!this.pickIndex)
      this.pickIndex = createPickIndex(this.data as SceneData, (this.model as ModelScene).pickRadii);
    return this.pickIndex;
  }

  /** The pick index is built when the viewer is idle after a load, or at the first pick if that comes sooner. */
  private schedulePickIndex(): void {
    if (this.pickIndexTimer !== null) clearTimeout(this.pickIndexTimer);
    this.pickIndexTimer = setTimeout(() => {
      this.pickIndexTimer = null;
      if (this.model && !this.disposed) this.ensurePickIndex();
    }, 0);
  }

  private elementIndex(): Map<string, number> {
    if (!this.idIndex) {
      this.idIndex = new Map();
      this.data?.elements.ids.forEach((id, element) => this.idIndex?.set(id, element));
    }
    return this.idIndex;
  }

  // ------------------------------------------------------------------------------------------- pictures and context

  async screenshot(options: ScreenshotOptions): Promise<string> {
    const width = this.engine.getRenderWidth();
    const height = this.engine.getRenderHeight();
    const scale = options.size / Math.max(width, height, 1);
    this.renderNow();
    // Babylon reads the picture back at the end of an engine frame, and on-demand rendering may have none
    // coming: keep frames ending (drawing nothing more) until it is taken.
    const endFrames = (): void => {};
    this.engine.runRenderLoop(endFrames);
    try {
      return await CreateScreenshotUsingRenderTargetAsync(
        this.engine,
        this.camera,
        { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) },
        options.mimeType,
        4,
      );
    } finally {
      this.engine.stopRenderLoop(endFrames);
    }
  }

  async loadContextGeometry(bytes: ArrayBuffer, name: string): Promise<void> {
    try {
      // Registers the glTF 2.0 loader only, and only once context geometry is asked for.
      await import('@babylonjs/loaders/glTF/2.0');
      const container = await LoadAssetContainerAsync(new Uint8Array(bytes), this.scene, {
        pluginExtension: '.glb',
        name,
      });
      if (this.disposed) {
        container.dispose();
        return;
      }
      // glTF is Y-up in metres: turn it Z-up and scale it to millimetres under one root.
      const root = new TransformNode(`context:${name}`, this.scene);
      root.rotation.x = Math.PI / 2;
      root.scaling.setAll(GLTF_METRES_TO_MM);
      container.addAllToScene();
      for (const node of [...container.meshes, ...container.transformNodes]) {
        if (!node.parent) node.parent = root;
      }
      for (const mesh of container.meshes) mesh.isPickable = false;
      this.contextContainers.push(container);
      this.contextRoots.push(root);
      await this.scene.whenReadyAsync();
      this.requestRender();
    } catch (error) {
      const message = `The context geometry ${name} could not be read: ${error instanceof Error ? error.message : String(error)}`;
      this.emit('error', { message });
      throw new Error(message, { cause: error });
    }
  }

  private clearContextGeometry(): void {
    for (const container of this.contextContainers.splice(0)) container.dispose();
    for (const root of this.contextRoots.splice(0)) root.dispose();
  }

  // ------------------------------------------------------------------------------------------- events

  on<K extends ViewerEventName>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => {
      this.listeners.get(event)?.delete(entry);
    };
  }

  private emit<K extends ViewerEventName>(event: K, payload: ViewerEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as Listener<K>)(payload);
    }
  }

  // ------------------------------------------------------------------------------------------- facts (test API)

  get modelScene(): ModelScene | null {
    return this.model;
  }

  /** Reaction arrows drawn now (0 for none). */
  get reactionArrows(): number {
    return this.reactions?.arrowCount ?? 0;
  }

  /** Line segments of the deformed shape drawn now (0 for none), and whether it moves. */
  get deformedShape(): { segments: number; animated: boolean } {
    return { segments: this.deformed?.layer.segmentCount ?? 0, animated: this.deformed?.animate ?? false };
  }

  /** Line segments of the force diagrams drawn now (0 for none). */
  get diagramSegments(): number {
    return this.diagrams?.segmentCount ?? 0;
  }

  get currentTheme(): ThemeName {
    return this.themeName;
  }

  get selection(): readonly string[] {
    return this.selectedIds;
  }

  get isolation(): readonly string[] | null {
    return this.isolatedIds;
  }

  frameStats(): { lastFrameMs: number; frames: number; drawCalls: number } {
    return { lastFrameMs: this.lastFrameMs, frames: this.frames, drawCalls: this.lastDrawCalls };
  }

  /** The box (model mm) around the nodes of these elements, or null when none is known. */
  boundsOf(ids: readonly string[]): SectionBox | null {
    const data = this.data;
    if (!data) return null;
    const { xyz } = data.nodes;
    const { nodeOffsets, nodeIndices } = data.elements;
    const index = this.elementIndex();
    const min: [number, number, number] = [Infinity, Infinity, Infinity];
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (const id of ids) {
      const element = index.get(id);
      if (element === undefined) continue;
      for (let at = nodeOffsets[element] ?? 0; at < (nodeOffsets[element + 1] ?? 0); at += 1) {
        const node = nodeIndices[at] ?? -1;
        for (let axis = 0; axis < 3; axis += 1) {
          const value = xyz[node * 3 + axis];
          if (value === undefined) continue;
          min[axis] = Math.min(min[axis] as number, value);
          max[axis] = Math.max(max[axis] as number, value);
        }
      }
    }
    return min[0] <= max[0] ? { min, max } : null;
  }

  /**
   * How tall a box looks: the height of its eight projected corners, cut to the canvas, as a fraction of the
   * canvas's height; 0 when any corner is behind the camera or the box is off-screen.
   */
  screenHeightFraction(box: SectionBox): number {
    const width = this.engine.getRenderWidth();
    const height = this.engine.getRenderHeight();
    const transform = this.camera.getTransformationMatrix();
    const viewport = this.camera.viewport.toGlobal(width, height);
    let top = Infinity;
    let bottom = -Infinity;
    for (const x of [box.min[0], box.max[0]])
      for (const y of [box.min[1], box.max[1]])
        for (const z of [box.min[2], box.max[2]]) {
          const projected = Vector3.Project(new Vector3(x, y, z), Matrix.Identity(), transform, viewport);
          if (projected.z < 0 || projected.z > 1) return 0;
          top = Math.min(top, projected.y);
          bottom = Math.max(bottom, projected.y);
        }
    const shown = Math.min(bottom, height) - Math.max(top, 0);
    return shown > 0 ? shown / Math.max(1, height) : 0;
  }

  /** Where a model point (mm) appears on the canvas, in CSS pixels from its top-left, or null if off-screen. */
  projectToCanvas(point: Vec3): { x: number; y: number } | null {
    const width = this.engine.getRenderWidth();
    const height = this.engine.getRenderHeight();
    const projected = Vector3.Project(
      new Vector3(point[0], point[1], point[2]),
      Matrix.Identity(),
      this.camera.getTransformationMatrix(),
      this.camera.viewport.toGlobal(width, height),
    );
    if (projected.z < 0 || projected.z > 1) return null;
    if (projected.x < 0 || projected.y < 0 || projected.x > width || projected.y > height) return null;
    const scaling = this.engine.getHardwareScalingLevel();
    return { x: projected.x * scaling, y: projected.y * scaling };
  }
}
