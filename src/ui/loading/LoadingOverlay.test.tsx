import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOO_LONG_LOADING_MS } from '../../machines/constants';
import { loadingMachine } from '../../machines/loading/loadingMachine';
import type { AppServices } from '../services/AppServices';
import { AppServicesProvider } from '../services/AppServices';
import { LoadingOverlay } from './LoadingOverlay';

afterEach(() => {
  vi.useRealTimers();
});

function renderOverlay() {
  let reloads = 0;
  const loading = createActor(
    loadingMachine.provide({
      actions: {
        reloadBrowser: () => {
          reloads += 1;
        },
      },
    }),
  ).start();
  // The overlay reads only the loading actor.
  const services = { loading } as unknown as AppServices;
  render(
    <AppServicesProvider services={services}>
      <LoadingOverlay />
    </AppServicesProvider>,
  );
  const send = (event: Parameters<typeof loading.send>[0]) => act(() => loading.send(event));
  return { send, reloads: () => reloads };
}

describe('LoadingOverlay', () => {
  it('is absent while nothing loads and says "Loading ..." for an ordinary call', () => {
    const { send } = renderOverlay();
    expect(screen.queryByRole('status')).toBeNull();
    send({ type: 'loading.started' });
    expect(screen.getByRole('status').textContent).toBe('Loading ...');
    send({ type: 'loading.finished' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts analytics entries, fewer while socket data is loading', () => {
    const { send } = renderOverlay();
    send({ type: 'loading.started', variant: 'analytics' });
    expect(screen.getByText('Sorting through 250000 Entries')).toBeTruthy();
    expect(screen.getByText('This takes a minute or two...')).toBeTruthy();
    send({ type: 'socketData.loadingChanged', loading: true });
    expect(screen.getByText('Sorting through 150000 Entries')).toBeTruthy();
  });

  it('tells the user more models are being fetched', () => {
    const { send } = renderOverlay();
    send({ type: 'loading.started', variant: 'additionalModels' });
    expect(screen.getByText('Loading additional models... ...')).toBeTruthy();
    expect(screen.getByText('We are fetching more models from the server...')).toBeTruthy();
  });

  it('asks "Taking too long?" after 70 seconds and refreshes the browser on request', async () => {
    vi.useFakeTimers();
    const { send, reloads } = renderOverlay();
    send({ type: 'loading.started' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOO_LONG_LOADING_MS);
    });
    expect(screen.getByRole('dialog', { name: 'Taking too long?' })).toBeTruthy();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Browser' }));
    expect(reloads()).toBe(1);
  });
});
