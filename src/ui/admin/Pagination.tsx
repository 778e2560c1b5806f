import type { PageInfo } from '../../machines/admin/paging';

/** "Page 2 of 7 · 160 in all" with Previous and Next. */
export function Pagination({
  info,
  label,
  busy,
  onPrevious,
  onNext,
}: {
  info: PageInfo;
  /** What is counted: "users", "organizations". */
  label: string;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="pagination" aria-label={`Pages of ${label}`}>
      <button type="button" disabled={busy || !info.hasPrevious} onClick={onPrevious}>
        Previous
      </button>
      <span>
        Page {info.page} of {info.pageCount} · {info.total} {label}
      </span>
      <button type="button" disabled={busy || !info.hasNext} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}
