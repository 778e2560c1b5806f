import type { Row } from '../permissionMatrix';

/** The permission matrix's rows for the billing routes. */
export const billingRows: Row[] = [];
