import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// findBy… and waitFor give up after this long. A passing test never waits it out; a busy machine that is slow to
// load a lazy screen must not fail a test that would pass.
configure({ asyncUtilTimeout: 10_000 });
