import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { FilterScope } from '../../api/filters';
import type { FilterPlatform, FilterProperty, NameMapping } from '../../contract/http/filters';
import {
  createFiltersImplementations,
  filtersMachine,
  type FilterElementType,
  type MappingField,
} from '../../machines/filters/filtersMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';

export type FiltersActor = ActorRefFrom<typeof filtersMachine>;
type FiltersEvent = EventFrom<typeof filtersMachine>;

/** The filters machine bound to the app's HTTP client, started for one scope (a model's or an organization's). */
export function useFiltersActor(scope: FilterScope): FiltersActor {
  const http = useHttpClient();
  const logic = useMemo(
    () => filtersMachine.provide(createFiltersImplementations({ http, announceSuccess })),
    [http],
  );
  return useActorRef(logic, { input: { scope } });
}

/** What the user does in the filters editor, memoised: views call these and never build events. */
export function useFiltersEvents(actor: FiltersActor) {
  return useMemo(() => {
    const send = (event: FiltersEvent) => actor.send(event);
    return {
      create: () => send({ type: 'filter.new' }),
      edit: (filterId: string) => send({ type: 'filter.edit', filterId }),
      startFromRecommended: (index: number) => send({ type: 'filter.fromRecommended', index }),
      remove: (filterId: string) => send({ type: 'filter.delete', filterId }),
      confirmRemoval: () => send({ type: 'deletion.confirm' }),
      cancelRemoval: () => send({ type: 'deletion.cancel' }),
      choosePlatform: (side: 'from' | 'to', value: FilterPlatform | '') =>
        send({ type: 'draft.platform', side, value }),
      toggleElementType: (elementType: FilterElementType) =>
        send({ type: 'draft.toggleElementType', elementType }),
      toggleProperty: (property: FilterProperty) => send({ type: 'draft.toggleProperty', property }),
      addMapping: () => send({ type: 'mapping.add' }),
      changeMapping: (index: number, field: MappingField, value: string) =>
        send({ type: 'mapping.change', index, field, value }),
      chooseMappingKind: (index: number, kind: NameMapping['kind']) =>
        send({ type: 'mapping.kind', index, kind }),
      removeMapping: (index: number) => send({ type: 'mapping.remove', index }),
      save: () => send({ type: 'draft.save' }),
      cancel: () => send({ type: 'draft.cancel' }),
      retry: () => send({ type: 'filters.retry' }),
    };
  }, [actor]);
}
