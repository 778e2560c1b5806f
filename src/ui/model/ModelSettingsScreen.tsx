import { useSelector } from '@xstate/react';
import { unitsSchema, type Model } from '../../contract/http/models';
import {
  selectSettingsChanged,
  selectSettingsError,
  selectSettingsName,
  selectSettingsReadOnly,
  selectSettingsSaving,
  selectSettingsUnits,
} from '../../machines/model/formSelectors';
import { selectCanViewVersions, selectModel } from '../../machines/model/selectors';
import { CloneModelForm } from './CloneModelForm';
import { ModelPlanSection } from './ModelPlanSection';
import { useModelPageSelector } from './ModelPageContext';
import { useModelSettingsActor, useModelSettingsEvents } from './useModelSettingsActor';

const unitLabels = {
  cm: 'Centimetres (cm)',
  mm: 'Millimetres (mm)',
  m: 'Metres (m)',
  ft: 'Feet (ft)',
  in: 'Inches (in)',
};

/** /model/{id}/settings/settings: rename the model and choose its display units. */
export function ModelSettingsScreen() {
  const model = useModelPageSelector(selectModel);
  const canClone = useModelPageSelector(selectCanViewVersions);
  return (
    model && (
      <>
        <SettingsForm model={model} />
        <ModelPlanSection key={`plan-${model._id}`} model={model} />
        {/* READ and up may clone (the server also wants a creator's role in the target organization). */}
        {canClone && <CloneModelForm key={model._id} model={model} />}
      </>
    )
  );
}

function SettingsForm({ model }: { model: Model }) {
  const actor = useModelSettingsActor(model);
  const events = useModelSettingsEvents(actor);
  const name = useSelector(actor, selectSettingsName);
  const units = useSelector(actor, selectSettingsUnits);
  const error = useSelector(actor, selectSettingsError);
  const readOnly = useSelector(actor, selectSettingsReadOnly);
  const saving = useSelector(actor, selectSettingsSaving);
  const changed = useSelector(actor, selectSettingsChanged);

  return (
    <form
      className="card form"
      noValidate
      aria-label="Model settings"
      onSubmit={(event) => {
        event.preventDefault();
        events.save();
      }}
    >
      {readOnly && <p className="page__note">Only modelers and admins can change the model's settings.</p>}
      <label className="form__field">
        <span>Model name</span>
        <input
          name="name"
          value={name}
          readOnly={readOnly}
          onChange={(event) => events.changeName(event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Units</span>
        <select
          name="units"
          value={units}
          disabled={readOnly}
          onChange={(event) => events.changeUnits(unitsSchema.parse(event.target.value))}
        >
          {unitsSchema.options.map((unit) => (
            <option key={unit} value={unit}>
              {unitLabels[unit]}
            </option>
          ))}
        </select>
      </label>
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <button type="submit" className="button button--primary" disabled={saving || !changed}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      )}
    </form>
  );
}
