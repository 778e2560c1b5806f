import type { Preferences, Survey, UserState } from '../../../contract/http/users';
import type { Queryable } from '../../db/db';

/** A user as the server holds it. Never sent as is: toUser / toPublicUser choose what leaves. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  avatarUrl: string | null;
  preferences: Preferences;
  survey: Survey | null;
  state: UserState;
  createdAt: Date;
  updatedAt: Date;
}

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  avatar_url: string | null;
  preferences: Preferences;
  survey: Survey | null;
  state: UserState;
  created_at: Date | string;
  updated_at: Date | string;
}

export const userColumns =
  'users.id, users.email, users.first_name, users.last_name, users.password_hash, users.avatar_url, ' +
  'users.preferences, users.survey, users.state, users.created_at, users.updated_at';

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    avatarUrl: row.avatar_url,
    preferences: row.preferences,
    survey: row.survey,
    state: row.state,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type NewUser = Omit<UserRecord, 'updatedAt'>;

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  preferences: Preferences;
  survey: Survey | null;
}

export function createUsersRepository(db: Queryable) {
  async function one(sql: string, params: Parameters<Queryable['query']>[1]): Promise<UserRecord | null> {
    const [row] = await db.query<UserRow>(sql, params);
    return row ? toUserRecord(row) : null;
  }

  return {
    findById: (id: string) => one(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]),

    findByEmail: (email: string) => one(`SELECT ${userColumns} FROM users WHERE email = $1`, [email]),

    async findByEmails(emails: readonly string[]): Promise<UserRecord[]> {
      if (emails.length === 0) return [];
      const rows = await db.query<UserRow>(
        `SELECT ${userColumns} FROM users WHERE email = ANY($1::text[]) ORDER BY email`,
        [emails],
      );
      return rows.map(toUserRecord);
    },

    /**
     * Whether two users work together: members of one organization (owner, billing administrator or
     * collaborator), or people on one model (a permission, or the owner of its organization, who is ADMIN on it).
     */
    async shareWork(userId: string, otherId: string): Promise<boolean> {
      const [row] = await db.query<{ shared: boolean }>(
        `WITH organization_people AS (
           SELECT id AS organization_id, owner_id AS user_id FROM organizations WHERE owner_id IN ($1, $2)
           UNION SELECT id, billing_admin_id FROM organizations WHERE billing_admin_id IN ($1, $2)
           UNION SELECT organization_id, user_id FROM organization_collaborators WHERE user_id IN ($1, $2)
         ),
         model_people AS (
           SELECT model_id, user_id FROM model_permissions WHERE user_id IN ($1, $2)
           UNION SELECT models.id, organizations.owner_id
             FROM models JOIN organizations ON organizations.id = models.organization_id
            WHERE organizations.owner_id IN ($1, $2)
         )
         SELECT EXISTS (
                  SELECT 1 FROM organization_people a JOIN organization_people b USING (organization_id)
                   WHERE a.user_id = $1 AND b.user_id = $2)
             OR EXISTS (
                  SELECT 1 FROM model_people a JOIN model_people b USING (model_id)
                   WHERE a.user_id = $1 AND b.user_id = $2) AS shared`,
        [userId, otherId],
      );
      return row?.shared === true;
    },

    /** Throws a unique violation (see isUniqueViolation) when the address already has an account. */
    async insert(user: NewUser): Promise<UserRecord> {
      const created = await one(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, avatar_url, preferences, survey, state,
                            created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $10)
         RETURNING ${userColumns}`,
        [
          user.id,
          user.email,
          user.firstName,
          user.lastName,
          user.passwordHash,
          user.avatarUrl,
          JSON.stringify(user.preferences),
          user.survey === null ? null : JSON.stringify(user.survey),
          JSON.stringify(user.state),
          user.createdAt,
        ],
      );
      if (!created) throw new Error('INSERT ... RETURNING gave no row');
      return created;
    },

    updateProfile: (id: string, changes: ProfileChanges, now: Date) =>
      one(
        `UPDATE users SET first_name = $2, last_name = $3, preferences = $4::jsonb, survey = $5::jsonb, updated_at = $6
         WHERE id = $1 RETURNING ${userColumns}`,
        [
          id,
          changes.firstName,
          changes.lastName,
          JSON.stringify(changes.preferences),
          changes.survey === null ? null : JSON.stringify(changes.survey),
          now,
        ],
      ),

    /** Merges into the stored state in SQL, so two concurrent updates of different keys both survive. */
    mergeState: (id: string, state: UserState, now: Date) =>
      one(
        `UPDATE users SET state = state || $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING ${userColumns}`,
        [id, JSON.stringify(state), now],
      ),

    async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
        id,
        passwordHash,
        now,
      ]);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
