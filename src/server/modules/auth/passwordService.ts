import type { FastifyBaseLogger } from 'fastify';
import { ownMessages } from '../../../contract/errors';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import type { Mailer, OutgoingMail } from '../../mail/index';
import { HttpError } from '../../httpError';
import { createAttemptLimiter, type AttemptLimiter, type RateLimitStore } from '../../plugins/rateLimit';
import type { PasswordHasher } from './passwords';
import type { RevokeApiTokens } from './service';
import type { UserRecord } from '../users/repository';

/** Wrong current passwords per account before a pause: a stolen session must not become a password oracle. */
export const passwordChangeFailuresPerAccount = { points: 10, durationSeconds: 15 * 60 };

function passwordChangedMail(to: string, publicUrl: string): OutgoingMail {
  const forgot = `${publicUrl}/forgot`;
  const text =
    'The password of your Gusset account was just changed from your profile, your other signed-in ' +
    'sessions were ended and any personal API tokens were revoked.\n\nIf you did not do this, reset your password at once:\n\n' +
    `${forgot}\n\n— Gusset\n`;
  const html =
    '<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n' +
    '<p>The password of your Gusset account was just changed from your profile, your other signed-in ' +
    'sessions were ended and any personal API tokens were revoked.</p>\n<p>If you did not do this, reset your password at once:</p>\n' +
    `<p><a href="${forgot}">Reset your password</a></p>\n<p>— Gusset</p>\n</body></html>\n`;
  return {
    to,
    purpose: 'password-changed',
    subject: 'Your Gusset password was changed',
    text,
    html,
    link: forgot,
  };
}

export interface PasswordServiceDeps {
  db: Db;
  revokeApiTokens: RevokeApiTokens;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
  rateLimitStore: RateLimitStore;
  limiter?: AttemptLimiter;
}

/**
 * PUT /api/users/password: checks the current password, then in one transaction sets the new hash, revokes the
 * user's other sessions (the one making the request stays signed in) and every personal API token (a password
 * change is how an account is taken back, and a token must not outlive it) and drops unused reset links, then
 * mails a notice. Routes refuse it to a request an API token authenticated.
 */
export function createPasswordService(deps: PasswordServiceDeps) {
  const { db, clock, config, mailer, passwords, log } = deps;
  const failures =
    deps.limiter ??
    createAttemptLimiter(
      'passwordChangeFailuresPerAccount',
      passwordChangeFailuresPerAccount,
      deps.rateLimitStore,
    );

  return {
    async change(actor: UserRecord, sessionTokenHash: string, current: string, next: string): Promise<void> {
      await failures.check(actor.id);
      if (!(await passwords.verify(actor.passwordHash, current))) {
        await failures.consume(actor.id);
        throw new HttpError(400, ownMessages.currentPasswordIncorrect);
      }
      await failures.reset(actor.id);
      const passwordHash = await passwords.hash(next);
      await db.transaction(async (tx) => {
        const now = clock();
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
          actor.id,
          passwordHash,
          now,
        ]);
        await tx.query(
          `UPDATE sessions SET revoked_at = $3
           WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL`,
          [actor.id, sessionTokenHash, now],
        );
        await deps.revokeApiTokens(tx, actor.id, now);
        await tx.query(
          `DELETE FROM mail_tokens WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`,
          [actor.id],
        );
      });
      // The password has changed whatever happens to this notice.
      await mailer
        .send(passwordChangedMail(actor.email, config.publicUrl))
        .catch((error: unknown) => log.error({ err: error }, 'Could not send the password-changed notice'));
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
