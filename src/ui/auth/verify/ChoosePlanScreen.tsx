import type { FormEvent } from 'react';
import { useId } from 'react';
import { selectError, selectIsBusy } from '../../../machines/signup/selectors';
import type { Plan } from '../../../machines/signup/types';
import { FormError } from '../FormMessages';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

const plans: { plan: Plan; name: string; description: string }[] = [
  { plan: 'free', name: 'Free', description: 'Three models per organization, at no cost.' },
  {
    plan: 'paid',
    name: 'Pro',
    description:
      "More than three models. You add a payment method later, in your organization's billing settings.",
  },
];

/** /verify/choose-plan: the plan, then the account is created (POST /auth/verify). */
export function ChoosePlanScreen() {
  const selected = useSignupFlowSelector((s) => s.context.plan);
  const error = useSignupFlowSelector(selectError);
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();
  const idPrefix = useId();

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
