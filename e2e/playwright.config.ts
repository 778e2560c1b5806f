import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The config is evaluated by the runner and again by each worker; workers inherit the runner's environment, so
 * the free port and the fresh data folder are chosen once and passed on through process.env.
 */
function freePort(): string {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: 'utf8' },
  );
  return probe.stdout.trim();
}

process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'gusset-e2e-'));

const port = process.env.E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  // Three journeys at a time against the one server: a journey mostly waits on the server and the GPU process,
  // so three share two cores well (6.8 → about 4 min). Each journey signs up its own people (uniqueStamp).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // A journey's steps wait for states, not for time; this limit only turns a hang into a message. At 60 s the
  // account journey (55 s quiet) timed out with `stress --cpu 2` beside it on a slow day.
  timeout: 300_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The real server, exactly as `npm start` runs it (compiled here first, about a second, so it is never a
    // stale dist/server and its workers run compiled as in production), on a fresh embedded database, serving
    // the e2e build (`vite build --mode e2e`, which `npm run test:e2e` makes first): the production build plus the
    // viewer's test API on window, which production builds leave out.
    command: 'npx tsx scripts/buildServer.ts && node --enable-source-maps dist/server/main.js',
    cwd: '..',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      GUSSET_ADMINS: 'admin@example.com',
      // Every journey signs its people up from 127.0.0.1: more than the default ten per ten minutes.
      SIGNUP_LIMIT_PER_IP: '100',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      CLIENT_DIR: 'dist/client-e2e',
    },
  },
});
