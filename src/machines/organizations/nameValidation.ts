import { entityNameSchema, organizationNameSchema } from '../../contract/http/names';

/** A model or organization name as the server will judge it: the first problem's message, or null. */
export function nameProblem(name: string): string | null {
  const checked = entityNameSchema.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** An organization name as the server will judge it (no `<`, `>` or control characters either). */
export function organizationNameProblem(name: string): string | null {
  const checked = organizationNameSchema.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
