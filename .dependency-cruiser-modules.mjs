// @ts-check
import base from './.dependency-cruiser.mjs';

/**
 * No cycle between the server's modules (src/server/modules/<name> and the folders plugins, realtime, jobs, db,
 * blobs, mail, testing), read on the folder graph: a module may use another only if that one never uses it back,
 * through any chain. Run over src/server without its *.test.ts files: a module's tests use testing/, which builds
 * the whole app, so they sit on top of every module and are not part of the layering.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-server-module-cycle',
      comment: 'Move the shared piece into the module that owns it, or inject it (docs/architecture.md).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/(modules/[^/]+|plugins|realtime|jobs|db|blobs|mail|testing)$' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ['^dist/', '\\.test\\.tsx?$'] },
    cache: { folder: '.cache/dependency-cruiser/modules', strategy: 'content' },
  },
};
