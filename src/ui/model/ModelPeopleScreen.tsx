import { useSelector } from '@xstate/react';
import { MODEL_ROLES, modelRoleSchema, type Model, type ModelPermission } from '../../contract/http/models';
import {
  selectInviteEmail,
  selectInviteRole,
  selectOrganizationOwnerId,
  selectPeopleBusy,
  selectPeopleError,
  selectPeopleReadOnly,
  selectPermissions,
} from '../../machines/model/formSelectors';
import { selectModel } from '../../machines/model/selectors';
import { useModelPageSelector } from './ModelPageContext';
import {
  useCollaboratorsActor,
  useCollaboratorsEvents,
  type CollaboratorsActor,
  type CollaboratorsEvents,
} from './useCollaboratorsActor';
import { personName, roleLabels } from './versionText';

/** /model/{id}/people: who has which role; ADMINs invite, change roles and remove. */
export function ModelPeopleScreen() {
  const model = useModelPageSelector(selectModel);
  return model && <PeopleForm model={model} />;
}

function PeopleForm({ model }: { model: Model }) {
  const actor = useCollaboratorsActor(model);
  const events = useCollaboratorsEvents(actor);
  const permissions = useSelector(actor, selectPermissions);
  const ownerId = useSelector(actor, selectOrganizationOwnerId);
  const readOnly = useSelector(actor, selectPeopleReadOnly);
  const busy = useSelector(actor, selectPeopleBusy);
  const error = useSelector(actor, selectPeopleError);
  const canChange = !readOnly;

  return (
    <section aria-label="People" className="model-people">
      <h2>People</h2>
      {!canChange && <p className="page__note">Only the model's admins can invite people or change roles.</p>}
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <ul className="people-list card">
        {permissions.map((permission) => (
          <PersonRow
            key={permission.user._id}
            events={events}
            permission={permission}
            isOrganizationOwner={permission.user._id === ownerId}
            editable={canChange}
            busy={busy}
          />
        ))}
      </ul>
      {canChange && <InviteForm actor={actor} events={events} busy={busy} />}
    </section>
  );
}

function PersonRow({
  events,
  permission,
  isOrganizationOwner,
  editable,
  busy,
}: {
  events: CollaboratorsEvents;
  permission: ModelPermission;
  isOrganizationOwner: boolean;
  editable: boolean;
  busy: boolean;
}) {
  const name = personName(permission.user);
  return (
    <li className="people-list__row">
      <span>
        <strong>{name}</strong> <span className="page__note">{permission.user.emailAddress}</span>
      </span>
      {isOrganizationOwner ? (
        <span>{roleLabels[permission.type]} · organization owner</span>
      ) : editable ? (
        <span className="people-list__controls">
          <select
            aria-label={`Role of ${name}`}
            value={permission.type}
            disabled={busy}
            onChange={(event) =>
              events.changeRole(permission.user._id, modelRoleSchema.parse(event.target.value))
            }
          >
            {MODEL_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
          <button type="button" disabled={busy} onClick={() => events.remove(permission.user._id)}>
            Remove {name}
          </button>
        </span>
      ) : (
        <span>{roleLabels[permission.type]}</span>
      )}
    </li>
  );
}

function InviteForm({
  actor,
  events,
  busy,
}: {
  actor: CollaboratorsActor;
  events: CollaboratorsEvents;
  busy: boolean;
}) {
  const emailAddress = useSelector(actor, selectInviteEmail);
  const role = useSelector(actor, selectInviteRole);
  return (
    <form
      className="card form"
      noValidate
      aria-label="Invite someone"
      onSubmit={(event) => {
        event.preventDefault();
        events.invite();
      }}
    >
      <h3>Invite someone</h3>
      <label className="form__field">
        <span>Email address</span>
        <input
          type="email"
          name="emailAddress"
          autoComplete="off"
          value={emailAddress}
          onChange={(event) => events.changeInviteEmail(event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Role</span>
        <select
          name="role"
          value={role}
          onChange={(event) => events.changeInviteRole(modelRoleSchema.parse(event.target.value))}
        >
          {MODEL_ROLES.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving...' : 'Invite'}
      </button>
    </form>
  );
}
