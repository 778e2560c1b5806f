import { assign, fromPromise, setup } from 'xstate';
import { verify } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { updateProfile, updateUserState } from '../../api/users';
import { messages } from '../../contract/errors';
import type { VerifyBody } from '../../contract/http/auth';
import type { SessionResponse, Survey, UserState } from '../../contract/http/users';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { validateCreateAccountForm } from '../auth/validation';
import { emptySurvey, toggleSurveyAnswer, toStoredSurvey } from './survey';
import type { SignupContext, SignupEvent, SignupInput, SignupTag, StartSignupSessionParams } from './types';
import type { VerifyScreen } from './verifyParams';

export interface SaveUserStateInput {
  userId: string;
  state: UserState;
}

/** The sign-up/verify flow: create-account → choose-plan → download-plugins → survey (spec section 2). */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    tags: {} as SignupTag,
  },
  actors: {
    createAccount: promisePlaceholder<ApiResult<SessionResponse>, VerifyBody>('createAccount'),
    saveUserState: promisePlaceholder<ApiResult<unknown>, SaveUserStateInput>('saveUserState'),
    saveSurvey: promisePlaceholder<ApiResult<unknown>, Survey>('saveSurvey'),
  },
  actions: {
    /** Sends the session's `started` with the sign-up process flag set. */
    startSession: (_, _params: StartSignupSessionParams) => {
      throw unboundImplementation('startSession');
    },
    /** Clears the session's sign-up process flag. */
    finishSignup: () => {
      throw unboundImplementation('finishSignup');
    },
    openDashboard: () => {
      throw unboundImplementation('openDashboard');
    },
  },
  guards: {
    isResumingAfterAccountCreated: ({ context }) => context.user !== null,
    hasLink: ({ context }) => context.link !== null,
    isCreateAccountFormInvalid: ({ context }) => validateCreateAccountForm(context) !== null,
    opensScreen: ({ event }, params: { screen: VerifyScreen }) =>
      event.type === 'screen.opened' && event.screen === params.screen,
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    link: input.link,
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
    // Free is preselected on choose-plan; a resumed flow did not see choose-plan, so its plan is unknown.
    plan: input.resumingUser ? null : 'free',
    user: input.resumingUser,
    survey: emptySurvey,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isResumingAfterAccountCreated', target: 'downloadPlugins.ready' },
        { guard: 'hasLink', target: 'createAccount' },
        { target: 'linkMissing' },
      ],
    },
    // Only the mailed link proves the mailbox; without it there is nothing to create an account with.
    linkMissing: { tags: ['createAccount', 'linkMissing'] },
    createAccount: {
      tags: ['createAccount'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, error: null })),
        },
        'createAccount.submit': [
          {
            guard: 'isCreateAccountFormInvalid',
            actions: assign({ error: ({ context }) => validateCreateAccountForm(context) }),
          },
          { target: 'choosePlan', actions: assign({ error: null }) },
        ],
      },
    },
    choosePlan: {
      tags: ['choosePlan'],
      on: {
        'plan.select': { actions: assign({ plan: ({ event }) => event.plan, error: null }) },
        'choosePlan.back': { target: 'createAccount', actions: assign({ error: null }) },
        'screen.opened': {
          guard: { type: 'opensScreen', params: { screen: 'createAccount' } },
          target: 'createAccount',
          actions: assign({ error: null }),
        },
        'choosePlan.submit': { target: 'creatingAccount', actions: assign({ error: null }) },
      },
    },
    creatingAccount: {
      tags: ['choosePlan', 'busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => ({
          // Present by construction: createAccount is entered only when the link exists.
          resetToken: context.link?.resetToken ?? '',
          emailAddress: context.link?.emailAddress ?? '',
          firstName: context.firstName.trim(),
          lastName: context.lastName.trim(),
          password: context.password,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'downloadPlugins',
            actions: [
              assign({
                user: ({ event }) => (event.output.ok ? event.output.data.user : null),
                password: '',
                confirmPassword: '',
              }),
              {
                type: 'startSession',
                params: ({ event }) => {
                  if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                  return { token: event.output.data.token, user: event.output.data.user };
                },
              },
            ],
          },
          {
            // 409 (the address has an account) and 400 (the link is spent or wrong) keep the user here with
            // the server's message; the form data stays so a retry costs nothing.
            target: 'choosePlan',
            actions: assign({
              error: ({ event }) =>
                event.output.ok ? null : (failureMessage(event.output) ?? messages.signupFailed),
            }),
          },
        ],
        onError: { target: 'choosePlan', actions: assign({ error: messages.signupFailed }) },
      },
    },
    downloadPlugins: {
      tags: ['downloadPlugins'],
      initial: 'savingPlan',
      states: {
        // The screen changes as soon as the session exists, so a token holder never sits on choose-plan.
        savingPlan: {
          tags: ['busy'],
          invoke: {
            id: 'savePlan',
            src: 'saveUserState',
            input: ({ context }) => ({
              userId: context.user?._id ?? '',
              state: { plan: context.plan ?? 'free' },
            }),
            // A plan that failed to save is saved again with signupCompleted at the end of the survey.
            onDone: 'ready',
            onError: 'ready',
          },
        },
        ready: {
          on: {
            'plugins.next': '#signup.survey',
            'screen.opened': {
              guard: { type: 'opensScreen', params: { screen: 'survey' } },
              target: '#signup.survey',
            },
          },
        },
      },
    },
    survey: {
      tags: ['survey'],
      on: {
        'survey.toggle': {
          actions: assign({
            survey: ({ context, event }) => toggleSurveyAnswer(context.survey, event),
            error: null,
          }),
        },
        'survey.otherChange': {
          actions: assign({ survey: ({ context, event }) => ({ ...context.survey, other: event.value }) }),
        },
        'survey.submit': { target: 'savingSurvey', actions: assign({ error: null }) },
        'survey.skip': { target: 'completing', actions: assign({ error: null }) },
        'screen.opened': {
          guard: { type: 'opensScreen', params: { screen: 'downloadPlugins' } },
          target: 'downloadPlugins.ready',
        },
      },
    },
    savingSurvey: {
      tags: ['survey', 'busy'],
      invoke: {
        id: 'saveSurvey',
        src: 'saveSurvey',
        input: ({ context }) => toStoredSurvey(context.survey),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'completing' },
          {
            target: 'survey',
            actions: assign({
              error: ({ event }) => (event.output.ok ? null : failureMessage(event.output)),
            }),
          },
        ],
        onError: { target: 'survey', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    completing: {
      tags: ['survey', 'busy'],
      invoke: {
        id: 'completeSignup',
        src: 'saveUserState',
        input: ({ context }) => ({
          userId: context.user?._id ?? '',
          // The plan travels again in case its first save failed; a resumed flow does not know it.
          state: context.plan ? { plan: context.plan, signupCompleted: true } : { signupCompleted: true },
        }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'finished' },
          {
            target: 'survey',
            actions: assign({
              error: ({ event }) => (event.output.ok ? null : failureMessage(event.output)),
            }),
          },
        ],
        onError: { target: 'survey', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    finished: {
      type: 'final',
      tags: ['finished'],
      entry: ['finishSignup', 'openDashboard'],
    },
  },
});

export interface SignupDependencies {
  http: HttpClient;
  /** The session's `started` with signupInProgress: true. */
  startSession: (params: StartSignupSessionParams) => void;
  finishSignup: () => void;
  openDashboard: () => void;
}

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createSignupImplementations(deps: SignupDependencies) {
  return {
    actors: {
      createAccount: fromPromise<ApiResult<SessionResponse>, VerifyBody>(({ input }) =>
        verify(deps.http, input),
      ),
      saveUserState: fromPromise<ApiResult<unknown>, SaveUserStateInput>(({ input }) =>
        updateUserState(deps.http, input.userId, input.state),
      ),
      saveSurvey: fromPromise<ApiResult<unknown>, Survey>(({ input }) =>
        updateProfile(deps.http, { survey: input }),
      ),
    },
    actions: {
      startSession: (_: unknown, params: StartSignupSessionParams) => deps.startSession(params),
      finishSignup: () => deps.finishSignup(),
      openDashboard: () => deps.openDashboard(),
    },
  };
}
