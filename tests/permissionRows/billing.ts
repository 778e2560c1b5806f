import type { Row, Statuses } from '../permissionMatrix';

/**
 * Billing (issue #10): the owner and the billing administrator manage it; the organization's other members get
 * 401; people with only a model role, strangers and internal admins 404. The matrix runs with the local test
 * provider (no Stripe keys), so creating a SetupIntent — Stripe only — answers 400 once access is granted.
 */
//                                                       owner billing member mAdmin mWrite mRead mLimit strngr iAdmin none
const billingManagers = (ok: number): Statuses => [ok, ok, 401, 404, 404, 404, 404, 404, 404, 403];
const anyOrganizationMember = (ok: number): Statuses => [ok, ok, ok, 404, 404, 404, 404, 404, 404, 403];

const testCard = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 5,
  cvc: '123',
};

export const billingRows: Row[] = [
  {
    method: 'GET',
    route: '/api/organizations/:id/billing',
    request: async (world) => ({ path: `/api/organizations/${world.organizationId}/billing` }),
    expected: billingManagers(200),
  },
  {
    method: 'GET',
    route: '/api/organizations/:id/billing/quota',
    request: async (world) => ({ path: `/api/organizations/${world.organizationId}/billing/quota` }),
    expected: anyOrganizationMember(200),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/billing/setupIntent',
    request: async (world) => ({
      path: `/api/organizations/${world.organizationId}/billing/setupIntent`,
      json: { kind: 'card' },
    }),
    expected: billingManagers(400),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/billing/paymentMethods',
    request: async (world) => ({
      path: `/api/organizations/${await world.freshOrganization()}/billing/paymentMethods`,
      json: { card: testCard },
    }),
    expected: billingManagers(201),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/billing/paymentMethods/:paymentMethodId/verify',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const paymentMethodId = await world.pendingBankAccount(organizationId);
      return {
        path: `/api/organizations/${organizationId}/billing/paymentMethods/${paymentMethodId}/verify`,
        json: { amounts: [32, 45] },
      };
    },
    expected: billingManagers(200),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id/billing/paymentMethods/:paymentMethodId',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const paymentMethodId = await world.paymentMethodOnFile(organizationId);
      return { path: `/api/organizations/${organizationId}/billing/paymentMethods/${paymentMethodId}` };
    },
    expected: billingManagers(204),
  },
  {
    method: 'PUT',
    route: '/api/organizations/:id/billing/cycle',
    request: async (world) => ({
      path: `/api/organizations/${await world.freshOrganization()}/billing/cycle`,
      json: { cycle: 'annual' },
    }),
    expected: billingManagers(200),
  },
];
