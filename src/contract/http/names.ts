import { text } from './text';
import { messages } from '../errors';

/** A model or organization name: trimmed, not blank (spec section 5), at most 200 characters. */
export const entityNameSchema = text({ error: messages.modelNameBlank })
  .trim()
  .min(1, { error: messages.modelNameBlank })
  .max(200, { error: 'Name must be at most 200 characters long.' });

/** Ids on the wire are UUIDs; a malformed one is answered like an unknown one (404), never 400 or 500. */
export const idSchema = text().max(100);
