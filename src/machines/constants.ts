/**
 * The browser's business constants from spec section 9, in one place. Machines use them as named delays;
 * views read the toast defaults and the date format from here too.
 */

/** A 403 shows 'Your session has expired', then the app returns to / after this long. */
export const FORCED_LOGOUT_DELAY_MS = 1000;

/** The initializing screen shows at least this long at start. */
export const INITIAL_SCREEN_DELAY_MS = 2000;

/** After this long of continuous loading the 'Taking too long?' modal appears. */
export const TOO_LONG_LOADING_MS = 70_000;

/** Socket limits, for the realtime issue. */
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_TIMEOUT_MS = 20_000;

/** Lazily loaded code chunks give up after this long. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Dates are shown as MM/DD/YYYY. */
export const DATE_FORMAT = 'MM/DD/YYYY';

/** The realtime toast defaults; session and message toasts appear top-center instead. */
export const REALTIME_TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  theme: 'light',
} as const;

export const SESSION_TOAST_POSITION = 'top-center';

/** The analytics overlay counts this many entries, or the smaller figure while socket data is loading. */
export const ANALYTICS_ENTRY_COUNT = 250_000;
export const ANALYTICS_ENTRY_COUNT_WHILE_SOCKET_LOADING = 150_000;
