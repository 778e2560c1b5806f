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

describe.each(databases('the rate-limit store'))('rate limits on $kind', ({ kind }) => {
  let server: TestServer;
  const work = countingHasher();

  beforeAll(async () => {
    server = await startTestServer(kind, {
      passwords: work.hasher,
      // The client is the right-most X-Forwarded-For address, so a test can speak from several addresses.
      env: { TRUST_PROXY: '1' },
      // A first pause of a minute, so a slow machine cannot see it end between two requests.
      loginPause: { firstSeconds: 60, maxSeconds: 900 },
      rateLimits: {
        loginFailuresPerAccountAndIp: { points: 3, durationSeconds: tenMinutes },
        loginFailuresPerAccount: { points: 6, durationSeconds: tenMinutes },
        forgotPerEmail: { points: 2, durationSeconds: tenMinutes },
        signupPerEmail: { points: 2, durationSeconds: tenMinutes },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (emailAddress: string, password: string, from = '192.0.2.1') =>
    server.request('POST', '/auth/login', {
      json: { emailAddress, password },
      headers: { 'x-forwarded-for': from },
    });

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

  it('lets the owner log in from another address after an attacker used up their own budget', async () => {
    const email = uniqueEmail('owner');
    await signUp(server, email);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(email, `Wrong-Pass-${attempt}`, '203.0.113.66')).status).toBe(401);
    }
    expect((await login(email, strongPassword, '203.0.113.66')).status).toBe(429);
    expect((await login(email, strongPassword, '198.51.100.20')).status).toBe(200);
  });

  it('pauses an account for every address once failures from all addresses pass the account budget', async () => {
    const email = uniqueEmail('sprayed');
    await signUp(server, email);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await login(email, 'Wrong-Pass-1', `203.0.113.${attempt}`)).status).toBe(401);
    }
    const paused = await login(email, strongPassword, '198.51.100.21');
    expect(paused).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
    // The first pause (here 60 s, by default 1 s) grows with each failure: a slowdown, not a hard lockout.
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(30);
    expect(Number(paused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('a password reset clears the pause and the failures counted from its address', async () => {
    const email = uniqueEmail('resetter');
    await signUp(server, email);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await login(email, 'Wrong-Pass-1', attempt <= 3 ? '198.51.100.30' : `203.0.113.${attempt}`);
    }
    expect((await login(email, strongPassword, '198.51.100.30')).status).toBe(429);
    await server.request('POST', '/auth/forgot', {
      json: { emailAddress: email },
      headers: { 'x-forwarded-for': '198.51.100.30' },
    });
    const token = ((await server.lastMailTo(email)).links[0] ?? '').split('/').pop();
    const reset = await server.request('POST', '/auth/reset', {
      json: { token, password: 'Brand-New-Pass-7' },
      headers: { 'x-forwarded-for': '198.51.100.30' },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'Brand-New-Pass-7', '198.51.100.30')).status).toBe(200);
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

describe.each(databases('the rate-limit store'))('rate limits per IP on $kind', ({ kind }) => {
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
