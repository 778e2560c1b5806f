import { Engine } from '@babylonjs/core/Engines/engine';
import type { GlyphLayer, ThemeName, Viewer } from './types';
import { BabylonViewer } from './Viewer';

export interface CreateViewerOptions {
  /** Light unless given (the user's preference decides; dark for repair). */
  theme?: ThemeName;
  layers?: Partial<Record<GlyphLayer, boolean>>;
  /** Multisampling; on by default. */
  antialias?: boolean;
}

/**
 * A viewer drawing into `canvas`: creates the WebGL engine for it and binds the viewer to the canvas's life —
 * size (a ResizeObserver that only flags, the resize is applied just before the next frame), visibility (no
 * drawing while off-screen), and context loss. `dispose()` on the viewer undoes all of it, engine included.
 * Can be used from any UI (React keeps only the returned object, never Babylon's).
 */
export function createViewer(canvas: HTMLCanvasElement, options: CreateViewerOptions = {}): Viewer {
  const engine = new Engine(
    canvas,
    options.antialias ?? true,
    // A preserved drawing buffer lets a screenshot read the canvas after the frame; no stencil is used.
    { preserveDrawingBuffer: true, stencil: false, powerPreference: 'high-performance' },
    true,
  );
  // Camera flights jump for users who asked their system for less motion.
  const reducedMotion =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const viewer = new BabylonViewer(engine, { theme: options.theme, layers: options.layers, reducedMotion });
  viewer.onDispose(() => engine.dispose());

  const lost = engine.onContextLostObservable.add(() => viewer.handleContextLost());
  const restored = engine.onContextRestoredObservable.add(() => viewer.handleContextRestored());
  viewer.onDispose(() => {
    engine.onContextLostObservable.remove(lost);
    engine.onContextRestoredObservable.remove(restored);
  });

  if (typeof ResizeObserver !== 'undefined') {
    const resizeObserver = new ResizeObserver(() => viewer.flagResize());
    resizeObserver.observe(canvas);
    viewer.onDispose(() => resizeObserver.disconnect());
  }
  if (typeof IntersectionObserver !== 'undefined') {
    const intersectionObserver = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) viewer.setSuspended(!entry.isIntersecting);
    });
    intersectionObserver.observe(canvas);
    viewer.onDispose(() => intersectionObserver.disconnect());
  }
  return viewer;
}
