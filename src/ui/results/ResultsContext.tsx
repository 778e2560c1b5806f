import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  createResultsImplementations,
  resultsMachine,
  type ResultsEvent,
} from '../../machines/results/resultsMachine';
import { useAppServices } from '../services/AppServices';

export type ResultsActor = ActorRefFrom<typeof resultsMachine>;
type ResultsSnapshot = SnapshotFrom<typeof resultsMachine>;

const ResultsContext = createContext<ResultsActor | null>(null);

/**
 * The results of the version shown (issue #25), for the results panel and the canvas it colours: another
 * version is another actor.
 */
export function ResultsProvider({
  modelId,
  versionId,
  children,
}: {
  modelId: string;
  /** null: no version's results (none chosen yet, or the user may not read versions). */
  versionId: string | null;
  children: ReactNode;
}) {
  const { http, realtime } = useAppServices();
  // One actor per version, made here rather than by keying the subtree: the canvas below must not be remade.
  // Made in the effect, so a remount (StrictMode's included) gets a running actor of its own.
  const [actor, setActor] = useState<ResultsActor | null>(null);
  useEffect(() => {
    if (versionId === null) {
      setActor(null);
      return;
    }
    const created = createActor(resultsMachine.provide(createResultsImplementations({ http, realtime })), {
      input: { modelId, versionId },
    }).start();
    setActor(created);
    return () => {
      created.stop();
    };
  }, [http, realtime, modelId, versionId]);
  return <ResultsContext.Provider value={actor}>{children}</ResultsContext.Provider>;
}

const noActor = { getSnapshot: () => null, subscribe: () => ({ unsubscribe: () => undefined }) };

/** A value of the results snapshot, or `fallback` where no version's results are shown. */
export function useResultsSelector<T>(selector: (snapshot: ResultsSnapshot) => T, fallback: T): T {
  const actor = useContext(ResultsContext);
  return useSelector(actor ?? noActor, (snapshot) =>
    snapshot ? selector(snapshot as ResultsSnapshot) : fallback,
  );
}

/** What the user does in the results panel, memoised: views call these and never build events. */
export function useResultsEvents() {
  const actor = useContext(ResultsContext);
  return useMemo(() => {
    const send = (event: ResultsEvent) => actor?.send(event);
    return {
      upload: (file: File) => send({ type: 'results.upload', file, fileName: file.name }),
      chooseFileUnits: (units: string | null) => send({ type: 'results.fileUnits', units }),
      chooseCase: (name: string) => send({ type: 'results.case', name }),
      chooseComponent: (component: string) => send({ type: 'results.component', component }),
      compareWith: (versionId: string | null) => send({ type: 'results.compare', versionId }),
      chooseDriftCase: (name: string) => send({ type: 'results.driftCase', name }),
      showDeformed: (show: boolean) => send({ type: 'results.deformed', show }),
      chooseDeformedCase: (name: string) => send({ type: 'results.deformedCase', name }),
      chooseDeformedStep: (name: string) => send({ type: 'results.deformedStep', name }),
      animateDeformed: (on: boolean) => send({ type: 'results.animate', on }),
      retry: () => send({ type: 'results.retry' }),
    };
  }, [actor]);
}
