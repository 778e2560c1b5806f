import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { INITIAL_SCREEN_DELAY_MS } from '../constants';
import { startupMachine } from './startupMachine';

afterEach(() => {
  vi.useRealTimers();
});

describe('startupMachine', () => {
  it('shows the initializing screen for two seconds, then lets the app through', async () => {
    vi.useFakeTimers();
    const actor = createActor(startupMachine).start();
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(INITIAL_SCREEN_DELAY_MS - 1);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(false);
    expect(INITIAL_SCREEN_DELAY_MS).toBe(2000);
  });
});
