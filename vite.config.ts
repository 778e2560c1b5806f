import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No source maps in the production build: they would publish the whole client source. The e2e build keeps
    // them for debugging; the server refuses *.map either way (src/server/plugins/spa.ts).
    sourcemap: mode === 'e2e',
  },
  server: {
    // `npm run dev:client` proxies the API to the server started with `npm run dev`.
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/stripe': 'http://localhost:3000',
      '/docs': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  test: {
    // Vitest 4 runs one file at a time on a 2-core machine unless told otherwise; server suites mostly wait on
    // PostgreSQL, sockets and child processes, so two files at once nearly halve the suite.
    maxWorkers: 2,
    // Files share a worker's module cache instead of each importing the server, the engine and jsdom afresh: that
    // import was a third of the suite (8.9 → 6.3 min for the node files, 33 → 14 s for the views). Each file
    // therefore starts its own servers and databases and restores what it stubs (vi.stubEnv, fake timers).
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['tests/setup/compiledServer.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/ui/testSetup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
}));
