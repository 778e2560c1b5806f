import type { FileTranslator } from '../types';
import { JSON_FORMAT_ID, readModelJson } from './read';
import { writeModelJson } from './write';

export { JSON_FORMAT_ID, readModelJson } from './read';
export { writeModelJson } from './write';

/**
 * Gusset's canonical model as JSON: it carries every concept in full, so it belongs to no platform and has no
 * capability table (docs/supported-elements.md says so in one sentence).
 */
export const canonicalJsonTranslator: FileTranslator = {
  id: JSON_FORMAT_ID,
  title: 'Gusset canonical model (.json)',
  extensions: ['.json'],
  read: async (bytes) => readModelJson(bytes),
  write: async (model) => writeModelJson(model),
};
