import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { selectFreeModelLimit, selectPlanPrices } from '../../../machines/billing/gatingSelectors';
import { selectError, selectIsBusy } from '../../../machines/signup/selectors';
import type { Plan } from '../../../machines/signup/types';
import { useBillingGatingLogic } from '../../billing/useBillingGating';
import { paidModelPriceText } from '../../billing/billingText';
import { FormError } from '../FormMessages';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

type OfferedPrices = ReturnType<typeof selectPlanPrices>;

/** 'Each further model: $25.00 per month or $250.00 per year (Test mode).' or null without prices. */
export function paidPlanPriceText(offered: OfferedPrices): string | null {
  if (!offered) return null;
  const texts = [offered.prices.monthly, offered.prices.annual]
    .map((price) => paidModelPriceText(price, false))
    .filter((text): text is string => text !== null);
  if (texts.length === 0) return null;
  return `Each further model: ${texts.join(' or ')}${offered.testMode ? ' (Test mode)' : ''}.`;
}

/** The plans as the billing gating statechart counts them: its free-model limit per organization, and prices. */
function plansFor(
  freeModelLimit: number,
  offered: OfferedPrices,
): { plan: Plan; name: string; description: string }[] {
  const price = paidPlanPriceText(offered);
  return [
    { plan: 'free', name: 'Free', description: `${freeModelLimit} models per organization, at no cost.` },
    {
      plan: 'paid',
      name: 'Pro',
      description: `More than ${freeModelLimit} models.${price ? ` ${price}` : ''} You add a payment method later, in your organization's billing settings.`,
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
  // No organization exists yet: the gating statechart gives the limit every one starts with and the provider's
  // prices (GET /stripe/config is public).
  const { gatingLogic } = useBillingGatingLogic();
  const gating = useActorRef(gatingLogic, { input: { organizationId: null, offerPlans: true } });
  const plans = plansFor(useSelector(gating, selectFreeModelLimit), useSelector(gating, selectPlanPrices));

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
