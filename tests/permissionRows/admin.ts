import type { Row } from '../permissionMatrix';

/** The permission matrix's rows for the admin routes. */
export const adminRows: Row[] = [];
