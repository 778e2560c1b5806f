import { messages, ownMessages } from '../errors';
import { text } from './text';

/** A model or organization name: trimmed, not blank (spec section 5), at most 200 characters. */
export const entityNameSchema = text({ error: messages.modelNameBlank })
  .trim()
  .min(1, { error: messages.modelNameBlank })
  .max(200, { error: 'Name must be at most 200 characters long.' });

/**
 * An organization name: as entityNameSchema, without `<`, `>` or control characters. It is sent to strangers in
 * invitation mails; markup has no business in it (mails render it as plain text anyway, see mail/plainText.ts).
 */
export const organizationNameSchema = entityNameSchema.refine((name) => !/[<>\p{Cc}]/u.test(name), {
  error: ownMessages.organizationNameCharacters,
});

/** Ids on the wire are UUIDs; a malformed one is answered like an unknown one (404), never 400 or 500. */
export const idSchema = text().max(100);
