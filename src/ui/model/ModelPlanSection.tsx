import { useSelector } from '@xstate/react';
import type { Model } from '../../contract/http/models';
import {
  selectPlan,
  selectPlanEditable,
  selectPlanError,
  selectPlanSaving,
} from '../../machines/model/modelPlanSelectors';
import { useModelPlanActor, useModelPlanEvents } from './useModelPlanActor';

const planText = {
  FREE: 'Free: one of the organization’s three free models.',
  PAID: 'Paid: paid for with the organization’s payment method.',
} as const;

/** The model's plan; its admins make a paid model free (when a free slot is open) or a free one paid. */
export function ModelPlanSection({ model }: { model: Model }) {
  const actor = useModelPlanActor(model);
  const events = useModelPlanEvents(actor);
  const plan = useSelector(actor, selectPlan);
  const editable = useSelector(actor, selectPlanEditable);
  const saving = useSelector(actor, selectPlanSaving);
  const error = useSelector(actor, selectPlanError);

  return (
    <section className="card page-section" aria-labelledby="model-plan-heading">
      <h2 id="model-plan-heading">Plan</h2>
      <p>{planText[plan]}</p>
      {editable && (
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() => events.changePlan(plan === 'PAID' ? 'FREE' : 'PAID')}
        >
          {plan === 'PAID' ? 'Make this model free' : 'Make this model paid'}
        </button>
      )}
      {error !== null && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
