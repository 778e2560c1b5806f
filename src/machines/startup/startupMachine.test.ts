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
    const actor = createActor(startupMachine, { input: {} }).start();
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(INITIAL_SCREEN_DELAY_MS - 1);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(false);
    expect(INITIAL_SCREEN_DELAY_MS).toBe(2000);
  });

  it('counts the two seconds from the page start: a page that took 1.5 s to load shows it 0.5 s more', async () => {
    vi.useFakeTimers();
    const actor = createActor(startupMachine, { input: { elapsedMs: 1500 } }).start();
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(false);
  });

  it('lets a page that took longer than two seconds to load straight through', async () => {
    vi.useFakeTimers();
    const actor = createActor(startupMachine, { input: { elapsedMs: 3200 } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('initializing')).toBe(false);
  });
});
