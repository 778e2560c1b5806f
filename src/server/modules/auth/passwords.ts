import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export interface Argon2Cost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** OWASP's argon2id row: 19 MiB, two passes, one lane (≈170 ms here; see security-reliability.md §1.4). */
export const OWASP_ARGON2ID: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

/** Bounds concurrent hashes: each takes 19 MiB and a core, so an unbounded burst would starve the server. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly capacity: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.capacity) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** NIST 800-63B: compare Unicode passwords after NFKC, so the same password typed on two keyboards matches. */
const normalise = (password: string) => password.normalize('NFKC');

/** The server always hashes at OWASP_ARGON2ID; only test servers pass a lower cost (src/server/testing). */
export function createArgon2Hasher(maxConcurrent = 4, cost: Argon2Cost = OWASP_ARGON2ID): PasswordHasher {
  const slots = new Semaphore(maxConcurrent);
  const options = {
    // Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is its Argon2id member.
    algorithm: 2 as Algorithm,
    ...cost,
    parallelism: 1,
  };
  return {
    hash: (password) => slots.run(() => hash(normalise(password), options)),
    verify: (passwordHash, password) =>
      slots.run(async () => {
        try {
          return await verify(passwordHash, normalise(password));
        } catch {
          // A malformed stored hash can never match; it must not turn a login into a 500.
          return false;
        }
      }),
  };
}
