import { assign, fromPromise, setup } from 'xstate';
import { createApiToken, listApiTokens, revokeApiToken } from '../../api/apiTokens';
import type { HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '../../contract/http/apiTokens';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { CallFailed, formMessageOf, pageMessageOf, unwrap } from '../model/failure';

/** The expiries the form offers, in days; null: until revoked. */
export const API_TOKEN_EXPIRY_CHOICES = [null, 30, 90, 365] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRY_CHOICES)[number];

export type ApiTokensEvent =
  | { type: 'tokens.retry' }
  | { type: 'tokens.name'; value: string }
  | { type: 'tokens.expiry'; days: ApiTokenExpiry }
  | { type: 'tokens.create' }
  | { type: 'tokens.copy' }
  | { type: 'tokens.dismissSecret' }
  | { type: 'tokens.revoke'; tokenId: string }
  | { type: 'tokens.confirmRevoke' }
  | { type: 'tokens.cancelRevoke' };

export interface ApiTokensContext {
  tokens: ApiToken[];
  name: string;
  expiresInDays: ApiTokenExpiry;
  /** The token just made, with its secret: shown until dismissed, never fetched again. */
  created: CreatedApiToken | null;
  copied: boolean;
  /** The token whose revocation waits for confirmation (or is being sent). */
  revoking: ApiToken | null;
  /** What the form or the list shows: a rule the name breaks, the server's message, a copy failure. */
  error: string | null;
  /** Why the list could not be loaded (the section shows it with a retry). */
  loadError: string | null;
}

export type ApiTokensTag =
  'loading' | 'loadFailed' | 'ready' | 'creating' | 'confirmingRevoke' | 'revokingToken';

/** The list keeps no secret: only the one-time panel holds it. */
function withoutSecret(created: CreatedApiToken): ApiToken {
  return {
    _id: created._id,
    name: created.name,
    prefix: created.prefix,
    createdAt: created.createdAt,
    lastUsedAt: created.lastUsedAt,
    expiresAt: created.expiresAt,
  };
}

/** The name rule, checked before anything is sent (the server checks it again). */
export function apiTokenNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return ownMessages.apiTokenNameBlank;
  if (trimmed.length > 100) return ownMessages.apiTokenNameTooLong;
  return null;
}

/**
 * The "Personal API tokens" section of /profile/profile: the user's live tokens; create one with a name (and an
 * optional expiry), whose secret is shown once with a copy button until dismissed; revoke one after a
 * confirmation. A revoked token that the server no longer knows (404: revoked elsewhere) leaves the list too.
 */
