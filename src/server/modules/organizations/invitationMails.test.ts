import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../../contract/errors';
import { organizationSchema, type Organization } from '../../../contract/http/organizations';
import type { SessionResponse } from '../../../contract/http/users';
import { MAIL_SUBJECT_MAX } from '../../mail/plainText';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { createTestClock, startTestServer, type TestServer } from '../../testing/testServer';

/**
 * Issue #22: invitations are not a megaphone. Budgets smaller than the defaults (5 / 50 / 100 an hour) keep the
 * suite short; the rule is the same. Every budget lasts an hour, far longer than any run, so no test depends on
 * the machine's speed.
 */
const limits = {
  perNewAccount: { points: 3, durationSeconds: 3600 },
  perUser: { points: 6, durationSeconds: 3600 },
  perOrganization: { points: 9, durationSeconds: 3600 },
  newAccountHours: 24,
};

const hostileName = '<a href="http://evil.example/claim">Claim your refund</a> http://evil.example';

describe.each(databases())('invitation mails on $kind', ({ kind }) => {
  let server: TestServer;
  const time = createTestClock();
  // Signed up a day and more before the tests run: established accounts.
  let olga: SessionResponse;
  let adam: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: time.clock, invitationLimits: limits });
    olga = await signUp(server, uniqueEmail('olga'), { firstName: 'Olga', lastName: 'Owner' });
    adam = await signUp(server, uniqueEmail('adam'), { firstName: 'Adam', lastName: 'Admin' });
    time.advanceHours(limits.newAccountHours + 1);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createOrganization(owner: SessionResponse, name: string): Promise<Organization> {
    const response = await server.request('POST', '/api/organizations', {
      token: owner.token,
      json: { name },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return organizationSchema.parse(response.body);
  }
  const invite = (inviter: SessionResponse, organizationId: string, emailAddress: string) =>
    server.request('POST', `/api/organizations/${organizationId}/collaborators`, {
      token: inviter.token,
      json: { emailAddress, firstName: 'Nina', lastName: 'Newcomer', role: 'MEMBER' },
    });
  async function expectInvited(inviter: SessionResponse, organizationId: string, count: number) {
    for (let index = 0; index < count; index += 1) {
      const response = await invite(inviter, organizationId, uniqueEmail('invitee'));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
  }
  async function expectRefused(inviter: SessionResponse, organizationId: string) {
    const email = uniqueEmail('refused');
    const refused = await invite(inviter, organizationId, email);
    expect(refused).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // All or nothing: no membership, no pending account, no mail.
    const rows = await server.db.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([]);
    expect((await server.mails()).some((mail) => mail.to === email)).toBe(false);
  }

  it('refuses markup and control characters in an organization name', async () => {
    expect(
      await server.request('POST', '/api/organizations', { token: olga.token, json: { name: hostileName } }),
    ).toMatchObject({ status: 400, body: { message: ownMessages.organizationNameCharacters } });
    // Control characters are refused for every text field, with the contract's one message.
    for (const name of ['Acme\u0007Bell', 'Tab\there']) {
      expect(
        await server.request('POST', '/api/organizations', { token: olga.token, json: { name } }),
      ).toMatchObject({ status: 400, body: { message: ownMessages.controlCharacters } });
    }
    const acme = await createOrganization(olga, 'Acme Structures');
    expect(
      await server.request('PUT', `/api/organizations/${acme._id}`, {
        token: olga.token,
        json: { name: 'Acme <b>Bold</b>' },
      }),
    ).toMatchObject({ status: 400, body: { message: ownMessages.organizationNameCharacters } });
  });

  it('sends a hostile organization and inviter name as plain text that no mail client links', async () => {
    // Names stored before the contract refused markup, and a user name (which may hold anything), reach mail.
    const inviter = await signUp(server, uniqueEmail('phisher'), {
      firstName: '<a href="http://evil.example">Refund</a>',
      lastName: 'www.evil.example',
    });
    const organization = await createOrganization(inviter, 'Placeholder');
    await server.db.query('UPDATE organizations SET name = $2 WHERE id = $1', [
      organization._id,
      hostileName,
    ]);
    const email = uniqueEmail('target');
    expect((await invite(inviter, organization._id, email)).status).toBe(201);

    const mail = await server.lastMailTo(email);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('http://evil');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('www.evil');
    }
    expect(mail.subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX);
    expect(mail.subject).not.toMatch(/https?:\/\/|www\./);
    expect(mail.subject.endsWith('on Gusset')).toBe(true);
    // The only anchors are Gusset's own links; the name is escaped and defanged.
    const anchors = [...mail.html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(anchors.length).toBeGreaterThan(0);
    for (const href of anchors) expect(href.startsWith(server.config.publicUrl)).toBe(true);
    expect(mail.html).toContain('&lt;a href=&quot;http[:]//evil[.]example/claim&quot;&gt;Claim your refund');
    expect(mail.text).toContain('http[:]//evil[.]example');
    expect(mail.links.every((link) => link.startsWith(server.config.publicUrl))).toBe(true);
  });

  it('gives a new account a small invitation budget, then 429 with Retry-After', async () => {
    const newcomer = await signUp(server, uniqueEmail('newcomer'));
    const organization = await createOrganization(newcomer, 'Fresh Firm');
    await expectInvited(newcomer, organization._id, limits.perNewAccount.points);
    await expectRefused(newcomer, organization._id);
    // Adding someone who already has an account mails nobody and costs nothing.
    const existing = await server.request('POST', `/api/organizations/${organization._id}/collaborators`, {
      token: newcomer.token,
      json: { emailAddress: adam.user.emailAddress, role: 'MEMBER' },
    });
    expect(existing.status).toBe(201);
  });

  it('limits an established inviter per hour, and an organization whoever invites', async () => {
    const organization = await createOrganization(olga, `Busy Firm ${randomUUID().slice(0, 8)}`);
    const asAdmin = await server.request('POST', `/api/organizations/${organization._id}/collaborators`, {
      token: olga.token,
      json: { emailAddress: adam.user.emailAddress, role: 'ADMIN' },
    });
    expect(asAdmin.status).toBe(201);

    // More than a new account may, up to the per-user budget.
    await expectInvited(olga, organization._id, limits.perUser.points);
    await expectRefused(olga, organization._id);
    // Adam has his own budget, but the organization's runs out first.
    await expectInvited(adam, organization._id, limits.perOrganization.points - limits.perUser.points);
    await expectRefused(adam, organization._id);
    // Adam can still invite to another organization of his.
    const own = await createOrganization(adam, 'Adam Consulting');
    await expectInvited(adam, own._id, 1);
  });
});
