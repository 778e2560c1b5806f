import { decodeUtf8 as decodeUtf8Slow, encodeUtf8 as encodeUtf8Slow } from '../../text/encoding';

/*
 * TextDecoder/TextEncoder exist in every runtime the engine runs in, but their types come from DOM or Node
 * typings, which the engine does not load: they are looked up on globalThis, with the engine's own codecs behind.
 */
const runtime = globalThis as {
  TextDecoder?: new (label: string) => { decode(input: Uint8Array): string };
  TextEncoder?: new () => { encode(input: string): Uint8Array };
};
const decoder = runtime.TextDecoder ? new runtime.TextDecoder('utf-8') : undefined;
const encoder = runtime.TextEncoder ? new runtime.TextEncoder() : undefined;

/** UTF-8 → text, invalid sequences as U+FFFD. */
export function utf8Decode(bytes: Uint8Array): string {
  return decoder ? decoder.decode(bytes) : decodeUtf8Slow(bytes);
}

export function utf8Encode(text: string): Uint8Array {
  return encoder ? encoder.encode(text) : encodeUtf8Slow(text);
}
