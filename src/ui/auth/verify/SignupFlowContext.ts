import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';
import type { signupMachine } from '../../../machines/signup/signupMachine';
import { surveyToggleEvent } from '../../../machines/signup/survey';
import type { CreateAccountField, Plan, SurveyToggleEvent } from '../../../machines/signup/types';
import type { VerifyScreen } from '../../../machines/signup/verifyParams';

export type SignupFlowActor = ActorRefFrom<typeof signupMachine>;
type SignupFlowEvent = EventFrom<typeof signupMachine>;

/** The one sign-up flow actor shared by the four /verify sub-screens (SignupFlowFrame provides it). */
export const SignupFlowContext = createContext<SignupFlowActor | null>(null);

export function useSignupFlowActorRef(): SignupFlowActor {
  const actor = useContext(SignupFlowContext);
  if (!actor) throw new Error('useSignupFlowActorRef must be used inside <SignupFlowFrame>');
  return actor;
}

export function useSignupFlowSelector<T>(selector: (snapshot: SnapshotFrom<typeof signupMachine>) => T): T {
  return useSelector(useSignupFlowActorRef(), selector);
}

/** The user's intents on the verify screens; views call these and never build events themselves. */
export function useSignupFlowEvents() {
  const actor = useSignupFlowActorRef();
  return useMemo(() => {
    const send = (event: SignupFlowEvent) => actor.send(event);
    return {
      /** The address bar (a link, back, forward) asks for a sub-screen; the machine may refuse it. */
      openScreen: (screen: VerifyScreen) => send({ type: 'screen.opened', screen }),
      changeField: (field: CreateAccountField, value: string) => send({ type: 'field.change', field, value }),
      submitAccountDetails: () => send({ type: 'createAccount.submit' }),
      selectPlan: (plan: Plan) => send({ type: 'plan.select', plan }),
      backToAccountDetails: () => send({ type: 'choosePlan.back' }),
      createAccount: () => send({ type: 'choosePlan.submit' }),
      continueFromPlugins: () => send({ type: 'plugins.next' }),
      toggleSurveyAnswer: (question: SurveyToggleEvent['question'], option: string) => {
        const event = surveyToggleEvent(question, option);
        if (event) send(event);
      },
      changeSurveyOther: (value: string) => send({ type: 'survey.otherChange', value }),
      finishSurvey: () => send({ type: 'survey.submit' }),
      skipSurvey: () => send({ type: 'survey.skip' }),
    };
  }, [actor]);
}
