import { selectIsTakingTooLong } from '../../machines/loading/selectors';
import { useLoadingEvents, useLoadingSelector } from './useLoading';

/** After 70 seconds of continuous loading (spec section 2). */
export function TakingTooLongModal() {
  const tooLong = useLoadingSelector(selectIsTakingTooLong);
  const { refreshBrowser } = useLoadingEvents();
  if (!tooLong) return null;
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-labelledby="taking-too-long-title">
      <h2 id="taking-too-long-title">Taking too long?</h2>
      <button type="button" className="button button--primary" onClick={refreshBrowser}>
        Refresh Browser
      </button>
    </div>
  );
}
