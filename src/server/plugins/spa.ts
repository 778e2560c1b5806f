import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ownMessages } from '../../contract/errors';

/** Paths the SPA never answers: an unknown one is a JSON 404, never index.html. */
const serverPrefixes = ['/api', '/auth', '/stripe', '/socket.io', '/health', '/docs'];

const isServerPath = (pathname: string) =>
  serverPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** A missing file (an old chunk after a deploy) must fail as a 404, not load index.html as JavaScript. */
const looksLikeFile = (pathname: string) => (pathname.split('/').pop() ?? '').includes('.');

/** Vite names built assets with a content hash under assets/, so they never change and may be cached for a year. */
const isHashedAsset = (filePath: string) => filePath.split(path.sep).includes('assets');

const notBuiltText =
  'The Gusset web client has not been built yet. Run `npm run build` (or `npm start`, which builds first), ' +
  'then reload this page.\n';

/**
 * Serves the built client from `clientDir` and answers every other GET with its index.html (client-side routes
 * such as /verify/create-account), except the server's own prefixes, which get `{ message }` 404s.
 */
export async function registerSpa(app: FastifyInstance, { clientDir }: { clientDir: string }): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const isBuilt = () =>
    access(indexFile).then(
      () => true,
      () => false,
    );
  if (!(await isBuilt()))
    app.log.warn(`No web client in ${clientDir}: run \`npm run build\` to serve the app.`);

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    // Source maps hold the whole client source; an older or e2e build may still have them on disk.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    index: ['index.html'],
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader(
        'Cache-Control',
        isHashedAsset(path.relative(clientDir, filePath))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!readsPage || isServerPath(pathname) || looksLikeFile(pathname)) {
      return reply.code(404).send({ message: ownMessages.notFound });
    }
    if (!(await isBuilt())) return reply.code(200).type('text/plain; charset=utf-8').send(notBuiltText);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
