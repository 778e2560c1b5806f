import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyRealtimeWithToast, notifyWithToast } from './browserPorts';
import { Toasts } from './Toasts';

describe('the toasts', () => {
  it('shows a realtime info toast top-right with the realtime defaults, apart from session toasts', async () => {
    render(<Toasts />);
    act(() => {
      notifyRealtimeWithToast('Grace Hopper added version 3 of a model.');
      notifyWithToast('error', 'Your session has expired');
    });

    const live = await screen.findByRole('region', { name: 'Live updates' });
    const toast = await within(live).findByText('Grace Hopper added version 3 of a model.');
    expect(toast.closest('.Toastify__toast-container')?.className).toContain('--top-right');
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--info');
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast-theme--light');
    // Auto-closes after 5 s: its timer bar runs for 5000 ms.
    const timer = live.querySelector('[role="progressbar"]') as HTMLElement | null;
    expect(timer?.style.animationDuration).toBe('5000ms');

    const session = await screen.findByText('Your session has expired');
    expect(session.closest('.Toastify__toast-container')?.className).toContain('--top-center');
    expect(within(live).queryByText('Your session has expired')).toBeNull();
  });
});
