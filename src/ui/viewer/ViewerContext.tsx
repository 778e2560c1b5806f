import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PropertyGroup } from '../../engine/diff/types';
import type { CompareSide } from '../../machines/reports/changeList';
import type {
  CameraView,
  FilterFacet,
  ViewerEvent,
  ViewerLayer,
  ViewerPanel,
  ViewerTheme,
} from '../../machines/viewer/types';
import type { viewerMachine } from '../../machines/viewer/viewerMachine';

export type ViewerActor = ActorRefFrom<typeof viewerMachine>;

const ViewerActorContext = createContext<ViewerActor | null>(null);

/** The viewer screen's actor, shared by the canvas, the toolbar and the panels. */
export function ViewerProvider({ actor, children }: { actor: ViewerActor; children: ReactNode }) {
  return <ViewerActorContext.Provider value={actor}>{children}</ViewerActorContext.Provider>;
}

function useProvidedActor(): ViewerActor {
  const actor = useContext(ViewerActorContext);
  if (!actor) throw new Error('The viewer hooks must be used inside <ViewerProvider>');
  return actor;
}

export function useViewerSelector<T>(
  selector: (snapshot: SnapshotFrom<typeof viewerMachine>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useProvidedActor(), selector, compare);
}

/** Equal when every own field is the same value: for selectors that build a small object. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** The user's intents on the viewer screen, memoised: views call these and never build events themselves. */
export function useViewerEvents() {
  const actor = useProvidedActor();
  return useMemo(
    () => ({
      selectVersion: (versionId: string) => actor.send({ type: 'version.select', versionId }),
      retry: () => actor.send({ type: 'scene.retry' }),
      setTheme: (theme: ViewerTheme) => actor.send({ type: 'theme.set', theme }),
      setView: (view: CameraView) => actor.send({ type: 'view.set', view }),
      zoomToFit: () => actor.send({ type: 'view.fit' }),
      showPlan: (levelId: string) => actor.send({ type: 'view.plan', levelId }),
      showElevation: (gridId: string) => actor.send({ type: 'view.elevation', gridId }),
      showPerspective: () => actor.send({ type: 'view.perspective' }),
      toggleLayer: (layer: ViewerLayer) => actor.send({ type: 'layer.toggle', layer }),
      toggleFilter: (facet: FilterFacet, value: string) =>
        actor.send({ type: 'filter.toggle', facet, value }),
      showAll: (facet: FilterFacet) => actor.send({ type: 'filter.showAll', facet }),
      search: (text: string) => actor.send({ type: 'filter.search', text }),
      isolateLevel: (levelId: string | null) => actor.send({ type: 'level.isolate', levelId }),
      toggleSectionBox: () => actor.send({ type: 'sectionBox.toggle' }),
      moveSectionBox: (axis: 0 | 1 | 2, bound: 'min' | 'max', value: number) =>
        actor.send({ type: 'sectionBox.change', axis, bound, value }),
      clearSelection: () => actor.send({ type: 'selection.clear' }),
      showSelection: () => actor.send({ type: 'selection.show' }),
      takeThumbnail: () => actor.send({ type: 'thumbnail.requested' }),
      togglePanel: (panel: ViewerPanel) => actor.send({ type: 'panel.toggle', panel }),
      startCompare: (versionId: string) => actor.send({ type: 'compare.start', versionId }),
      exitCompare: () => actor.send({ type: 'compare.exit' }),
      showSide: (side: CompareSide) => actor.send({ type: 'compare.side', side }),
      retryDiff: () => actor.send({ type: 'compare.retry' }),
      selectChange: (key: string) => actor.send({ type: 'change.select', key }),
      filterChanges: (group: PropertyGroup | null) => actor.send({ type: 'changes.filter', group }),
    }),
    [actor],
  );
}

/** What the canvas reports back: the viewer's news, as machine events. */
export function useViewerReports(): (event: ViewerEvent) => void {
  const actor = useProvidedActor();
  return useMemo(() => (event: ViewerEvent) => actor.send(event), [actor]);
}
