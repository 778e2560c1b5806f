import { randomUUID } from 'node:crypto';
import { messages, ownMessages } from '../../../contract/errors';
import type { SessionResponse } from '../../../contract/http/users';
import { addHours, type Clock } from '../../clock';
import type { Config } from '../../config';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import type { Mailer } from '../../mail/mailer';
import { createUsersRepository, type UserRecord } from '../users/repository';
import { defaultPreferences, toUser } from '../users/service';
import { authMails } from './mails';
import type { PasswordHasher } from './passwords';
import { createAuthRepository, type AuthSession } from './repository';
import { issueVerificationLink } from './invitations';
import { hashToken, newToken } from './tokens';

export { verifyTokenTtlHours } from './invitations';
export const resetTokenTtlHours = 1;

/**
 * Revokes every personal API token of the user inside the caller's transaction: the apiTokens module's, handed in
 * by app.ts (apiTokens builds on auth's tokens, so auth does not import it back).
 */
export type RevokeApiTokens = (tx: Queryable, userId: string, now: Date) => Promise<unknown>;

export interface AuthServiceDeps {
  db: Db;
  revokeApiTokens: RevokeApiTokens;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'sessionTtlHours'>;
  passwords: PasswordHasher;
  log: { error(details: object, message: string): void };
}

/** /auth/verify as zod hands it over: email trimmed and lower-cased, names trimmed. */
export interface NewAccount {
  resetToken: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * Sign-up, verification, login, password reset and sessions. Account enumeration is limited by answering
 * signup and forgot uniformly (the difference goes to the mailbox, whose owner may know it) and by giving login
 * one message and the same argon2 work whether or not the address exists.
 *
 * A pending account (a person invited to an organization before signing up) counts as no account here: sign-up
 * mails it the normal verification link, verify completes that same row, login and forgot treat it as unknown.
 */
export function createAuthService({
  db,
  revokeApiTokens,
  mailer,
  clock,
  config,
  passwords,
  log,
}: AuthServiceDeps) {
  const auth = createAuthRepository(db);

  // Login of an unknown address verifies against this, so it costs what a real verify costs.
  let dummyHash: Promise<string> | undefined;
  const dummyPasswordHash = () => (dummyHash ??= passwords.hash(newToken()));

  async function openSession(tx: Queryable, user: UserRecord): Promise<SessionResponse> {
    const token = newToken();
    const now = clock();
    await createAuthRepository(tx).insertSession({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: addHours(now, config.sessionTtlHours),
    });
    return { token, user: toUser(user) };
  }

  return {
    /** Always resolves the same way; a known address gets a "you already have an account" mail instead. */
    async signup(email: string): Promise<void> {
      const account = await auth.findAccountByEmail(email);
      if (account && !account.pending) {
        await mailer.send(authMails.signupExisting(email, config.publicUrl));
        return;
      }
      const link = await issueVerificationLink(db, { clock, config }, email);
      await mailer.send(authMails.verify(email, link));
    },

    /**
     * Creates the account (or completes a pending one, keeping its id and memberships) and signs it in. The token
     * is checked before the password is hashed, so nobody without a mailed token can make the server hash; it is
     * consumed in the transaction that writes the user.
     */
    async verify(account: NewAccount): Promise<SessionResponse> {
      const tokenHash = hashToken(account.resetToken);
      const token = await auth.findUsableMailToken(tokenHash, 'verify', clock());
      if (!token || token.email !== account.emailAddress) throw new HttpError(400, messages.signupFailed);
      // The token proves the mailbox, so telling its owner that the account exists leaks nothing.
      const existing = await auth.findAccountByEmail(token.email);
      if (existing && !existing.pending) throw new HttpError(409, messages.userExists);
      const passwordHash = await passwords.hash(account.password);
      try {
        return await db.transaction(async (tx) => {
          const now = clock();
          const txAuth = createAuthRepository(tx);
          if (!(await txAuth.consumeMailToken(tokenHash, 'verify', now))) {
            throw new HttpError(400, messages.signupFailed);
          }
          const current = await txAuth.findAccountByEmail(token.email);
          if (current) {
            const names = { firstName: account.firstName, lastName: account.lastName };
            const completed = current.pending
              ? await txAuth.completePendingUser(current.user.id, { ...names, passwordHash }, now)
              : null;
            if (!completed) throw new HttpError(409, messages.userExists);
            return openSession(tx, completed);
          }
          const user = await createUsersRepository(tx).insert({
            id: randomUUID(),
            email: token.email,
            firstName: account.firstName,
            lastName: account.lastName,
            passwordHash,
            avatarUrl: null,
            preferences: defaultPreferences,
            survey: null,
            state: {},
            createdAt: now,
          });
          return openSession(tx, user);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, messages.userExists);
        throw error;
      }
    },

    async login(email: string, password: string): Promise<SessionResponse> {
      const account = await auth.findAccountByEmail(email);
      const user = account && !account.pending ? account.user : null;
      const matches = await passwords.verify(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !matches) throw new HttpError(401, ownMessages.loginFailed);
      return db.transaction((tx) => openSession(tx, user));
    },

    /** Always resolves the same way; an unknown address gets a "not registered" mail with a sign-up link. */
    async forgot(email: string): Promise<void> {
      const account = await auth.findAccountByEmail(email);
      const user = account && !account.pending ? account.user : null;
      if (!user) {
        await mailer.send(authMails.forgotUnknown(email, config.publicUrl));
        return;
      }
      const token = newToken();
      const now = clock();
      await auth.insertMailToken({
        tokenHash: hashToken(token),
        purpose: 'reset',
        email: user.email,
        userId: user.id,
        createdAt: now,
        expiresAt: addHours(now, resetTokenTtlHours),
      });
      await mailer.send(authMails.reset(user.email, `${config.publicUrl}/reset/${token}`));
    },

    /**
     * Sets the new password, spends the token, drops the user's other reset tokens and ends every session and
     * personal API token (a recovered account keeps nothing the previous holder made), all in one transaction. Returns the address so the caller can clear its login-failure count.
     */
    async reset(resetToken: string, password: string): Promise<string> {
      const tokenHash = hashToken(resetToken);
      const token = await auth.findUsableMailToken(tokenHash, 'reset', clock());
      if (!token?.userId) throw new HttpError(400, messages.resetTokenInvalid);
      const passwordHash = await passwords.hash(password);
      const email = await db.transaction(async (tx) => {
        const now = clock();
        const txAuth = createAuthRepository(tx);
        const spent = await txAuth.consumeMailToken(tokenHash, 'reset', now);
        if (!spent?.userId) throw new HttpError(400, messages.resetTokenInvalid);
        await createUsersRepository(tx).updatePasswordHash(spent.userId, passwordHash, now);
        await txAuth.deleteOtherResetTokens(spent.userId, tokenHash);
        await txAuth.revokeAllSessions(spent.userId, now);
        await revokeApiTokens(tx, spent.userId, now);
        return spent.email;
      });
      // The password has changed whatever happens to this notice, so a mail failure must not turn into an error.
      await mailer
        .send(authMails.passwordChanged(email, config.publicUrl))
        .catch((error: unknown) => log.error({ err: error }, 'Could not send the password-changed notice'));
      return email;
    },

    async logout(sessionTokenHash: string): Promise<void> {
      await auth.revokeSession(sessionTokenHash, clock());
    },

    /** The live session of a presented token, or null for an unknown, expired or revoked one. */
    async authenticate(token: string): Promise<AuthSession | null> {
      return auth.findLiveSession(hashToken(token), clock());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
