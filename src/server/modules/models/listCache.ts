import type { Queryable } from '../../db/db';

/**
 * Model list answers kept per reader and query, each with the model list generation its snapshot read
 * (migration 011): while the database's generation is the same, nothing the answer shows has changed, on this
 * instance or any other sharing the database. Issue #22: building the list was 20 ms of CPU a request; a kept
 * answer costs one single-row read.
 */
export interface ModelListCache {
  /** The kept answer for `key` if it was built at `generation`. */
  get(key: string, generation: string): string | undefined;
  set(key: string, generation: string, answer: string): void;
}

/** The database's current generation (a bigint, kept as its text). */
export async function readModelListGeneration(db: Queryable): Promise<string> {
  const [row] = await db.query<{ generation: string }>(
    'SELECT generation::text AS generation FROM model_list_generation',
  );
  if (!row) throw new Error('model_list_generation has no row (migration 011 not applied?)');
  return row.generation;
}

/**
 * At most `maxChars` characters of answers (a JavaScript string takes about two bytes a character); the least
 * recently used go first. An answer larger than a quarter of the room is not kept.
 */
export function createModelListCache(maxChars = 16 * 1024 * 1024): ModelListCache {
  const entries = new Map<string, { generation: string; answer: string }>();
  let chars = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.answer.length;
  }

  return {
    get(key, generation) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation) {
        remove(key);
        return undefined;
      }
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, generation, answer) {
      remove(key);
      if (answer.length > maxChars / 4) return;
      entries.set(key, { generation, answer });
      chars += answer.length;
      for (const oldest of entries.keys()) {
        if (chars <= maxChars) break;
        remove(oldest);
      }
    },
  };
}
