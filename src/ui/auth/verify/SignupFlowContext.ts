import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import { signupMachine } from '../../../machines/signup/signupMachine';
import { surveyToggleEvent } from '../../../machines/signup/survey';
import type { CreateAccountField, Plan, SurveyToggleEvent } from '../../../machines/signup/types';

/** The one sign-up flow actor shared by the four /verify sub-screens (VerifyRoutes provides it). */
export const SignupFlowContext = createActorContext(signupMachine);

export const useSignupFlowSelector = SignupFlowContext.useSelector;

/** The user's intents on the verify screens; views call these and never build events themselves. */
export function useSignupFlowEvents() {
  const actorRef = SignupFlowContext.useActorRef();
  return useMemo(
    () => ({
      changeField: (field: CreateAccountField, value: string) =>
        actorRef.send({ type: 'field.change', field, value }),
      submitAccountDetails: () => actorRef.send({ type: 'createAccount.submit' }),
      selectPlan: (plan: Plan) => actorRef.send({ type: 'plan.select', plan }),
      backToAccountDetails: () => actorRef.send({ type: 'choosePlan.back' }),
      createAccount: () => actorRef.send({ type: 'choosePlan.submit' }),
      continueFromPlugins: () => actorRef.send({ type: 'plugins.next' }),
      toggleSurveyAnswer: (question: SurveyToggleEvent['question'], option: string) => {
        const event = surveyToggleEvent(question, option);
        if (event) actorRef.send(event);
      },
      changeSurveyOther: (value: string) => actorRef.send({ type: 'survey.otherChange', value }),
      finishSurvey: () => actorRef.send({ type: 'survey.submit' }),
      skipSurvey: () => actorRef.send({ type: 'survey.skip' }),
    }),
    [actorRef],
  );
}
