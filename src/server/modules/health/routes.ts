import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';

/** GET /health: 200 only when the database answers, so a load balancer stops sending to an instance that lost it. */
export function registerHealthRoutes(app: FastifyInstance, { db }: { db: Queryable }) {
  app.get('/health', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
