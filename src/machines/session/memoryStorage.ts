import type { KeyValueStorage } from './types';

/**
 * Local storage kept in memory: the session's storage in tests, and the fallback when the browser refuses
 * window.localStorage (some private modes throw on access). The session then lasts as long as the tab.
 */
export interface MemoryStorage extends KeyValueStorage {
  entries: () => Record<string, string>;
}

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
    entries: () => Object.fromEntries(items),
  };
}
