import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orNull } from './orNull';

describe('orNull', () => {
  const named = z.object({ _id: z.string(), name: z.string() });
  const namedOrNull = orNull(named);

  it('passes the entity on when the server sends it', () => {
    expect(namedOrNull.parse({ _id: 'org-1', name: 'Acme' })).toEqual({ _id: 'org-1', name: 'Acme' });
  });

  it('turns any other success body (none, a message) into null', () => {
    expect(namedOrNull.parse(undefined)).toBeNull();
    expect(namedOrNull.parse({ message: 'ok' })).toBeNull();
  });
});
