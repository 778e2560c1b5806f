import { toast } from 'react-toastify';

/**
 * A success message that accompanies a change of screen (login, new password). It is a toast because the
 * screen that caused it is gone a moment later; messages about a form that stays are shown inline instead.
 */
export function announceSuccess(message: string): void {
  toast.success(message, { position: 'top-center' });
}
