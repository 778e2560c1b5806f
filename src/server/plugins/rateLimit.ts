import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ownMessages } from '../../contract/errors';
import type { AttemptBudget, RateLimitConfig } from '../config';
import { HttpError } from '../httpError';

/** One named budget of attempts per key. Every method throws the 429 HttpError when the key is over budget. */
export interface AttemptLimiter {
  /** Counts one attempt. */
  consume(key: string): Promise<void>;
  /** Refuses a key that has used its budget, without counting (login counts only failures per account). */
  check(key: string): Promise<void>;
  /** Forgets a key, e.g. an account's failures after a successful login. */
  reset(key: string): Promise<void>;
}

export type RateLimits = Readonly<Record<keyof RateLimitConfig, AttemptLimiter>>;

function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, ownMessages.tooManyAttempts, { 'Retry-After': String(seconds) });
}

function memoryLimiter(name: string, budget: AttemptBudget): AttemptLimiter {
  const limiter = new RateLimiterMemory({
    keyPrefix: name,
    points: budget.points,
    duration: budget.durationSeconds,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyAttempts(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= budget.points) throw tooManyAttempts(state.msBeforeNext);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** A limiter with a capability's own budget (bug reports per user, password checks per account). */
export function createAttemptLimiter(name: string, budget: AttemptBudget): AttemptLimiter {
  return memoryLimiter(name, budget);
}

/**
 * The one place limiters are built. They live in this process's memory, which is right for one instance; a
 * deployment with several instances replaces this factory with one over RateLimiterRedis (same interface).
 */
export function createRateLimits(config: RateLimitConfig): RateLimits {
  const entries = Object.entries(config) as Array<[keyof RateLimitConfig, AttemptBudget]>;
  return Object.fromEntries(
    entries.map(([name, budget]) => [name, memoryLimiter(name, budget)]),
  ) as RateLimits;
}
