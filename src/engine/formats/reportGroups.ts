import type { FidelityConcept, ReportBuilder } from './report';

type Severity = 'approximated' | 'dropped' | 'warning';

interface Group {
  severity: Severity;
  subject: string;
  reason: string;
  concept: FidelityConcept;
  ids: Set<string>;
  line?: number;
}

/**
 * Report items that stand for many objects: one item per (severity, subject, reason, concept) listing every id it
 * covers, instead of one line per object that buries the report (and the fidelity oracle matches by id anyway).
 */
export class GroupedItems {
  private readonly groups = new Map<string, Group>();

  /** Adds `id` to the item of this kind, made at its first object (whose source line, if any, it keeps). */
  add(
    severity: Severity,
    subject: string,
    reason: string,
    concept: FidelityConcept,
    id: string,
    line?: number,
  ): void {
    const key = `${severity}\u0000${subject}\u0000${reason}\u0000${concept}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { severity, subject, reason, concept, ids: new Set() };
      if (line !== undefined) group.line = line;
      this.groups.set(key, group);
    }
    group.ids.add(id);
  }

  /** Moves every item into `report`, in the order their first object came. */
  flushInto(report: ReportBuilder): void {
    for (const { severity, subject, reason, concept, ids, line } of this.groups.values()) {
      report[severity](subject, reason, { concept, ids: [...ids], ...(line === undefined ? {} : { line }) });
    }
    this.groups.clear();
  }
}
