#!/usr/bin/env node
// The compiled CLI (dist/server/cli.js, built by `npm install`'s prepare step or `npm run build:server`) starts in
// a fraction of a second. A checkout where it was never built, or GUSSET_FROM_SOURCE=1 (to run the source being
// edited rather than a stale build), runs the TypeScript through tsx instead.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/server/cli.js', import.meta.url);

if (process.env.GUSSET_FROM_SOURCE !== '1' && existsSync(compiled)) {
  process.setSourceMapsEnabled(true);
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
