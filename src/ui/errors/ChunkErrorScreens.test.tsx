import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import { lazyScreen, listenForStyleChunkFailures } from '../chunks/chunks';
import { ErrorScreen } from './ErrorScreen';

/** A route whose lazy screen fails to load with `error`, under the app's error screen. */
function renderFailingRoute(load: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorScreen />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ index: true, ...lazyScreen(load, () => () => null) }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

let stopListening: (() => void) | null = null;
afterEach(() => {
  stopListening?.();
  stopListening = null;
});

describe('a lazy screen that does not arrive', () => {
  it('shows the ChunkLoadError screen with a Reload button when its code chunk fails', async () => {
    renderFailingRoute(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/ModelLayout.js')),
    );
    expect(await screen.findByRole('heading', { name: 'ChunkLoadError' })).toBeTruthy();
    expect(screen.getByText(ownMessages.chunkLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows the styles screen when Vite reports that the chunk’s stylesheet failed', async () => {
    stopListening = listenForStyleChunkFailures(window);
    const failure = new Error('Unable to preload CSS for /assets/ModelLayout.css');
    renderFailingRoute(() => {
      // What Vite's preload helper does: announce on window, then reject.
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure });
      window.dispatchEvent(event);
      return Promise.reject(failure);
    });
    expect(await screen.findByRole('heading', { name: 'Styles could not be loaded' })).toBeTruthy();
    expect(screen.getByText(ownMessages.styleChunkLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('trusts Vite’s preload event over the browser’s wording of a failed import', async () => {
    stopListening = listenForStyleChunkFailures(window);
    const failure = new TypeError('Load failed');
    renderFailingRoute(() => {
      window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: failure }));
      return Promise.reject(failure);
    });
    expect(await screen.findByRole('heading', { name: 'ChunkLoadError' })).toBeTruthy();
  });

  it('keeps the generic error screen for a screen whose code arrived and failed', async () => {
    renderFailingRoute(() => Promise.reject(new ReferenceError('screen is not defined')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
