import type { Db } from '../../db/db';
import { toUserRecord, userColumns, type UserRecord } from '../users/repository';

/** A user row of the admin area: the user and how many organizations they belong to. */
export interface AdminUserRecord {
  user: UserRecord;
  organizationCount: number;
}

type AdminUserRow = Parameters<typeof toUserRecord>[0] & { organization_count: number };

/**
 * The text fuzzy search matches: the same expression as the trigram index of migration 004, so the planner uses
 * that index for `%`, `<%` and LIKE.
 */
const searchDocument = `lower(users.first_name || ' ' || users.last_name || ' ' || users.email)`;

/** Organizations owned, billed or joined, each counted once. */
const organizationCount = `(
  SELECT count(*) FROM (
    SELECT id FROM organizations WHERE owner_id = users.id OR billing_admin_id = users.id
    UNION
    SELECT organization_id FROM organization_collaborators WHERE user_id = users.id
  ) AS memberships
)::int AS organization_count`;

/** Word similarity (a term close to part of the text) and whole-text similarity are both ≥ this to match. */
export const fuzzyThreshold = 0.3;

/** Escapes LIKE's wildcards so a term is matched as typed. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The similarity thresholds of the `%` and `<%` operators, set for one transaction. */
export const fuzzyThresholdStatements = [
  `SET LOCAL pg_trgm.word_similarity_threshold = ${fuzzyThreshold}`,
  `SET LOCAL pg_trgm.similarity_threshold = ${fuzzyThreshold}`,
];

/**
 * Matches through the trigram index: a term close to a word of the text (`<%`), close to the whole text (`%`),
 * or contained in it (LIKE). Ranked with an email starting with the term first, then by the larger of word
 * similarity and similarity. $1 term (lower-cased), $2 email prefix pattern, $3 contains pattern, $4 limit.
 */
export const fuzzySearchSql = `SELECT ${userColumns}, ${organizationCount} FROM users
  WHERE NOT users.pending
    AND ($1 <% ${searchDocument} OR ${searchDocument} % $1 OR ${searchDocument} LIKE $3)
  ORDER BY (users.email LIKE $2) DESC,
           greatest(word_similarity($1, ${searchDocument}), similarity($1, ${searchDocument})) DESC,
           users.created_at DESC, users.id
  LIMIT $4`;

export function fuzzySearchParams(term: string, limit: number): [string, string, string, number] {
  const lowered = term.toLowerCase();
  return [lowered, `${escapeLike(lowered)}%`, `%${escapeLike(lowered)}%`, limit];
}

const toAdminUser = (row: AdminUserRow): AdminUserRecord => ({
  user: toUserRecord(row),
  organizationCount: row.organization_count,
});

/** Accounts only: invited people without an account yet (pending) are not listed. */
export function createAdminRepository(db: Db) {
  return {
    async page(options: { offset: number; limit: number; contains?: string }): Promise<{
      rows: AdminUserRecord[];
      total: number;
    }> {
      const filter = options.contains ? `AND ${searchDocument} LIKE $1` : `AND $1::text IS NULL`;
      const pattern = options.contains ? `%${escapeLike(options.contains.toLowerCase())}%` : null;
      const [rows, counts] = await Promise.all([
        db.query<AdminUserRow>(
          `SELECT ${userColumns}, ${organizationCount} FROM users
           WHERE NOT users.pending ${filter}
           ORDER BY users.created_at DESC, users.id
           OFFSET $2 LIMIT $3`,
          [pattern, options.offset, options.limit],
        ),
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM users WHERE NOT users.pending ${filter}`,
          [pattern],
        ),
      ]);
      return { rows: rows.map(toAdminUser), total: counts[0]?.total ?? 0 };
    },

    /**
     * Typo-tolerant search, best first. Runs in a transaction so the thresholds hold for this query only
     * (SET LOCAL).
     */
    async fuzzy(term: string, limit: number): Promise<AdminUserRecord[]> {
      return db.transaction(async (tx) => {
        for (const statement of fuzzyThresholdStatements) await tx.query(statement);
        const rows = await tx.query<AdminUserRow>(fuzzySearchSql, fuzzySearchParams(term, limit));
        return rows.map(toAdminUser);
      });
    },

    async findById(id: string): Promise<AdminUserRecord | null> {
      const [row] = await db.query<AdminUserRow>(
        `SELECT ${userColumns}, ${organizationCount} FROM users WHERE users.id = $1 AND NOT users.pending`,
        [id],
      );
      return row ? toAdminUser(row) : null;
    },

    /** Sets preferences.testingGroup in SQL, so a concurrent change of the user's other preferences survives. */
    async setTestingGroup(id: string, testingGroup: string | null, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE users SET preferences = jsonb_set(preferences, '{testingGroup}', $2::jsonb), updated_at = $3
         WHERE id = $1 AND NOT pending RETURNING id`,
        [id, JSON.stringify(testingGroup), now],
      );
      return rows.length > 0;
    },
  };
}
