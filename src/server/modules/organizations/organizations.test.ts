import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { adminOrganizationsPage } from '../../../contract/http/admin';
import {
  organizationListResponse,
  organizationSchema,
  type Organization,
} from '../../../contract/http/organizations';
import { sessionResponse, type SessionResponse } from '../../../contract/http/users';
import { signUp, strongPassword, uniqueEmail, verificationLinkFor } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, testPublicUrl, type TestServer } from '../../testing/testServer';
import { createArgon2Hasher, type PasswordHasher } from '../auth/passwords';

/** The real hasher, remembering which stored hashes login compared against. */
function recordingHasher() {
  const real = createArgon2Hasher();
  const verifiedAgainst: string[] = [];
  const hasher: PasswordHasher = {
    hash: (password) => real.hash(password),
    verify: (passwordHash, password) => {
      verifiedAgainst.push(passwordHash);
      return real.verify(passwordHash, password);
    },
  };
  return { hasher, verifiedAgainst };
}

describe.each(databases())('organizations API on $kind', ({ kind }) => {
  let server: TestServer;
  const hashing = recordingHasher();
  const adminEmail = uniqueEmail('internal-admin');
  // Owner, ADMIN member, MEMBER, billing administrator (not a collaborator), and someone outside.
  let olga: SessionResponse;
  let adam: SessionResponse;
  let mia: SessionResponse;
  let bill: SessionResponse;
  let stranger: SessionResponse;
  let internalAdmin: SessionResponse;
  let acme: Organization;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { GUSSET_ADMINS: adminEmail }, passwords: hashing.hasher });
    [olga, adam, mia, bill, stranger, internalAdmin] = await Promise.all([
      signUp(server, uniqueEmail('olga'), { firstName: 'Olga', lastName: 'Owner' }),
      signUp(server, uniqueEmail('adam'), { firstName: 'Adam', lastName: 'Admin' }),
      signUp(server, uniqueEmail('mia'), { firstName: 'Mia', lastName: 'Member' }),
      signUp(server, uniqueEmail('bill'), { firstName: 'Bill', lastName: 'Payer' }),
      signUp(server, uniqueEmail('stranger'), { firstName: 'Sam', lastName: 'Stranger' }),
      signUp(server, adminEmail, { firstName: 'Ida', lastName: 'Internal' }),
    ]);
    acme = await createOrganization(olga, 'Acme Structures');
    await addCollaborator(olga, acme._id, { emailAddress: adam.user.emailAddress, role: 'ADMIN' });
    await addCollaborator(olga, acme._id, { emailAddress: mia.user.emailAddress });
    await makeBillingOnly(acme._id, bill.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, session: SessionResponse, json?: unknown) =>
    server.request(method, path, { token: session.token, ...(json === undefined ? {} : { json }) });

  async function createOrganization(owner: SessionResponse, name: string): Promise<Organization> {
    const response = await call('POST', '/api/organizations', owner, { name });
    expect(response.status).toBe(201);
    return organizationSchema.parse(response.body);
  }

  async function addCollaborator(
    manager: SessionResponse,
    organizationId: string,
    body: Record<string, unknown>,
  ): Promise<Organization> {
    const response = await call('POST', `/api/organizations/${organizationId}/collaborators`, manager, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return organizationSchema.parse(response.body);
  }

  /**
   * A billing administrator who is not a collaborator (membership BILLING). The API only names members, so
   * the billing capability's data is simulated here.
   */
  async function makeBillingOnly(organizationId: string, userId: string) {
    await server.db.query('UPDATE organizations SET billing_admin_id = $2 WHERE id = $1', [
      organizationId,
      userId,
    ]);
  }

  const organizationOf = async (session: SessionResponse, id: string) =>
    organizationSchema.parse((await call('GET', `/api/organizations/${id}`, session)).body);

  it('needs a live session on every route (403)', async () => {
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/organizations'],
      ['GET', '/api/organizations/all'],
      ['POST', '/api/organizations', { name: 'X' }],
      ['GET', `/api/organizations/${id}`],
      ['PUT', `/api/organizations/${id}`, { name: 'X' }],
      ['POST', `/api/organizations/${id}/collaborators`, { emailAddress: 'a@example.com' }],
      ['PUT', `/api/organizations/${id}/collaborators/${id}`, { role: 'ADMIN' }],
      ['DELETE', `/api/organizations/${id}/collaborators/${id}`],
    ];
    for (const [method, path, json] of routes) {
      const response = await server.request(method, path, json === undefined ? {} : { json });
      expect(response, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: messages.sessionExpired },
      });
    }
  });

  describe('POST /api/organizations', () => {
    it('creates an organization owned by its creator', async () => {
      const created = await createOrganization(stranger, '  Stranger Things Engineering ');
      expect(created).toMatchObject({
        name: 'Stranger Things Engineering',
        owner: { _id: stranger.user._id, firstName: 'Sam' },
        billingAdministrator: null,
        billing: { status: 'free' },
        billingStatus: 'free',
        collaborators: [],
        currentUserRole: 'OWNER',
        modelCount: 0,
      });
      expect(await organizationOf(stranger, created._id)).toEqual(created);
    });

    it("refuses a blank name with the spec's message", async () => {
      for (const name of ['', '   ', undefined]) {
        const response = await call('POST', '/api/organizations', olga, name === undefined ? {} : { name });
        expect(response, JSON.stringify(name)).toMatchObject({
          status: 400,
          body: { message: messages.modelNameBlank },
        });
      }
    });
  });

  describe('GET /api/organizations', () => {
    it('lists the organizations owned first, then the others by name', async () => {
      const lister = await signUp(server, uniqueEmail('lister'), { firstName: 'Lee', lastName: 'Lister' });
      const other = await signUp(server, uniqueEmail('other'), { firstName: 'Otto', lastName: 'Other' });
      const owned = [await createOrganization(lister, 'zulu'), await createOrganization(lister, 'Alpha')];
      const joined = [
        await createOrganization(other, 'gamma'),
        await createOrganization(other, 'Beta'),
        await createOrganization(other, 'delta 10'),
        await createOrganization(other, 'delta 9'),
      ];
      for (const organization of joined.slice(0, 3)) {
        await addCollaborator(other, organization._id, { emailAddress: lister.user.emailAddress });
      }
      // delta 9: the lister is only its billing administrator; an organization they have no role in is absent.
      await makeBillingOnly(joined[3]?._id ?? '', lister.user._id);
      await createOrganization(other, 'Aardvark (not mine)');

      const response = await call('GET', '/api/organizations', lister);
      expect(response.status).toBe(200);
      const { data } = organizationListResponse.parse(response.body);
      expect(data.map((organization) => organization.name)).toEqual([
        'Alpha',
        'zulu',
        'Beta',
        'delta 9',
        'delta 10',
        'gamma',
      ]);
      expect(data.map((organization) => organization.currentUserRole)).toEqual([
        'OWNER',
        'OWNER',
        'MEMBER',
        'BILLING',
        'MEMBER',
        'MEMBER',
      ]);
      expect(owned.every((organization) => data.some((listed) => listed._id === organization._id))).toBe(
        true,
      );
    });

    it('is empty for a user in no organization', async () => {
      const loner = await signUp(server, uniqueEmail('loner'));
      expect(await call('GET', '/api/organizations', loner)).toMatchObject({
        status: 200,
        body: { data: [] },
      });
    });
  });

  describe('GET /api/organizations/all', () => {
    it('gives an internal administrator every organization, and anyone else 401', async () => {
      const response = await call('GET', '/api/organizations/all', internalAdmin);
      expect(response.status).toBe(200);
      const { data, total, page, pageSize } = adminOrganizationsPage.parse(response.body);
      expect({ page, pageSize }).toEqual({ page: 1, pageSize: 50 });
      const listed = data.find((organization) => organization._id === acme._id);
      expect(listed).toMatchObject({ name: 'Acme Structures', currentUserRole: 'NONE' });
      expect(data.length).toBeGreaterThan(3);
      expect(total).toBe(data.length);

      // Pages of two walk every organization once, in name order.
      const walked: string[] = [];
      for (let number = 1; number <= Math.ceil(total / 2); number += 1) {
        const pageResponse = await call(
          'GET',
          `/api/organizations/all?page=${number}&pageSize=2`,
          internalAdmin,
        );
        const onePage = adminOrganizationsPage.parse(pageResponse.body);
        expect(onePage).toMatchObject({ total, page: number, pageSize: 2 });
        walked.push(...onePage.data.map((organization) => organization._id));
      }
      expect([...walked].sort()).toEqual(data.map((organization) => organization._id).sort());
      const names = data.map((organization) => organization.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(await call('GET', '/api/organizations/all?pageSize=500', internalAdmin)).toMatchObject({
        status: 400,
      });

      for (const session of [olga, mia, stranger]) {
        expect(await call('GET', '/api/organizations/all', session)).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
      }
    });
  });

  describe('GET /api/organizations/{id}', () => {
    it('shows the organization to each member with their role', async () => {
      const roles: Array<[SessionResponse, string]> = [
        [olga, 'OWNER'],
        [adam, 'ADMIN'],
        [mia, 'MEMBER'],
        [bill, 'BILLING'],
      ];
      for (const [session, role] of roles) {
        const organization = await organizationOf(session, acme._id);
        expect(organization.currentUserRole).toBe(role);
      }
      const seen = await organizationOf(mia, acme._id);
      expect(seen.owner._id).toBe(olga.user._id);
      expect(seen.billingAdministrator?._id).toBe(bill.user._id);
      expect(seen.collaborators.map((c) => [c.user._id, c.role, c.pending])).toEqual([
        [adam.user._id, 'ADMIN', false],
        [mia.user._id, 'MEMBER', false],
      ]);
    });

    it('answers 404 to a stranger, an unknown id and a malformed one alike', async () => {
      for (const [session, id] of [
        [stranger, acme._id],
        [olga, randomUUID()],
        [olga, 'not-a-uuid'],
        [internalAdmin, acme._id],
      ] as const) {
        expect(await call('GET', `/api/organizations/${id}`, session)).toMatchObject({
          status: 404,
          body: { message: ownMessages.organizationNotFound },
        });
      }
    });

    it('counts the models of the organization', async () => {
      const counted = await createOrganization(olga, 'Counted');
      for (const name of ['One', 'Two']) {
        await server.db.query(
          `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, 'm', $4, now(), now())`,
          [randomUUID(), counted._id, name, olga.user._id],
        );
      }
      expect((await organizationOf(olga, counted._id)).modelCount).toBe(2);
      expect((await organizationOf(olga, acme._id)).modelCount).toBe(0);
    });
  });

  describe('PUT /api/organizations/{id}', () => {
    it('renames by the owner and by an ADMIN member, not by a MEMBER or the billing administrator', async () => {
      const organization = await createOrganization(olga, 'Old name');
      await addCollaborator(olga, organization._id, { emailAddress: adam.user.emailAddress, role: 'ADMIN' });
      await addCollaborator(olga, organization._id, { emailAddress: mia.user.emailAddress });
      await makeBillingOnly(organization._id, bill.user._id);
      const path = `/api/organizations/${organization._id}`;

      const byOwner = await call('PUT', path, olga, { name: ' New name ' });
      expect(byOwner.status).toBe(200);
      expect(organizationSchema.parse(byOwner.body)).toMatchObject({
        name: 'New name',
        currentUserRole: 'OWNER',
      });
      const byAdmin = await call('PUT', path, adam, { name: 'Newer name' });
      expect(organizationSchema.parse(byAdmin.body)).toMatchObject({
        name: 'Newer name',
        currentUserRole: 'ADMIN',
      });

      for (const session of [mia, bill]) {
        expect(await call('PUT', path, session, { name: 'Hijacked' })).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
      }
      expect(await call('PUT', path, stranger, { name: 'Hijacked' })).toMatchObject({ status: 404 });
      expect((await organizationOf(olga, organization._id)).name).toBe('Newer name');
    });

    it('refuses an empty body and a blank name', async () => {
      const path = `/api/organizations/${acme._id}`;
      expect(await call('PUT', path, olga, {})).toMatchObject({
        status: 400,
        body: { message: ownMessages.nothingToUpdate },
      });
      expect(await call('PUT', path, olga, { name: '  ' })).toMatchObject({
        status: 400,
        body: { message: messages.modelNameBlank },
      });
    });

    it('lets only the owner choose the billing administrator among the owner and the collaborators', async () => {
      const organization = await createOrganization(olga, 'Billing test');
      await addCollaborator(olga, organization._id, { emailAddress: adam.user.emailAddress, role: 'ADMIN' });
      await addCollaborator(olga, organization._id, { emailAddress: mia.user.emailAddress });
      const path = `/api/organizations/${organization._id}`;

      const chosen = await call('PUT', path, olga, { billingAdministratorId: mia.user._id });
      expect(chosen.status).toBe(200);
      expect(organizationSchema.parse(chosen.body).billingAdministrator?._id).toBe(mia.user._id);
      const owner = await call('PUT', path, olga, { billingAdministratorId: olga.user._id });
      expect(organizationSchema.parse(owner.body).billingAdministrator?._id).toBe(olga.user._id);

      expect(await call('PUT', path, adam, { billingAdministratorId: adam.user._id })).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      for (const outsider of [stranger.user._id, randomUUID(), 'not-a-uuid']) {
        expect(
          await call('PUT', path, olga, { name: 'Not applied', billingAdministratorId: outsider }),
        ).toMatchObject({ status: 400, body: { message: ownMessages.billingAdministratorNotMember } });
      }

      const reset = await call('PUT', path, olga, { billingAdministratorId: null });
      expect(organizationSchema.parse(reset.body)).toMatchObject({
        name: 'Billing test',
        billingAdministrator: null,
      });
    });
  });

  describe('collaborators', () => {
    it('adds an existing user with the role asked for, once', async () => {
      const organization = await createOrganization(olga, 'Team');
      const added = await addCollaborator(olga, organization._id, {
        emailAddress: ` ${stranger.user.emailAddress.toUpperCase()} `,
        role: 'ADMIN',
      });
      expect(added.collaborators).toEqual([
        expect.objectContaining({ user: expect.objectContaining({ _id: stranger.user._id }), role: 'ADMIN' }),
      ]);
      expect((await organizationOf(stranger, organization._id)).currentUserRole).toBe('ADMIN');

      const path = `/api/organizations/${organization._id}/collaborators`;
      for (const emailAddress of [stranger.user.emailAddress, olga.user.emailAddress]) {
        expect(await call('POST', path, olga, { emailAddress })).toMatchObject({
          status: 409,
          body: { message: ownMessages.alreadyOrganizationMember },
        });
      }
      // The new ADMIN may add people too.
      const byAdmin = await addCollaborator(stranger, organization._id, {
        emailAddress: bill.user.emailAddress,
      });
      expect(byAdmin.collaborators).toHaveLength(2);
    });

    it('lets only the owner and ADMIN members add people', async () => {
      const path = `/api/organizations/${acme._id}/collaborators`;
      const body = { emailAddress: internalAdmin.user.emailAddress };
      for (const session of [mia, bill]) {
        expect(await call('POST', path, session, body)).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
      }
      expect(await call('POST', path, stranger, body)).toMatchObject({
        status: 404,
        body: { message: ownMessages.organizationNotFound },
      });
      expect((await organizationOf(olga, acme._id)).collaborators).toHaveLength(2);
    });

    it('asks for names before inviting an address without an account, and creates nothing', async () => {
      const path = `/api/organizations/${acme._id}/collaborators`;
      const email = uniqueEmail('unknown-invitee');
      for (const names of [{}, { firstName: 'Only' }, { lastName: 'Last' }]) {
        expect(
          await call('POST', path, olga, { emailAddress: email, ...names }),
          JSON.stringify(names),
        ).toMatchObject({
          status: 404,
          body: { message: messages.inviteNeedsInfo },
        });
      }
      const blankName = await call('POST', path, olga, {
        emailAddress: email,
        firstName: ' ',
        lastName: 'X',
      });
      expect(blankName.status).toBe(400);
      expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
      expect((await server.mails()).filter((mail) => mail.to === email)).toEqual([]);
    });

    it('refuses an invalid address and role with 400', async () => {
      const path = `/api/organizations/${acme._id}/collaborators`;
      expect(await call('POST', path, olga, { emailAddress: 'not-an-address' })).toMatchObject({
        status: 400,
        body: { message: messages.provideValidEmail },
      });
      expect(
        await call('POST', path, olga, { emailAddress: stranger.user.emailAddress, role: 'OWNER' }),
      ).toMatchObject({ status: 400 });
    });

    it("answers 'Organizations details are missing.' when the organization id is blank", async () => {
      const body = { emailAddress: stranger.user.emailAddress };
      const cases: Array<[string, string, unknown?]> = [
        ['POST', '/api/organizations//collaborators', body],
        ['POST', '/api/organizations/%20/collaborators', body],
        ['PUT', `/api/organizations//collaborators/${mia.user._id}`, { role: 'ADMIN' }],
        ['DELETE', `/api/organizations//collaborators/${mia.user._id}`],
        ['PUT', '/api/organizations/', { name: 'X' }],
      ];
      for (const [method, path, json] of cases) {
        expect(await call(method, path, olga, json), `${method} ${path}`).toMatchObject({
          status: 400,
          body: { message: messages.organizationDetailsMissing },
        });
      }
    });

    it('changes a role by the owner or an ADMIN member, never the owner, 404 for a non-member', async () => {
      const organization = await createOrganization(olga, 'Roles');
      await addCollaborator(olga, organization._id, { emailAddress: adam.user.emailAddress, role: 'ADMIN' });
      await addCollaborator(olga, organization._id, { emailAddress: mia.user.emailAddress });
      const pathOf = (userId: string) => `/api/organizations/${organization._id}/collaborators/${userId}`;

      const promoted = await call('PUT', pathOf(mia.user._id), adam, { role: 'ADMIN' });
      expect(promoted.status).toBe(200);
      expect(
        organizationSchema.parse(promoted.body).collaborators.find((c) => c.user._id === mia.user._id)?.role,
      ).toBe('ADMIN');
      const demoted = await call('PUT', pathOf(adam.user._id), olga, { role: 'MEMBER' });
      expect(
        organizationSchema.parse(demoted.body).collaborators.find((c) => c.user._id === adam.user._id)?.role,
      ).toBe('MEMBER');
      // Adam is a MEMBER now.
      expect(await call('PUT', pathOf(mia.user._id), adam, { role: 'MEMBER' })).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await call('PUT', pathOf(olga.user._id), mia, { role: 'MEMBER' })).toMatchObject({
        status: 400,
        body: { message: ownMessages.ownerIsNotACollaborator },
      });
      for (const userId of [stranger.user._id, randomUUID(), 'nobody']) {
        expect(await call('PUT', pathOf(userId), olga, { role: 'ADMIN' })).toMatchObject({
          status: 404,
          body: { message: ownMessages.collaboratorNotFound },
        });
      }
      expect(await call('PUT', pathOf(mia.user._id), olga, { role: 'OWNER' })).toMatchObject({ status: 400 });
      expect(await call('PUT', pathOf(mia.user._id), stranger, { role: 'MEMBER' })).toMatchObject({
        status: 404,
        body: { message: ownMessages.organizationNotFound },
      });
    });

    it('removes a member by a manager or by themself, never the owner', async () => {
      const organization = await createOrganization(olga, 'Leaving');
      await addCollaborator(olga, organization._id, { emailAddress: adam.user.emailAddress, role: 'ADMIN' });
      await addCollaborator(olga, organization._id, { emailAddress: mia.user.emailAddress });
      await addCollaborator(olga, organization._id, { emailAddress: bill.user.emailAddress });
      const pathOf = (userId: string) => `/api/organizations/${organization._id}/collaborators/${userId}`;

      expect(await call('DELETE', pathOf(bill.user._id), mia, undefined)).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await call('DELETE', pathOf(olga.user._id), adam)).toMatchObject({
        status: 400,
        body: { message: ownMessages.ownerIsNotACollaborator },
      });
      expect((await call('DELETE', pathOf(mia.user._id), mia)).status).toBe(204);
      expect(await call('GET', `/api/organizations/${organization._id}`, mia)).toMatchObject({ status: 404 });

      // Removing the billing administrator gives the role back to nobody (the owner).
      await call('PUT', `/api/organizations/${organization._id}`, olga, {
        billingAdministratorId: bill.user._id,
      });
      expect((await call('DELETE', pathOf(bill.user._id), adam)).status).toBe(204);
      const after = await organizationOf(olga, organization._id);
      expect(after.billingAdministrator).toBeNull();
      expect(after.collaborators.map((c) => c.user._id)).toEqual([adam.user._id]);

      for (const userId of [bill.user._id, randomUUID(), 'nobody']) {
        expect(await call('DELETE', pathOf(userId), olga)).toMatchObject({
          status: 404,
          body: { message: ownMessages.collaboratorNotFound },
        });
      }
    });
  });

  describe('invitations', () => {
    const invite = (email: string, organizationId = acme._id) =>
      addCollaborator(adam, organizationId, {
        emailAddress: email,
        firstName: 'Nina',
        lastName: 'Newcomer',
        role: 'MEMBER',
      });

    it('invites an address without an account through sign-up, keeping the membership', async () => {
      const email = uniqueEmail('invitee');
      const afterInvite = await invite(email);
      const invited = afterInvite.collaborators.find((c) => c.user.emailAddress === email);
      expect(invited).toMatchObject({
        role: 'MEMBER',
        pending: true,
        user: { firstName: 'Nina', initials: 'NN' },
      });

      const mail = await server.lastMailTo(email);
      expect(mail.subject).toBe('Adam Admin invited you to Acme Structures on Gusset');
      expect(mail.text).toContain('Acme Structures');
      const { link, resetToken, email: linkEmail } = await verificationLinkFor(server, email);
      expect(link.origin + link.pathname).toBe(`${testPublicUrl}/verify`);
      expect(linkEmail).toBe(email);

      // Until sign-up is finished, the account cannot log in, whatever the password.
      for (const password of [strongPassword, 'x']) {
        expect(
          await server.request('POST', '/auth/login', { json: { emailAddress: email, password } }),
        ).toMatchObject({
          status: 401,
          body: { message: ownMessages.loginFailed },
        });
      }

      const verify = await server.request('POST', '/auth/verify', {
        json: {
          resetToken,
          emailAddress: email,
          firstName: 'Nina',
          lastName: 'Nakamura',
          password: strongPassword,
        },
      });
      expect(verify.status, JSON.stringify(verify.body)).toBe(201);
      const session = sessionResponse.parse(verify.body);
      expect(session.user).toMatchObject({
        _id: invited?.user._id,
        lastName: 'Nakamura',
        emailAddress: email,
      });

      const login = await server.request('POST', '/auth/login', {
        json: { emailAddress: email, password: strongPassword },
      });
      expect(login.status).toBe(200);
      const loggedIn = sessionResponse.parse(login.body);
      const mine = organizationListResponse.parse((await call('GET', '/api/organizations', loggedIn)).body);
      expect(mine.data.map((organization) => [organization.name, organization.currentUserRole])).toEqual([
        ['Acme Structures', 'MEMBER'],
      ]);
      const member = (await organizationOf(olga, acme._id)).collaborators.find(
        (c) => c.user.emailAddress === email,
      );
      expect(member).toMatchObject({ pending: false, user: { lastName: 'Nakamura' } });

      // The link works once, and the address now has an account.
      const again = await server.request('POST', '/auth/verify', {
        json: { resetToken, emailAddress: email, firstName: 'N', lastName: 'N', password: strongPassword },
      });
      expect(again.status).toBe(400);
      await server.request('POST', '/auth/signup', { json: { emailAddress: email } });
      expect((await server.lastMailTo(email)).text).toContain(messages.userExists);
    });

    it('lets an invited person sign up with the normal sign-up mail instead of the invitation', async () => {
      const email = uniqueEmail('late-invitee');
      const invited = (await invite(email)).collaborators.find((c) => c.user.emailAddress === email);
      const signup = await server.request('POST', '/auth/signup', { json: { emailAddress: email } });
      expect(signup).toMatchObject({ status: 200, body: { message: ownMessages.confirmationEmailSent } });
      const mail = await server.lastMailTo(email);
      expect(mail.subject).toBe('Confirm your email address for Gusset');
      expect(mail.text).not.toContain(messages.userExists);

      const session = await signUp(server, email, { firstName: 'Late', lastName: 'Comer' });
      expect(session.user._id).toBe(invited?.user._id);
      const mine = organizationListResponse.parse((await call('GET', '/api/organizations', session)).body);
      expect(mine.data.map((organization) => organization._id)).toEqual([acme._id]);
    });

    it('refuses a pending account at login like an unknown address, doing the same password work', async () => {
      const email = uniqueEmail('pending-login');
      await invite(email);
      const before = hashing.verifiedAgainst.length;
      const pending = await server.request('POST', '/auth/login', {
        json: { emailAddress: email, password: strongPassword },
      });
      const unknown = await server.request('POST', '/auth/login', {
        json: { emailAddress: uniqueEmail('nobody'), password: strongPassword },
      });
      expect(pending).toMatchObject({ status: 401, body: { message: ownMessages.loginFailed } });
      expect(pending.body).toEqual(unknown.body);
      const compared = hashing.verifiedAgainst.slice(before);
      expect(compared).toHaveLength(2);
      // Both compared against the same real argon2 hash (the dummy one), not the pending account's empty hash.
      expect(compared[0]).toMatch(/^\$argon2id\$/);
      expect(compared[0]).toBe(compared[1]);
    });

    it('answers forgot for a pending account like for an unknown address', async () => {
      const email = uniqueEmail('pending-forgot');
      await invite(email);
      const forgot = await server.request('POST', '/auth/forgot', { json: { emailAddress: email } });
      expect(forgot).toMatchObject({ status: 200, body: { message: messages.resetEmailSent } });
      const mail = await server.lastMailTo(email);
      expect(mail.text).toContain(messages.emailNotRegistered);
      expect(mail.links).toEqual([`${testPublicUrl}/signup`]);
    });

    it('mails a fresh invitation when a pending person is added to a second organization', async () => {
      const email = uniqueEmail('twice-invited');
      await invite(email);
      const second = await createOrganization(adam, 'Second Org');
      const added = await addCollaborator(adam, second._id, { emailAddress: email });
      expect(added.collaborators).toEqual([expect.objectContaining({ pending: true })]);
      const mails = (await server.mails()).filter((mail) => mail.to === email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Adam Admin invited you to Acme Structures on Gusset',
        'Adam Admin invited you to Second Org on Gusset',
      ]);
      const { resetToken } = await verificationLinkFor(server, email);
      const verify = await server.request('POST', '/auth/verify', {
        json: {
          resetToken,
          emailAddress: email,
          firstName: 'Two',
          lastName: 'Orgs',
          password: strongPassword,
        },
      });
      const session = sessionResponse.parse(verify.body);
      const mine = organizationListResponse.parse((await call('GET', '/api/organizations', session)).body);
      expect(mine.data.map((organization) => organization.name)).toEqual(['Acme Structures', 'Second Org']);
    });
  });
});
