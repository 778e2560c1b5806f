#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so `npx gusset` works straight after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
