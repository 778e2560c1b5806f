import { createHash, randomBytes } from 'node:crypto';

/** 32 bytes from the CSPRNG (256 bits, above ASVS's 128), base64url so it travels in a URL untouched. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored. A fast hash is enough: the secret has 256 bits of entropy, nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
