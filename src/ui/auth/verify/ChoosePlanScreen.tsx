import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { billingGatingMachine } from '../../../machines/billing/billingGatingMachine';
import { selectFreeModelLimit } from '../../../machines/billing/gatingSelectors';
import { selectError, selectIsBusy } from '../../../machines/signup/selectors';
import type { Plan } from '../../../machines/signup/types';
import { FormError } from '../FormMessages';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

/** The plans as the billing gating statechart counts them: its free-model limit per organization. */
function plansFor(freeModelLimit: number): { plan: Plan; name: string; description: string }[] {
  return [
    { plan: 'free', name: 'Free', description: `${freeModelLimit} models per organization, at no cost.` },
    {
      plan: 'paid',
      name: 'Pro',
      description: `More than ${freeModelLimit} models. You add a payment method later, in your organization's billing settings.`,
    },
  ];
}

/** /verify/choose-plan: the plan, then the account is created (POST /auth/verify). */
export function ChoosePlanScreen() {
  const selected = useSignupFlowSelector((s) => s.context.plan);
  const error = useSignupFlowSelector(selectError);
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();
  const idPrefix = useId();
  // No organization exists yet: the gating statechart sits in `free` and gives the limit every one starts with.
  const gating = useActorRef(billingGatingMachine, { input: { organizationId: null } });
  const plans = plansFor(useSelector(gating, selectFreeModelLimit));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.createAccount();
  };

  return (
    <main className="auth-screen">
      <h1>Choose your plan</h1>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <fieldset>
          <legend>Plan</legend>
          {plans.map(({ plan, name, description }) => (
            <div key={plan} className="plan-option">
              <input
                id={`${idPrefix}-${plan}`}
                type="radio"
                name="plan"
                value={plan}
                checked={selected === plan}
                aria-describedby={`${idPrefix}-${plan}-description`}
                onChange={() => events.selectPlan(plan)}
              />
              <label htmlFor={`${idPrefix}-${plan}`}>{name}</label>
              <p id={`${idPrefix}-${plan}-description`}>{description}</p>
            </div>
          ))}
        </fieldset>
        <FormError message={error} />
        <button type="button" onClick={events.backToAccountDetails} disabled={busy}>
          Back
        </button>
        <button type="submit" disabled={busy}>
          Create account
        </button>
      </form>
    </main>
  );
}
