import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import {
  addPaymentMethodBody,
  billingQuotaResponse,
  billingResponse,
  createSetupIntentBody,
  paymentMethodChangedResponse,
  setupIntentResponse,
  stripeConfigResponse,
  updateBillingCycleBody,
  verifyPaymentMethodBody,
} from '../../../contract/http/billing';
import { idSchema } from '../../../contract/http/names';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { signedInUser } from '../../plugins/auth';
import { causeOf, realtimeEvent, systemCause, type EventCause } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { createOrganizationsService } from '../organizations/service';
import { createBillingService, isStripeProvider, type BillingService } from './service';

const organizationParams = z.object({ id: idSchema });
const paymentMethodParams = z.object({ id: idSchema, paymentMethodId: idSchema });

/**
 * Tells the organization's members that its billing changed (OrganizationUpdated), so open model-creation screens
 * re-read the quota.
 */
function createBillingAnnouncer(context: ServerContext) {
  const organizations = createOrganizationsService(context);
  const realtime = context.realtime ?? noRealtime;
  return (organizationId: string, cause: EventCause): void => {
    void organizations
      .forEveryMember(organizationId)
      .then((organization) =>
        realtime.emitToOrganization(
          organizationId,
          realtimeEvent('OrganizationUpdated', { organizationId, organization }, cause),
        ),
      )
      .catch((error: unknown) =>
        context.log.warn({ err: error, organizationId }, 'OrganizationUpdated not sent'),
      );
  };
}

/**
 * /api/organizations/{id}/billing/* (inside the /api scope: a session is needed). The owner and the billing
 * administrator only, but GET …/billing/quota which every member reads.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  context: ServerContext,
  service: BillingService = createBillingService(context),
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const announce = createBillingAnnouncer(context);
  const changed = (request: FastifyRequest, organizationId: string) =>
    announce(organizationId, causeOf(request));

  routes.get(
    '/organizations/:id/billing',
    { schema: { params: organizationParams, response: { 200: billingResponse } } },
    async (request) => service.get(signedInUser(request).id, request.params.id),
  );

  routes.get(
    '/organizations/:id/billing/quota',
    { schema: { params: organizationParams, response: { 200: billingQuotaResponse } } },
    async (request) => service.quota(signedInUser(request).id, request.params.id),
  );

  routes.post(
    '/organizations/:id/billing/setupIntent',
    {
      schema: {
        params: organizationParams,
        body: createSetupIntentBody,
        response: { 200: setupIntentResponse },
      },
    },
    async (request) =>
      service.createSetupIntent(signedInUser(request).id, request.params.id, request.body.kind),
  );

  routes.post(
    '/organizations/:id/billing/paymentMethods',
    {
      schema: {
        params: organizationParams,
        body: addPaymentMethodBody,
        response: { 201: paymentMethodChangedResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.addPaymentMethod(
        signedInUser(request).id,
        request.params.id,
        request.body,
      );
      changed(request, request.params.id);
      return reply.code(201).send(answer);
    },
  );

  routes.post(
    '/organizations/:id/billing/paymentMethods/:paymentMethodId/verify',
    {
      schema: {
        params: paymentMethodParams,
        body: verifyPaymentMethodBody,
        response: { 200: paymentMethodChangedResponse },
      },
    },
    async (request) => {
      const { id, paymentMethodId } = request.params;
      const answer = await service.verifyPaymentMethod(
        signedInUser(request).id,
        id,
        paymentMethodId,
        request.body.amounts,
      );
      changed(request, id);
      return answer;
    },
  );

  routes.delete(
    '/organizations/:id/billing/paymentMethods/:paymentMethodId',
    { schema: { params: paymentMethodParams } },
    async (request, reply) => {
      const { id, paymentMethodId } = request.params;
      await service.removePaymentMethod(signedInUser(request).id, id, paymentMethodId);
      changed(request, id);
      return reply.code(204).send();
    },
  );

  routes.put(
    '/organizations/:id/billing/cycle',
    {
      schema: {
        params: organizationParams,
        body: updateBillingCycleBody,
        response: { 200: billingResponse },
      },
    },
    async (request) =>
      service.setBillingCycle(signedInUser(request).id, request.params.id, request.body.cycle),
  );
}

/**
 * The public Stripe routes, outside /api: GET /stripe/config (which provider, the publishable key) and
 * POST /stripe/webhook, whose JSON body is kept raw because its signature covers the exact bytes.
 */
export async function registerStripeRoutes(
  app: FastifyInstance,
  context: ServerContext,
  service: BillingService = createBillingService(context),
): Promise<void> {
  const announce = createBillingAnnouncer(context);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/stripe/config', { schema: { response: { 200: stripeConfigResponse } } }, async () =>
      service.stripeConfig(),
    );

  await app.register(async (scope) => {
    // Only in this scope: every other route keeps Fastify's JSON parser.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/stripe/webhook', async (request) => {
      const provider = service.provider;
      if (!isStripeProvider(provider) || !provider.webhooksConfigured) {
        throw new HttpError(404, ownMessages.stripeNotConfigured);
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = provider.constructEvent(rawBody, typeof signature === 'string' ? signature : undefined);
      const outcome = await service.handleStripeEvent(event);
      if (outcome.organizationId) announce(outcome.organizationId, systemCause);
      return { received: true, duplicate: outcome.duplicate };
    });
  });
}
