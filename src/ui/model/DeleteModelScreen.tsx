import { useSelector } from '@xstate/react';
import type { Model } from '../../contract/http/models';
import {
  selectDeleteBusy,
  selectDeleteConfirmation,
  selectDeleteError,
  selectDeleteReadOnly,
  selectModelNameToType,
} from '../../machines/model/formSelectors';
import { selectModel } from '../../machines/model/selectors';
import { useModelPageSelector } from './ModelPageContext';
import { useDeleteModelActor, useDeleteModelEvents } from './useDeleteModelActor';

/** /model/{id}/settings/deleteModel: type the model's name, then delete it for everyone. */
export function DeleteModelScreen() {
  const model = useModelPageSelector(selectModel);
  return model && <DeleteForm model={model} />;
}

function DeleteForm({ model }: { model: Model }) {
  const actor = useDeleteModelActor(model);
  const events = useDeleteModelEvents(actor);
  const confirmation = useSelector(actor, selectDeleteConfirmation);
  const error = useSelector(actor, selectDeleteError);
  const readOnly = useSelector(actor, selectDeleteReadOnly);
  const busy = useSelector(actor, selectDeleteBusy);
  const nameToType = useSelector(actor, selectModelNameToType);

  if (readOnly) return <p className="page__note">Only the model's admins can delete it.</p>;
  return (
    <form
      className="card form"
      noValidate
      aria-label="Delete model"
      onSubmit={(event) => {
        event.preventDefault();
        events.deleteModel();
      }}
    >
      <p>
        Deleting the model removes it and all its versions for everyone it is shared with. To confirm, type
        its name: <strong>{nameToType}</strong>
      </p>
      <label className="form__field">
        <span>Model name</span>
        <input
          name="confirmation"
          autoComplete="off"
          value={confirmation}
          onChange={(event) => events.changeConfirmation(event.target.value)}
        />
      </label>
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--danger" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete model'}
      </button>
    </form>
  );
}
