import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contract/http/text';
import { ownMessages } from '../../../contract/errors';
import {
  AVATAR_MAX_BYTES,
  batchImageUrlsBody,
  batchImageUrlsResponse,
  blobHashSchema,
  MODEL_SCREENSHOT_BODY_MAX_BYTES,
  modelScreenshotBody,
  modelScreenshotResponse,
} from '../../../contract/http/images';
import { userSchema } from '../../../contract/http/users';
import { HttpError } from '../../httpError';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import type { ImagesService } from './service';

function imageTooLarge(): HttpError {
  return new HttpError(413, ownMessages.imageTooLarge);
}

/**
 * POST /api/images/profileImage, DELETE /api/images/users, POST /api/images/modelScreenshot and
 * PUT /api/images/getBatchImageUrls (inside the /api scope: a session is required).
 * The picture is the raw body, whatever its Content-Type: this scope reads any body into memory up to
 * AVATAR_MAX_BYTES (413 past it, refused early from Content-Length when it says so), and the service decides
 * from the bytes whether it is an image (400 otherwise) rather than letting an unknown type end as 415.
 */
export function registerImagesRoutes(app: FastifyInstance, deps: { service: ImagesService }): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > AVATAR_MAX_BYTES) {
        // Drain what the client sends so it reads the answer on a healthy connection.
        payload.resume();
        done(imageTooLarge(), undefined);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let finished = false;
      payload.on('data', (chunk: Buffer) => {
        if (finished) return;
        size += chunk.length;
        if (size > AVATAR_MAX_BYTES) {
          finished = true;
          done(imageTooLarge(), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (finished) return;
        finished = true;
        done(null, Buffer.concat(chunks));
      });
      payload.on('error', (error) => {
        if (finished) return;
        finished = true;
        done(error, undefined);
      });
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post('/images/profileImage', { schema: { response: { 200: userSchema } } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const declaredType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      return deps.service.setAvatar(signedInUser(request), declaredType, body);
    });
  });

  // The screenshot's own scope: a body past its limit gets the screenshot's message rather than the generic one
  // (errors thrown here go on to the app's error handler).
  void app.register(async (scope) => {
    scope.setErrorHandler((error) => {
      if (typeof error === 'object' && error !== null && 'code' in error) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new HttpError(413, ownMessages.modelScreenshotTooLarge);
        }
      }
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/images/modelScreenshot',
      {
        bodyLimit: MODEL_SCREENSHOT_BODY_MAX_BYTES,
        schema: { body: modelScreenshotBody, response: { 201: modelScreenshotResponse } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await deps.service.setModelScreenshot(signedInUser(request), request.body, causeOf(request))),
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/images/getBatchImageUrls',
    { schema: { body: batchImageUrlsBody, response: { 200: batchImageUrlsResponse } } },
    async (request) => deps.service.batchImageUrls(signedInUser(request), request.body.modelIds),
  );
  routes.delete('/images/users', { schema: { response: { 200: userSchema } } }, async (request) =>
    deps.service.removeAvatar(signedInUser(request)),
  );
}

/**
 * GET /api/images/blobs/{sha256}, outside the session scope: an <img> cannot send the Authorization header. Only
 * current avatars and model thumbnails are served (anything else 404), by the hash of their content, so the
 * address is unguessable and the answer can be cached for good.
 */
export function registerImageBlobRoutes(app: FastifyInstance, deps: { service: ImagesService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/images/blobs/:hash',
    { schema: { params: z.object({ hash: text().max(100) }) } },
    async (request, reply) => {
      const hash = blobHashSchema.safeParse(request.params.hash);
      const image = hash.success ? await deps.service.readImage(hash.data) : null;
      if (!image) throw new HttpError(404, ownMessages.notFound);
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  );
}
