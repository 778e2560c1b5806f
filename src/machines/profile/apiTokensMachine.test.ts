import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { ApiToken, CreatedApiToken } from '../../contract/http/apiTokens';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import { apiTokensMachine, createApiTokensImplementations } from './apiTokensMachine';

const tokensPath = '/api/users/me/tokens';

function aToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    _id: 'token-1',
    name: 'Grasshopper',
    prefix: 'gst_AbCd1234',
    createdAt: '2026-01-05T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

function start(options: { clipboard?: (text: string) => Promise<void> } = {}) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const copied: string[] = [];
  const actor = createActor(
    apiTokensMachine.provide(
      createApiTokensImplementations({
        http: fake.http,
        announce: (message) => toasts.push(message),
        writeClipboard:
          options.clipboard ??
          (async (text) => {
            copied.push(text);
          }),
      }),
    ),
  );
  return { actor, fake, toasts, copied };
}

/** Loaded, with nothing in flight and no confirmation open. */
const ready = (snapshot: SnapshotFrom<typeof apiTokensMachine>) => snapshot.matches({ ready: 'idle' });

describe('apiTokensMachine', () => {
  it('lists the tokens, creates one whose secret is kept only until dismissed, and copies it', async () => {
    const { actor, fake, toasts, copied } = start();
    fake.answer(`GET ${tokensPath}`, ok({ data: [aToken()] }));
    const secret = `gst_${'Z'.repeat(43)}`;
    const created: CreatedApiToken = {
      ...aToken({ _id: 'token-2', name: 'Dynamo', prefix: 'gst_ZZZZZZZZ' }),
      token: secret,
    };
    const answer = deferred<ReturnType<typeof ok<CreatedApiToken>>>();
    fake.answer(`POST ${tokensPath}`, () => answer.promise);
    actor.start();
    await waitFor(actor, ready);

    actor.send({ type: 'tokens.name', value: '  Dynamo  ' });
    actor.send({ type: 'tokens.expiry', days: 90 });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    // The name is sent trimmed, with the chosen expiry.
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      json: { name: 'Dynamo', expiresInDays: 90 },
    });
    answer.resolve(ok(created, 201));
    await waitFor(actor, ready);

    const context = actor.getSnapshot().context;
    expect(context.tokens.map((token) => token.name)).toEqual(['Dynamo', 'Grasshopper']);
    expect(JSON.stringify(context.tokens)).not.toContain(secret);
    expect(context.created?.token).toBe(secret);
    expect(context.name).toBe('');
    expect(toasts).toEqual([ownMessages.apiTokenCreated]);

    actor.send({ type: 'tokens.copy' });
    await waitFor(actor, (snapshot) => snapshot.context.copied);
    expect(copied).toEqual([secret]);

    actor.send({ type: 'tokens.dismissSecret' });
    expect(actor.getSnapshot().context.created).toBeNull();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(secret);
  });

  it('refuses a blank or over-long name without calling the server', async () => {
    const { actor, fake } = start();
    fake.answer(`GET ${tokensPath}`, ok({ data: [] }));
    actor.start();
    await waitFor(actor, ready);
    actor.send({ type: 'tokens.name', value: '   ' });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.apiTokenNameBlank);
    actor.send({ type: 'tokens.name', value: 'x'.repeat(101) });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.apiTokenNameTooLong);
    expect(fake.requests.map((request) => request.method)).toEqual(['GET']);
  });

  it("shows the server's reason when creating is refused (the 50-token limit)", async () => {
    const { actor, fake } = start();
    fake.answer(`GET ${tokensPath}`, ok({ data: [] }));
    fake.answer(`POST ${tokensPath}`, failure(409, ownMessages.apiTokenLimit));
    actor.start();
    await waitFor(actor, ready);
    actor.send({ type: 'tokens.name', value: 'One more' });
    actor.send({ type: 'tokens.create' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: ownMessages.apiTokenLimit,
      name: 'One more',
      created: null,
    });
  });

  it('revokes only after confirmation, and cancel keeps the token', async () => {
    const { actor, fake, toasts } = start();
    fake.answer(`GET ${tokensPath}`, ok({ data: [aToken(), aToken({ _id: 'token-2', name: 'CI' })] }));
    fake.answer(`DELETE ${tokensPath}/token-1`, ok({ _id: 'token-1' }));
    actor.start();
    await waitFor(actor, ready);

    actor.send({ type: 'tokens.revoke', tokenId: 'token-1' });
    expect(actor.getSnapshot().hasTag('confirmingRevoke')).toBe(true);
    expect(actor.getSnapshot().context.revoking?.name).toBe('Grasshopper');
    actor.send({ type: 'tokens.cancelRevoke' });
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(actor.getSnapshot().context.tokens).toHaveLength(2);

    actor.send({ type: 'tokens.revoke', tokenId: 'token-1' });
    actor.send({ type: 'tokens.confirmRevoke' });
    await waitFor(actor, ready);
    expect(actor.getSnapshot().context.tokens.map((token) => token.name)).toEqual(['CI']);
    expect(toasts).toEqual([ownMessages.apiTokenRevoked]);
  });

  it('drops a token revoked elsewhere from the list and says so', async () => {
    const { actor, fake } = start();
    fake.answer(`GET ${tokensPath}`, ok({ data: [aToken()] }));
    fake.answer(`DELETE ${tokensPath}/token-1`, failure(404, ownMessages.apiTokenNotFound));
    actor.start();
    await waitFor(actor, ready);
    actor.send({ type: 'tokens.revoke', tokenId: 'token-1' });
    actor.send({ type: 'tokens.confirmRevoke' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ tokens: [], error: ownMessages.apiTokenNotFound });
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { actor, fake } = start();
    fake.answer(`GET ${tokensPath}`, failure(0, messages.serverNotResponding));
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe(messages.serverNotResponding);
    fake.answer(`GET ${tokensPath}`, ok({ data: [aToken()] }));
    actor.send({ type: 'tokens.retry' });
    await waitFor(actor, ready);
    expect(actor.getSnapshot().context.tokens).toHaveLength(1);
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const { actor, fake } = start({ clipboard: () => Promise.reject(new Error('denied')) });
    fake.answer(`GET ${tokensPath}`, ok({ data: [] }));
    fake.answer(`POST ${tokensPath}`, ok({ ...aToken(), token: `gst_${'Q'.repeat(43)}` }, 201));
    actor.start();
    await waitFor(actor, ready);
    actor.send({ type: 'tokens.name', value: 'Laptop' });
    actor.send({ type: 'tokens.create' });
    await waitFor(actor, (snapshot) => snapshot.context.created !== null);
    actor.send({ type: 'tokens.copy' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toMatch(/copy it yourself/);
    expect(actor.getSnapshot().context.copied).toBe(false);
  });
});
