import { toast } from 'react-toastify';
import type { NotifyKind } from '../../api/client';
import { createMemoryStorage } from '../../machines/session/memoryStorage';
import type { KeyValueStorage } from '../../machines/session/types';
import { REALTIME_TOASTS } from './Toasts';

/** window.localStorage, or memory when the browser refuses it (some private modes throw on access). */
export function browserLocalStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    const probe = '__gusset_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

const tabSessionKey = 'GussetSessionId';

/**
 * One id per browser tab, kept across reloads of that tab (sessionStorage is per tab), so the realtime events
 * this tab caused can be recognised as its own.
 */
export function tabSessionId(): () => string {
  let id: string;
  try {
    id = window.sessionStorage.getItem(tabSessionKey) ?? crypto.randomUUID();
    window.sessionStorage.setItem(tabSessionKey, id);
  } catch {
    id = crypto.randomUUID();
  }
  return () => id;
}

/**
 * Session and message toasts go to the default container (top-center). The same message shown twice at once
 * (several calls failing together) appears once.
 */
export function notifyWithToast(kind: NotifyKind, message: string): void {
  toast[kind](message, { toastId: `${kind}:${message}` });
}

/**
 * Live collaboration's info toasts go to their own container, with the realtime defaults (top-right, 5 s,
 * draggable 80 %, paused on hover and focus loss, light).
 */
export function notifyRealtimeWithToast(message: string): void {
  toast.info(message, { containerId: REALTIME_TOASTS });
}

/** A realtime payload that broke the contract: the console, for whoever investigates; the user is not bothered. */
export function logRealtimeProblem(problem: string): void {
  // eslint-disable-next-line no-console -- the one diagnostic the browser keeps for dropped realtime payloads
  console.warn(`Gusset: a realtime payload was dropped: ${problem}`);
}
