import { z } from 'zod';

/**
 * For calls whose success body the contract leaves open (collaborator changes, deletes): the entity when the
 * server sends one, else null, so that either answer counts as a success and the caller re-reads when it needs to.
 */
export function orNull<T>(schema: z.ZodType<T>): z.ZodType<T | null> {
  return z.union([schema, z.unknown().transform((): null => null)]);
}
