import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contract/http/names';
import { text } from '../../../contract/http/text';
import {
  adminIdsResponse,
  adminListResponse,
  publicUserSchema,
  updateProfileBody,
  updateUserStateBody,
  userSchema,
} from '../../../contract/http/users';
import { signedInUser } from '../../plugins/auth';
import { toUser, type UsersService } from './service';

const idParams = z.object({ id: idSchema });

/**
 * /api/users/*, registered inside the /api scope where every route needs a session. Static segments
 * (GussetAdmins, adminList) win over /:id in Fastify's router, so their order here does not matter.
 */
export function registerUsersRoutes(app: FastifyInstance, { service }: { service: UsersService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/users', { schema: { response: { 200: userSchema } } }, async (request) =>
    toUser(signedInUser(request)),
  );

  routes.put(
    '/users',
    { schema: { body: updateProfileBody, response: { 200: userSchema } } },
    async (request) => service.updateProfile(signedInUser(request), request.body),
  );

  routes.get('/users/GussetAdmins', { schema: { response: { 200: adminIdsResponse } } }, async () => ({
    data: await service.adminIds(),
  }));

  routes.get('/users/adminList', { schema: { response: { 200: adminListResponse } } }, async (request) => ({
    data: await service.adminList(signedInUser(request)),
  }));

  routes.get(
    '/users/:id',
    { schema: { params: idParams, response: { 200: publicUserSchema } } },
    async (request) => service.getPublic(signedInUser(request), request.params.id),
  );

  routes.get(
    '/users/profileInfo/:id',
    { schema: { params: idParams, response: { 200: publicUserSchema } } },
    async (request) => service.getPublic(signedInUser(request), request.params.id),
  );

  routes.get(
    '/users/findByEmail/:email',
    { schema: { params: z.object({ email: text().max(1000) }), response: { 200: publicUserSchema } } },
    async (request) => service.findByEmail(request.params.email),
  );

  routes.put(
    '/users/:id/updateUserState',
    { schema: { params: idParams, body: updateUserStateBody, response: { 200: userSchema } } },
    async (request) => service.updateUserState(signedInUser(request), request.params.id, request.body.state),
  );
}
