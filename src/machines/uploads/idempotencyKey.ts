/**
 * A fresh Idempotency-Key for one chosen file. getRandomValues rather than randomUUID: the latter exists only
 * in secure contexts, and a self-hosted server may be reached over plain HTTP on the local network.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
