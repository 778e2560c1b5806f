import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOO_LONG_LOADING_MS } from '../constants';
import { loadingMachine } from './loadingMachine';
import {
  selectIsOverlayVisible,
  selectIsTakingTooLong,
  selectOverlayHeadline,
  selectOverlaySubline,
} from './selectors';

afterEach(() => {
  vi.useRealTimers();
});

function startLoading() {
  let reloads = 0;
  const actor = createActor(
    loadingMachine.provide({
      actions: {
        reloadBrowser: () => {
          reloads += 1;
        },
      },
    }),
  ).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return {
      visible: selectIsOverlayVisible(snapshot),
      tooLong: selectIsTakingTooLong(snapshot),
      headline: selectOverlayHeadline(snapshot),
      subline: selectOverlaySubline(snapshot),
    };
  };
  return { actor, seen, reloads: () => reloads };
}

describe('the loading overlay', () => {
  it('is hidden until something loads', () => {
    const { seen } = startLoading();
    expect(seen()).toEqual({ visible: false, tooLong: false, headline: null, subline: null });
  });

  it('stays up until the last of several nested loads ends', () => {
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.started' });
    actor.send({ type: 'loading.started' });
    actor.send({ type: 'loading.finished' });
    expect(seen()).toMatchObject({ visible: true, headline: 'Loading ...', subline: null });
    actor.send({ type: 'loading.finished' });
    expect(seen().visible).toBe(false);
  });

  it('ignores a stray finish so the count never goes below zero', () => {
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.finished' });
    actor.send({ type: 'loading.started' });
    expect(seen().visible).toBe(true);
  });

  it('shows the analytics text, with the smaller count while socket data is loading', () => {
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.started', variant: 'analytics' });
    expect(seen()).toMatchObject({
      headline: 'Sorting through 250000 Entries',
      subline: 'This takes a minute or two...',
    });
    actor.send({ type: 'socketData.loadingChanged', loading: true });
    expect(seen().headline).toBe('Sorting through 150000 Entries');
  });

  it('shows the additional-models text', () => {
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.started', variant: 'additionalModels' });
    expect(seen()).toMatchObject({
      headline: 'Loading additional models... ...',
      subline: 'We are fetching more models from the server...',
    });
  });

  it('keeps the specific text while generic calls come and go beneath it', () => {
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.started', variant: 'additionalModels' });
    actor.send({ type: 'loading.started' });
    actor.send({ type: 'loading.finished' });
    expect(seen().headline).toBe('Loading additional models... ...');
    actor.send({ type: 'loading.finished', variant: 'additionalModels' });
    expect(seen().visible).toBe(false);
  });

  it('asks "Taking too long?" after 70 seconds of continuous loading, and can refresh the browser', async () => {
    vi.useFakeTimers();
    const { actor, seen, reloads } = startLoading();
    actor.send({ type: 'loading.started' });
    await vi.advanceTimersByTimeAsync(TOO_LONG_LOADING_MS / 2);
    // Another load joining does not restart the clock.
    actor.send({ type: 'loading.started' });
    await vi.advanceTimersByTimeAsync(TOO_LONG_LOADING_MS / 2 - 1);
    expect(seen().tooLong).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen().tooLong).toBe(true);

    actor.send({ type: 'browser.refresh' });
    expect(reloads()).toBe(1);
  });

  it('starts the 70 seconds afresh after the overlay was hidden', async () => {
    vi.useFakeTimers();
    const { actor, seen } = startLoading();
    actor.send({ type: 'loading.started' });
    await vi.advanceTimersByTimeAsync(TOO_LONG_LOADING_MS - 10);
    actor.send({ type: 'loading.finished' });
    actor.send({ type: 'loading.started' });
    await vi.advanceTimersByTimeAsync(20);
    expect(seen().tooLong).toBe(false);
    actor.send({ type: 'loading.finished' });
    expect(seen()).toMatchObject({ visible: false, tooLong: false });
  });
});
