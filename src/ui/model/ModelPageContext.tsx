import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import type { modelPageMachine } from '../../machines/model/modelMachine';

export type ModelPageActor = ActorRefFrom<typeof modelPageMachine>;

const ModelPageContext = createContext<ModelPageActor | null>(null);

/** The model page's actor, shared by the model's screens (history, people, settings). */
export function ModelPageProvider({ actor, children }: { actor: ModelPageActor; children: ReactNode }) {
  return <ModelPageContext.Provider value={actor}>{children}</ModelPageContext.Provider>;
}

function useProvidedActor(): ModelPageActor {
  const actor = useContext(ModelPageContext);
  if (!actor) throw new Error('The model page hooks must be used inside <ModelPageProvider>');
  return actor;
}

export function useModelPageSelector<T>(selector: (snapshot: SnapshotFrom<typeof modelPageMachine>) => T): T {
  return useSelector(useProvidedActor(), selector);
}

/** The model page's intents, memoised: views call these and never build events themselves. */
export function useModelPageEvents() {
  const actor = useProvidedActor();
  return useMemo(
    () => ({
      reload: () => actor.send({ type: 'model.reload' }),
      replaceModel: (model: Model) => actor.send({ type: 'model.replace', model }),
      askToRestore: (versionId: string) => actor.send({ type: 'version.restore', versionId }),
      confirmRestore: () => actor.send({ type: 'restore.confirm' }),
      cancelRestore: () => actor.send({ type: 'restore.cancel' }),
      toggleReport: (versionId: string) => actor.send({ type: 'report.toggle', versionId }),
    }),
    [actor],
  );
}
