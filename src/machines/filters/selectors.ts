import type { SnapshotFrom } from 'xstate';
import type { filtersMachine } from './filtersMachine';

type FiltersSnapshot = SnapshotFrom<typeof filtersMachine>;

export const selectFilters = (snapshot: FiltersSnapshot) => snapshot.context.filters;
export const selectRecommended = (snapshot: FiltersSnapshot) => snapshot.context.recommended;
export const selectDraft = (snapshot: FiltersSnapshot) =>
  snapshot.hasTag('editing') ? snapshot.context.draft : null;
export const selectProblems = (snapshot: FiltersSnapshot) => snapshot.context.problems;
export const selectFiltersError = (snapshot: FiltersSnapshot) => snapshot.context.error;
export const selectPendingDeletion = (snapshot: FiltersSnapshot) =>
  snapshot.hasTag('confirmingDeletion') ? snapshot.context.pendingDeletion : null;
export const selectFiltersLoading = (snapshot: FiltersSnapshot) => snapshot.hasTag('loading');
export const selectFiltersFailed = (snapshot: FiltersSnapshot) => snapshot.hasTag('failed');
export const selectFiltersBusy = (snapshot: FiltersSnapshot) => snapshot.hasTag('busy');
export const selectFiltersBrowsing = (snapshot: FiltersSnapshot) => snapshot.hasTag('browsing');
