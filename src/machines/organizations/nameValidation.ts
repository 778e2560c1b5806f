import { entityNameSchema } from '../../contract/http/names';

/** A model or organization name as the server will judge it: the first problem's message, or null. */
export function nameProblem(name: string): string | null {
  const checked = entityNameSchema.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
