// @ts-check
/**
 * Import rules (docs/architecture.md, Boundaries), checked by `npm run lint:deps` over src, bench, tests and e2e.
 * The server-module cycle rule is in .dependency-cruiser-modules.mjs: it runs over the server without its tests.
 */

/** `to` paths of our own folders, by the names docs/architecture.md uses. */
const ours = {
  engine: '^src/engine/',
  contract: '^src/contract/',
  server: '^src/server/',
  api: '^src/api/',
  machines: '^src/machines/',
  ui: '^src/ui/',
  viewer: '^src/viewer/',
  cli: '^src/cli/',
  bench: '^bench/',
  tests: '^tests/',
  e2e: '^e2e/',
};

/**
 * One rule per row of the table: the folder imports none of `forbidden`.
 * @param {keyof typeof ours} folder
 * @param {(keyof typeof ours)[]} forbidden
 * @param {string} comment
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
const boundary = (folder, forbidden, comment) => ({
  name: `${folder}-boundary`,
  comment,
  severity: 'error',
  from: { path: ours[folder] },
  to: { path: forbidden.map((name) => ours[name]) },
});
/** src imports no benchmark or journey; tests/ has its own rule below. */
const outsideSrc = /** @type {const} */ (['bench', 'e2e']);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    boundary(
      'engine',
      ['contract', 'server', 'api', 'machines', 'ui', 'viewer', 'cli', ...outsideSrc],
      'The engine is pure: it imports nothing of ours (bench included).',
    ),
    boundary(
      'contract',
      ['server', 'api', 'machines', 'ui', 'viewer', 'cli', ...outsideSrc],
      'The contract imports only the engine.',
    ),
    boundary(
      'server',
      ['api', 'machines', 'ui', 'viewer', 'cli', ...outsideSrc],
      'The server imports only engine and contract; it never imports browser code.',
    ),
    boundary(
      'cli',
      ['server', 'api', 'machines', 'ui', 'viewer', ...outsideSrc],
      'The CLI imports only engine and contract.',
    ),
    boundary(
      'api',
      ['engine', 'server', 'machines', 'ui', 'viewer', 'cli', ...outsideSrc],
      'src/api is the wire: contract and ky only.',
    ),
    boundary(
      'machines',
      ['server', 'ui', 'viewer', 'cli', ...outsideSrc],
      'Machines hold behaviour only: no React, DOM views, Babylon or server code.',
    ),
    {
      name: 'machines-no-react-or-babylon',
      comment: 'Machines hold behaviour only: no React, no Babylon.',
      severity: 'error',
      from: { path: ours.machines },
      to: { path: '^node_modules/(react|react-dom|@babylonjs/[^/]+)/' },
    },
    boundary('ui', ['server', 'cli', ...outsideSrc], 'Browser code never imports the server.'),
    boundary(
      'viewer',
      ['server', 'api', 'machines', 'ui', 'cli', ...outsideSrc],
      'The viewer is an imperative class of its own: engine and contract only.',
    ),
    {
      name: 'src-imports-no-tests',
      comment: 'Only a test beside the code (x.test.ts) may use the shared test support in tests/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: ours.tests },
    },
    {
      name: 'server-infrastructure-imports-no-module',
      comment:
        'plugins, realtime, jobs, db, blobs and mail are generic: what they need of a capability module comes in ' +
        'as a parameter or an injected port, wired in app.ts (the composition root).',
      severity: 'error',
      from: { path: '^src/server/(plugins|realtime|jobs|db|blobs|mail)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/(modules/|app\\.ts$|main\\.ts$)' },
    },
    {
      name: 'no-circular',
      comment: 'No file imports itself back, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // node_modules may be a symlink (worktrees share one): keep its paths as written, never cruise into it.
    preserveSymlinks: true,
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a knot of types is still a knot.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    exclude: { path: '^dist/' },
    // Results are kept per file content (the worktree's own .cache, gitignored): a rerun parses only what changed.
    cache: { folder: '.cache/dependency-cruiser/all', strategy: 'content' },
  },
};
