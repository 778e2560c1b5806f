import { randomUUID } from 'node:crypto';
import { addHours, type Clock } from '../../clock';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import type { Queryable } from '../../db/db';
import { createAttemptLimiter } from '../../plugins/rateLimit';
import { createUsersRepository, type UserRecord } from '../users/repository';
import { defaultPreferences } from '../users/service';
import { createAuthRepository } from './repository';
import { hashToken, newToken } from './tokens';

export const verifyTokenTtlHours = 24;

/**
 * Stores a single-use verification token for `email` and returns the sign-up link that spends it
 * (/verify?resetToken=…&email=…, what /verify/create-account reads). Sign-up mails and invitations both use it.
 */
export async function issueVerificationLink(
  db: Queryable,
  { clock, config }: { clock: Clock; config: Pick<Config, 'publicUrl'> },
  email: string,
): Promise<string> {
  const token = newToken();
  const now = clock();
  await createAuthRepository(db).insertMailToken({
    tokenHash: hashToken(token),
    purpose: 'verify',
    email,
    userId: null,
    createdAt: now,
    expiresAt: addHours(now, verifyTokenTtlHours),
  });
  return `${config.publicUrl}/verify?resetToken=${token}&email=${encodeURIComponent(email)}`;
}

/**
 * Makes the account of a person invited by email: a row memberships can point at, marked pending, with an empty
 * password hash that no password verifies. Sign-up through a verification link completes it (see
 * AuthService.verify); until then login refuses it like an unknown address.
 */
export async function createPendingUser(
  tx: Queryable,
  person: { email: string; firstName: string; lastName: string },
  now: Date,
): Promise<UserRecord> {
  const user = await createUsersRepository(tx).insert({
    id: randomUUID(),
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    passwordHash: '',
    avatarUrl: null,
    preferences: defaultPreferences,
    survey: null,
    state: {},
    createdAt: now,
  });
  await createAuthRepository(tx).markPending(user.id);
  return user;
}

/**
 * Invitation mails' budgets (config.invitationLimits): per inviter, per organization, and a smaller one for an
 * inviter whose account is new. Each throws the 429 with Retry-After when spent. Organization invitations and
 * model shares spend the same budgets: the counters are named, and a name counts once per store.
 */
export function createInvitationBudget({
  clock,
  config,
  rateLimitStore,
}: Pick<ServerContext, 'clock' | 'config' | 'rateLimitStore'>) {
  const limits = config.invitationLimits;
  const perNewAccount = createAttemptLimiter(
    'invitationsPerNewAccount',
    limits.perNewAccount,
    rateLimitStore,
  );
  const perUser = createAttemptLimiter('invitationsPerUser', limits.perUser, rateLimitStore);
  const perOrganization = createAttemptLimiter(
    'invitationsPerOrganization',
    limits.perOrganization,
    rateLimitStore,
  );
  return async (inviter: UserRecord, organizationId: string): Promise<void> => {
    const ageMs = clock().getTime() - inviter.createdAt.getTime();
    if (ageMs < limits.newAccountHours * 3_600_000) await perNewAccount.consume(inviter.id);
    await perUser.consume(inviter.id);
    await perOrganization.consume(organizationId);
  };
}
