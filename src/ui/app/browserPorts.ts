import { toast } from 'react-toastify';
import type { NotifyKind } from '../../api/client';
import { createMemoryStorage } from '../../machines/session/memoryStorage';
import type { KeyValueStorage } from '../../machines/session/types';

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
