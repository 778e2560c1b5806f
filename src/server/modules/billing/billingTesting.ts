import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';

/**
 * TEST SUPPORT: puts an active test-mode card on file for an organization, as the local provider would after
 * 4242 4242 4242 4242, so suites that make more than three models in one organization pass the free-model rule
 * (issue #10) without weakening it. No Vitest import: bench/ and tests/ may use it.
 */
export async function putPaymentMethodOnFile(db: Queryable, organizationId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.query(
    `INSERT INTO payment_methods (id, organization_id, provider, external_id, kind, brand, last4, exp_month, exp_year,
                                  status, created_at, updated_at)
     VALUES ($1, $2, 'local', $3, 'card', 'visa', '4242', 12, $4, 'active', $5, $5)`,
    [id, organizationId, `local_pm_${id}`, now.getUTCFullYear() + 5, now],
  );
  return id;
}