export const apiTokensMachine = setup({
  types: {
    context: {} as ApiTokensContext,
    events: {} as ApiTokensEvent,
    tags: {} as ApiTokensTag,
  },
  actors: {
    listTokens: promisePlaceholder<ApiToken[], void>('listTokens'),
    /** Rejects with CallFailed (model/failure.ts) when the server refuses. */
    createToken: promisePlaceholder<CreatedApiToken, CreateApiTokenBody>('createToken'),
    revokeToken: promisePlaceholder<unknown, { tokenId: string }>('revokeToken'),
    /** Puts the secret on the clipboard; rejects when the browser refuses. */
    copySecret: promisePlaceholder<unknown, { secret: string }>('copySecret'),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
  },
  guards: {
    nameIsValid: ({ context }) => apiTokenNameProblem(context.name) === null,
    // The server's 404 for a token that is not (or no longer) the user's.
    wasAlreadyGone: ({ event }) =>
      'error' in event &&
      event.error instanceof CallFailed &&
      event.error.message === ownMessages.apiTokenNotFound,
  },
}).createMachine({
  id: 'apiTokens',
  context: {
    tokens: [],
    name: '',
    expiresInDays: null,
    created: null,
    copied: false,
    revoking: null,
    error: null,
    loadError: null,
  },
  initial: 'loading',
  on: {
    'tokens.name': { actions: assign(({ event }) => ({ name: event.value, error: null })) },
    'tokens.expiry': { actions: assign(({ event }) => ({ expiresInDays: event.days })) },
    'tokens.dismissSecret': { actions: assign({ created: null, copied: false }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'listTokens',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ tokens: event.output, loadError: null })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign(({ event }) => ({ loadError: pageMessageOf(event.error) })),
        },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'tokens.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['ready'],
          on: {
            'tokens.create': [
              { guard: 'nameIsValid', target: 'creating' },
              { actions: assign(({ context }) => ({ error: apiTokenNameProblem(context.name) })) },
            ],
            'tokens.revoke': {
              target: 'confirmingRevoke',
              actions: assign(({ context, event }) => ({
                revoking: context.tokens.find((token) => token._id === event.tokenId) ?? null,
                error: null,
              })),
            },
            'tokens.copy': { guard: ({ context }) => context.created !== null, target: 'copying' },
          },
        },
        creating: {
          tags: ['ready', 'creating'],
          invoke: {
            src: 'createToken',
            input: ({ context }) => ({ name: context.name.trim(), expiresInDays: context.expiresInDays }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  created: event.output,
                  copied: false,
                  tokens: [withoutSecret(event.output), ...context.tokens],
                  name: '',
                  expiresInDays: null,
                  error: null,
                })),
                { type: 'announceSuccess', params: { message: ownMessages.apiTokenCreated } },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ error: formMessageOf(event.error) })),
            },
          },
        },
        copying: {
          tags: ['ready'],
          invoke: {
            src: 'copySecret',
            input: ({ context }) => ({ secret: context.created?.token ?? '' }),
            onDone: { target: 'idle', actions: assign({ copied: true }) },
            onError: {
              target: 'idle',
              actions: assign({
                error: 'Could not copy to the clipboard: select the token and copy it yourself.',
              }),
            },
          },
        },
        confirmingRevoke: {
          tags: ['ready', 'confirmingRevoke'],
          always: { guard: ({ context }) => context.revoking === null, target: 'idle' },
          on: {
            'tokens.confirmRevoke': 'revoking',
            'tokens.cancelRevoke': { target: 'idle', actions: assign({ revoking: null }) },
          },
        },
        revoking: {
          tags: ['ready', 'revokingToken'],
          invoke: {
            src: 'revokeToken',
            input: ({ context }) => ({ tokenId: context.revoking?._id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  tokens: context.tokens.filter((token) => token._id !== context.revoking?._id),
                  created: context.created?._id === context.revoking?._id ? null : context.created,
                  revoking: null,
                })),
                { type: 'announceSuccess', params: { message: ownMessages.apiTokenRevoked } },
              ],
            },
            onError: [
              {
                // Revoked in another tab: it is gone either way, so the list follows and says why.
                guard: 'wasAlreadyGone',
                target: 'idle',
                actions: assign(({ context }) => ({
                  tokens: context.tokens.filter((token) => token._id !== context.revoking?._id),
                  revoking: null,
                  error: ownMessages.apiTokenNotFound,
                })),
              },
              {
                target: 'idle',
                actions: assign(({ event }) => ({ revoking: null, error: formMessageOf(event.error) })),
              },
            ],
          },
        },
      },
    },
  },
});

/** The real actors: the three HTTP calls and the clipboard. */
export function createApiTokensImplementations(ports: {
  http: HttpClient;
  announce: (message: string) => void;
  writeClipboard: (text: string) => Promise<void>;
}) {
  return {
    actors: {
      listTokens: fromPromise<ApiToken[], void>(async () => unwrap(await listApiTokens(ports.http)).data),
      createToken: fromPromise<CreatedApiToken, CreateApiTokenBody>(async ({ input }) =>
        unwrap(await createApiToken(ports.http, input)),
      ),
      revokeToken: fromPromise<unknown, { tokenId: string }>(async ({ input }) =>
        unwrap(await revokeApiToken(ports.http, input.tokenId)),
      ),
      copySecret: fromPromise<unknown, { secret: string }>(({ input }) => ports.writeClipboard(input.secret)),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => ports.announce(params.message),
    },
  };
}
