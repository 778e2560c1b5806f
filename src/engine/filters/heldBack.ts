import type { ReportItem } from '../formats/report';
import type { FilterPlatform, FilterProperty } from './platforms';

/** Individual report items per element type and reason; the rest are one item with their count. */
export const HELD_BACK_ITEMS_PER_KIND = 10;

/** One kind of held-back change, with the elements it concerns. */
export interface HeldKind {
  from: FilterPlatform;
  to: FilterPlatform;
  type: string;
  /** A property, the element type as a whole, or a deletion. */
  what: FilterProperty | 'Type' | 'Deletion';
  /** What the filter does not let through. */
  because: string;
  ids: string[];
}

/** Collects what the filters held back, one kind per element type and reason, each element once per kind. */
export class HeldBackReport {
  private readonly kinds = new Map<string, HeldKind>();
  private readonly seen = new Set<string>();

  add(entry: Omit<HeldKind, 'ids'>, id: string): void {
    const seenKey = `${entry.what}\u0000${id}`;
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
    const key = [entry.from, entry.to, entry.type, entry.what, entry.because].join('\u0000');
    let kind = this.kinds.get(key);
    if (!kind) {
      kind = { ...entry, ids: [] };
      this.kinds.set(key, kind);
    }
    kind.ids.push(id);
  }

  items(): ReportItem[] {
    const items: ReportItem[] = [];
    for (const kind of this.kinds.values()) {
      const shown = kind.ids.slice(0, HELD_BACK_ITEMS_PER_KIND);
      for (const id of shown) {
        items.push({ severity: 'approximated', subject: 'Filter', id, reason: heldBackReason(kind) });
      }
      const more = kind.ids.length - shown.length;
      if (more > 0) {
        items.push({ severity: 'approximated', subject: 'Filter', reason: heldBackReason(kind, more) });
      }
    }
    return items;
  }
}

function heldBackReason(kind: HeldKind, more?: number): string {
  const owner = `${kind.to}'s`;
  const count = more?.toLocaleString('en-US');
  const kept =
    kind.what === 'Type'
      ? more
        ? `Kept ${count} more of ${owner} ${kind.type} elements unchanged`
        : `Kept ${owner} ${kind.type} unchanged`
      : kind.what === 'Deletion'
        ? more
          ? `Kept ${count} more of ${owner} ${kind.type} elements that the upload left out`
          : `Kept ${owner} ${kind.type} that the upload left out`
        : more
          ? `Kept ${owner} ${kind.what} on ${count} more ${kind.type} elements`
          : `Kept ${owner} ${kind.what}`;
  return `${kept}: the filter ${kind.from} → ${kind.to} does not let ${kind.because} through`;
}
