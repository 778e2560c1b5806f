import { canonicalJson } from '../../canonical';
import { encodeUtf8 } from '../../text/encoding';
import { countModel } from '../report';
import type { WriteResult } from '../types';
import type { Model } from '../../schema';
import { JSON_FORMAT_ID } from './read';

interface Encoder {
  encode(text: string): Uint8Array;
}

function utf8(text: string): Uint8Array {
  const constructor = (globalThis as { TextEncoder?: new () => Encoder }).TextEncoder;
  return constructor ? new constructor().encode(text) : encodeUtf8(text);
}

/** Writes the model with sorted keys and normalised numbers (the hash's own form), indented for people. */
export function writeModelJson(model: Model): WriteResult {
  const text = `${JSON.stringify(JSON.parse(canonicalJson(model)), null, 2)}\n`;
  return {
    bytes: utf8(text),
    report: { format: JSON_FORMAT_ID, direction: 'write', counts: countModel(model), items: [] },
  };
}
