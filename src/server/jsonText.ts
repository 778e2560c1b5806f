import { Readable } from 'node:stream';

/**
 * JSON text with a large value spliced in as it is: `prefix`, the value's text (a string, or the stream of a
 * cached file, passed on chunk by chunk), `suffix`. The value is never parsed or re-serialised on the event loop.
 */
export function spliceJson(prefix: string, value: string | Readable, suffix: string): string | Readable {
  if (typeof value === 'string') return `${prefix}${value}${suffix}`;
  return Readable.from(
    (async function* () {
      yield Buffer.from(prefix);
      for await (const chunk of value) yield chunk as Buffer;
      yield Buffer.from(suffix);
    })(),
    { objectMode: false },
  );
}
