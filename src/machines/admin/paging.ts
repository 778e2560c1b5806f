/** What a paginated admin list shows under it: "Page 2 of 7" and whether there is a page before and after. */
export interface PageInfo {
  page: number;
  pageCount: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The admin lists' page size: one page is one cheap query on the server (its cap is 200). */
export const ADMIN_PAGE_SIZE = 25;

export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  // An empty list still has one (empty) page, so the footer never says "page 1 of 0".
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page, pageCount, total, hasPrevious: page > 1, hasNext: page < pageCount };
}
