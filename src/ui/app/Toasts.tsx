import { ToastContainer } from 'react-toastify';
import { REALTIME_TOAST_DEFAULTS, SESSION_TOAST_POSITION } from '../../machines/constants';

/** Toasts sent to this container carry `containerId: REALTIME_TOASTS`; all others are session and messages. */
export const REALTIME_TOASTS = 'realtime';

/** Spec section 9: session and message toasts top-center; the realtime defaults top-right. */
export function Toasts() {
  return (
    <>
      <ToastContainer position={SESSION_TOAST_POSITION} theme="light" />
      <ToastContainer containerId={REALTIME_TOASTS} aria-label="Live updates" {...REALTIME_TOAST_DEFAULTS} />
    </>
  );
}
