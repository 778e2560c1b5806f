import {
  selectIsOverlayVisible,
  selectOverlayHeadline,
  selectOverlaySubline,
} from '../../machines/loading/selectors';
import { useLoadingSelector } from './useLoading';
import { TakingTooLongModal } from './TakingTooLongModal';

/** The global loading overlay (spec section 2): its text comes from the loading machine's selectors. */
export function LoadingOverlay() {
  const visible = useLoadingSelector(selectIsOverlayVisible);
  const headline = useLoadingSelector(selectOverlayHeadline);
  const subline = useLoadingSelector(selectOverlaySubline);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__panel">
        <div className="spinner" aria-hidden="true" />
        <p className="loading-overlay__headline">{headline}</p>
        {subline !== null && <p className="loading-overlay__subline">{subline}</p>}
      </div>
      <TakingTooLongModal />
    </div>
  );
}
