import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, ownMessages } from '../../contract/errors';
import { isDatabaseUnavailable } from '../db/db';
import { HttpError } from '../httpError';

function fastifyCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function fastifyStatus(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;
}

/**
 * The one error handler. Every answer is `{ message }`; a client error says what was wrong, anything unexpected
 * is 500 'Internal server error' with the details only in the log (fail closed, leak nothing), except a lost
 * database connection: 503 with a message that says to try again.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) {
        request.log.warn({ event: 'auth.rateLimited', url: request.routeOptions.url }, 'Rate limit reached');
      }
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ message: first?.message ?? messages.fillOutForm });
    }
    switch (fastifyCode(error)) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: ownMessages.invalidJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: ownMessages.bodyTooLarge });
    }
    const status = fastifyStatus(error);
    // Fastify's own client errors (415 unsupported media type, 400 bad content length...) carry safe messages.
    if (status !== undefined && status >= 400 && status < 500 && error instanceof Error) {
      return reply.code(status).send({ message: error.message });
    }
    // A restart or failover of the database: the request may well succeed in a moment, so say so (503).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'The database is unavailable');
      return reply.code(503).send({ message: ownMessages.databaseUnavailable });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ message: messages.internalServerError });
  });
}
