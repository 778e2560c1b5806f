import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../../contract/errors';
import { signUp, strongPassword, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createArgon2Hasher, type PasswordHasher } from './passwords';

/** The real hasher, counting its work, so a test can tell whether a refused request reached argon2. */
function countingHasher() {
  const real = createArgon2Hasher();
  const counts = { hash: 0, verify: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => {
      counts.hash += 1;
      return real.hash(password);
    },
    verify: (passwordHash, password) => {
      counts.verify += 1;
      return real.verify(passwordHash, password);
    },
  };
  return { hasher, counts };
}

const tenMinutes = 600;

describe.each(databases())('rate limits on $kind', ({ kind }) => {
  let server: TestServer;
  const work = countingHasher();

  beforeAll(async () => {
    server = await startTestServer(kind, {
      passwords: work.hasher,
      rateLimits: {
        loginFailuresPerAccount: { points: 3, durationSeconds: tenMinutes },
        forgotPerEmail: { points: 2, durationSeconds: tenMinutes },
        signupPerEmail: { points: 2, durationSeconds: tenMinutes },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (emailAddress: string, password: string) =>
    server.request('POST', '/auth/login', { json: { emailAddress, password } });

  it('refuses an account after repeated wrong passwords, before hashing, even with the right password', async () => {
    const email = uniqueEmail('victim');
    await signUp(server, email);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(email, `Wrong-Pass-${attempt}`)).status).toBe(401);
    }
    const verifiesBefore = work.counts.verify;

    const limited = await login(email, 'Wrong-Pass-4');
    expect(limited).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(tenMinutes);
    const rightPassword = await login(email, strongPassword);
    expect(rightPassword.status).toBe(429);
    expect(work.counts.verify).toBe(verifiesBefore);
  });

  it('spends the same argon2 work on an unknown address as on a known one', async () => {
    const before = work.counts.verify;
    expect((await login(uniqueEmail('nobody'), 'Some-Pass-1')).status).toBe(401);
    expect(work.counts.verify).toBe(before + 1);
  });

  it('counts failures per account, so another account from the same address still logs in', async () => {
    const bystander = uniqueEmail('bystander');
    await signUp(server, bystander);
    const target = uniqueEmail('target');
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(target, 'Wrong-Pass-1');
    expect((await login(bystander, strongPassword)).status).toBe(200);
  });

  it('clears the failure count on a successful login', async () => {
    const email = uniqueEmail('forgetful');
    await signUp(server, email);
    await login(email, 'Wrong-Pass-1');
    await login(email, 'Wrong-Pass-2');
    expect((await login(email, strongPassword)).status).toBe(200);
    await login(email, 'Wrong-Pass-3');
    await login(email, 'Wrong-Pass-4');
    expect((await login(email, strongPassword)).status).toBe(200);
  });

  it('limits forgot and signup mails per address', async () => {
    for (const path of ['/auth/forgot', '/auth/signup']) {
      const email = uniqueEmail('flooded');
      const before = (await server.mails()).filter((mail) => mail.to === email).length;
      expect((await server.request('POST', path, { json: { emailAddress: email } })).status).toBe(200);
      expect((await server.request('POST', path, { json: { emailAddress: email } })).status).toBe(200);
      const third = await server.request('POST', path, { json: { emailAddress: email } });
      expect(third).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
      const after = (await server.mails()).filter((mail) => mail.to === email).length;
      expect(after - before).toBe(2);
    }
  });
});

describe.each(databases())('rate limits per IP on $kind', ({ kind }) => {
  let server: TestServer;
  const work = countingHasher();

  beforeAll(async () => {
    server = await startTestServer(kind, {
      passwords: work.hasher,
      rateLimits: {
        loginPerIp: { points: 3, durationSeconds: tenMinutes },
        forgotPerIp: { points: 2, durationSeconds: tenMinutes },
        signupPerIp: { points: 2, durationSeconds: tenMinutes },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits login, forgot and signup per client address, whatever the account', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await server.request('POST', '/auth/login', {
        json: { emailAddress: uniqueEmail('spray'), password: 'Wrong-Pass-1' },
      });
      expect(response.status).toBe(401);
    }
    const verifiesBefore = work.counts.verify;
    const limited = await server.request('POST', '/auth/login', {
      json: { emailAddress: uniqueEmail('spray'), password: 'Wrong-Pass-1' },
    });
    expect(limited.status).toBe(429);
    expect(work.counts.verify).toBe(verifiesBefore);

    for (const path of ['/auth/forgot', '/auth/signup']) {
      const answers: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        answers.push(
          (await server.request('POST', path, { json: { emailAddress: uniqueEmail('ip') } })).status,
        );
      }
      expect(answers).toEqual([200, 200, 429]);
    }
  });
});
