import type { z } from 'zod';
import { messages } from '../../../contract/errors';
import type {
  Preferences,
  PublicUser,
  updateProfileBody,
  User,
  UserState,
} from '../../../contract/http/users';
import { initialsOf } from '../../../contract/http/users';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import { createUsersRepository, type UserRecord } from './repository';

export const defaultPreferences: Preferences = {
  colorSchemes: { default: 'light', repair: 'dark' },
  testingGroup: null,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPublicUser(user: UserRecord): PublicUser {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    initials: initialsOf(user.firstName, user.lastName),
    avatarUrl: user.avatarUrl,
    emailAddress: user.email,
  };
}

export function toUser(user: UserRecord): User {
  return {
    ...toPublicUser(user),
    preferences: user.preferences,
    survey: user.survey,
    state: user.state,
    createdAt: user.createdAt.toISOString(),
  };
}

/** PUT /api/users as zod hands it over (trimmed). */
type ProfileUpdate = z.output<typeof updateProfileBody>;

export interface UsersServiceDeps {
  db: Queryable;
  clock: Clock;
  config: Pick<Config, 'admins'>;
}

export function createUsersService({ db, clock, config }: UsersServiceDeps) {
  const users = createUsersRepository(db);
  const isInternalAdmin = (user: UserRecord) => config.admins.includes(user.email);

  /** Unknown and malformed ids look the same to the caller: both are a user they cannot know about. */
  async function findExisting(id: string): Promise<UserRecord> {
    const user = uuidPattern.test(id) ? await users.findById(id) : null;
    if (!user) throw new HttpError(404, messages.userDetailNotFound);
    return user;
  }

  return {
    isInternalAdmin,

    async updateProfile(actor: UserRecord, changes: ProfileUpdate): Promise<User> {
      const updated = await users.updateProfile(
        actor.id,
        {
          firstName: changes.firstName ?? actor.firstName,
          lastName: changes.lastName ?? actor.lastName,
          preferences: { ...actor.preferences, ...changes.preferences },
          survey: changes.survey ?? actor.survey,
        },
        clock(),
      );
      if (!updated) throw new HttpError(404, messages.userDetailNotFound);
      return toUser(updated);
    },

    /**
     * GET /api/users/{id} and /profileInfo/{id}: the user themself, an internal admin, or someone who works with
     * them (an organization or a model in common). Anyone else gets the 404 of an unknown id, so ids (the
     * internal admins' are public, spec section 7) do not lead to addresses.
     */
    async getPublic(actor: UserRecord, id: string): Promise<PublicUser> {
      const user = await findExisting(id);
      if (user.id !== actor.id && !isInternalAdmin(actor) && !(await users.shareWork(actor.id, user.id)))
        throw new HttpError(404, messages.userDetailNotFound);
      return toPublicUser(user);
    },

    async findByEmail(email: string): Promise<PublicUser> {
      const user = email.length <= 254 ? await users.findByEmail(email.trim().toLowerCase()) : null;
      if (!user) throw new HttpError(404, messages.userDoesNotExist);
      return toPublicUser(user);
    },

    /** Only the user themself or an internal admin; anyone else gets 401 whether or not the id exists. */
    async updateUserState(actor: UserRecord, id: string, state: UserState): Promise<User> {
      if (actor.id !== id && !isInternalAdmin(actor)) throw new HttpError(401, messages.unauthorizedAccess);
      await findExisting(id);
      const updated = await users.mergeState(id, state, clock());
      if (!updated) throw new HttpError(404, messages.userDetailNotFound);
      return toUser(updated);
    },

    async adminIds(): Promise<string[]> {
      return (await users.findByEmails(config.admins)).map((user) => user.id);
    },

    async adminList(actor: UserRecord): Promise<PublicUser[]> {
      if (!isInternalAdmin(actor)) return [];
      return (await users.findByEmails(config.admins)).map(toPublicUser);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
