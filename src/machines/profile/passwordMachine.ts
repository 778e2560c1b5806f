import { assign, fromPromise, setup } from 'xstate';
import type { HttpClient } from '../../api/types';
import { changePassword } from '../../api/users';
import { messages, ownMessages } from '../../contract/errors';
import type { ChangePasswordBody } from '../../contract/http/users';
import { validateNewPassword } from '../auth/validation';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { formMessageOf, unwrap } from '../model/failure';

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export type PasswordEvent =
  { type: 'password.field'; field: PasswordField; value: string } | { type: 'password.submit' };

export interface PasswordContext {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The first rule the form breaks, or the server's message ('Current password is incorrect'). */
  error: string | null;
}

export type PasswordTag = 'editable' | 'saving';

/** The change-password form's first problem, or null when it may be sent. */
export function passwordFormProblem(context: PasswordContext): string | null {
  if (context.currentPassword.length === 0) return messages.fillOutForm;
  return validateNewPassword(context.newPassword, context.confirmPassword);
}

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '', error: null };

/**
 * The password part of /profile/profile: PUT /api/users/password with the current and the new password (spec
 * section 5's rule, checked here first). The server ends the user's other sessions and keeps this one; the
 * fields are cleared once it is done.
 */
export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    tags: {} as PasswordTag,
  },
  actors: {
    /** Rejects with CallFailed (model/failure.ts) when the server refuses. */
    changePassword: promisePlaceholder<unknown, ChangePasswordBody>('changePassword'),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
  },
  guards: {
    formIsValid: ({ context }) => passwordFormProblem(context) === null,
  },
}).createMachine({
  id: 'password',
  context: emptyForm,
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'password.field': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'password.submit': [
          { guard: 'formIsValid', target: 'saving' },
          { actions: assign(({ context }) => ({ error: passwordFormProblem(context) })) },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          newPassword: context.newPassword,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(emptyForm),
            { type: 'announceSuccess', params: { message: ownMessages.passwordChanged } },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: formMessageOf(event.error) })),
        },
      },
    },
  },
});

export function createPasswordImplementations(ports: {
  http: HttpClient;
  announce: (message: string) => void;
}) {
  return {
    actors: {
      changePassword: fromPromise<unknown, ChangePasswordBody>(async ({ input }) =>
        unwrap(await changePassword(ports.http, input)),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => ports.announce(params.message),
    },
  };
}
