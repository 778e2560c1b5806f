import type { SnapshotFrom } from 'xstate';
import { ANALYTICS_ENTRY_COUNT, ANALYTICS_ENTRY_COUNT_WHILE_SOCKET_LOADING } from '../constants';
import type { LoadingVariant, loadingMachine } from './loadingMachine';

type LoadingSnapshot = SnapshotFrom<typeof loadingMachine>;

export interface OverlayText {
  variant: LoadingVariant;
  headline: string;
  subline: string | null;
}

/** When loads of several kinds overlap, the most specific message wins. */
const variantPriority: readonly LoadingVariant[] = ['analytics', 'additionalModels', 'generic'];

/** The overlay's words, verbatim from spec section 2; null when nothing is loading. */
export function overlayText(
  pending: Record<LoadingVariant, number>,
  socketDataLoading: boolean,
): OverlayText | null {
  const variant = variantPriority.find((candidate) => pending[candidate] > 0);
  switch (variant) {
    case undefined:
      return null;
    case 'analytics': {
      const entries = socketDataLoading ? ANALYTICS_ENTRY_COUNT_WHILE_SOCKET_LOADING : ANALYTICS_ENTRY_COUNT;
      return {
        variant,
        headline: `Sorting through ${entries} Entries`,
        subline: 'This takes a minute or two...',
      };
    }
    case 'additionalModels':
      return {
        variant,
        headline: 'Loading additional models... ...',
        subline: 'We are fetching more models from the server...',
      };
    case 'generic':
      return { variant, headline: 'Loading ...', subline: null };
  }
}

export const selectIsOverlayVisible = (snapshot: LoadingSnapshot): boolean => snapshot.hasTag('visible');
export const selectIsTakingTooLong = (snapshot: LoadingSnapshot): boolean => snapshot.hasTag('tooLong');
export const selectOverlayHeadline = (snapshot: LoadingSnapshot): string | null =>
  overlayText(snapshot.context.pending, snapshot.context.socketDataLoading)?.headline ?? null;
export const selectOverlaySubline = (snapshot: LoadingSnapshot): string | null =>
  overlayText(snapshot.context.pending, snapshot.context.socketDataLoading)?.subline ?? null;
