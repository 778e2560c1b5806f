import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { organizationRoleSchema, type OrganizationRole } from '../../contract/http/organizations';
import { personDisplayName, type PersonRow } from '../../machines/organizations/organizationSelectors';
import {
  selectAsksForNames,
  selectCanManagePeople,
  selectInvite,
  selectInviteError,
  selectInviteNotice,
  selectPeopleActionError,
  selectPeopleBusy,
  selectPeopleFailed,
  selectPeopleLoadError,
  selectPeopleLoading,
  selectPeopleRows,
  selectPendingRemoval,
} from '../../machines/organizations/peopleSelectors';
import { useOrganizationId } from './OrganizationLayout';
import { usePeopleActor, usePeopleEvents, type PeopleActor } from './usePeopleActor';

const roleLabels: Record<PersonRow['role'], string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
  BILLING: 'Billing administrator',
};

/** /organizations/{id}/people */
export function OrganizationPeopleScreen() {
  const organizationId = useOrganizationId();
  return <OrganizationPeople key={organizationId} organizationId={organizationId} />;
}

function OrganizationPeople({ organizationId }: { organizationId: string }) {
  const actor = usePeopleActor(organizationId);
  const people = usePeopleEvents(actor);
  const loading = useSelector(actor, selectPeopleLoading);
  const failed = useSelector(actor, selectPeopleFailed);
  const loadError = useSelector(actor, selectPeopleLoadError);
  const canManage = useSelector(actor, selectCanManagePeople);

  return (
    <main className="page">
      <h1>People</h1>
      {loading && (
        <p className="page__note" role="status">
          Loading people...
        </p>
      )}
      {failed && (
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {loadError ?? 'The people of this organization could not be loaded.'}
          </p>
          <button type="button" onClick={() => people.retry()}>
            Try again
          </button>
        </div>
      )}
      {!loading && !failed && (
        <>
          {canManage && <InviteForm actor={actor} />}
          <PeopleList actor={actor} canManage={canManage} />
        </>
      )}
    </main>
  );
}

function InviteForm({ actor }: { actor: PeopleActor }) {
  const people = usePeopleEvents(actor);
  const invite = useSelector(actor, selectInvite);
  const error = useSelector(actor, selectInviteError);
  const notice = useSelector(actor, selectInviteNotice);
  const asksForNames = useSelector(actor, selectAsksForNames);
  const busy = useSelector(actor, selectPeopleBusy);
  const errorId = useId();

  return (
    <section className="card page-section" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form
        className="inline-form"
        aria-label="Invite someone"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          people.invite();
        }}
      >
        <label className="form__field">
          <span>Email address</span>
          <input
            type="email"
            name="emailAddress"
            autoComplete="off"
            value={invite.emailAddress}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(event) => people.changeInvite('emailAddress', event.target.value)}
          />
        </label>
        <label className="form__field">
          <span>Role</span>
          <select
            name="role"
            value={invite.role}
            onChange={(event) => people.chooseInviteRole(organizationRoleSchema.parse(event.target.value))}
          >
            {organizationRoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        </label>
        {asksForNames && (
          <>
            {notice !== null && (
              <p className="form-message form-message--notice inline-form__message" role="status">
                {notice}
              </p>
            )}
            <label className="form__field">
              <span>First name</span>
              <input
                name="firstName"
                value={invite.firstName}
                onChange={(event) => people.changeInvite('firstName', event.target.value)}
              />
            </label>
            <label className="form__field">
              <span>Last name</span>
              <input
                name="lastName"
                value={invite.lastName}
                onChange={(event) => people.changeInvite('lastName', event.target.value)}
              />
            </label>
          </>
        )}
        <div className="inline-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {asksForNames ? 'Send invitation' : 'Invite'}
          </button>
          {asksForNames && (
            <button type="button" onClick={() => people.cancelInvite()}>
              Cancel
            </button>
          )}
        </div>
        {error !== null && (
          <p id={errorId} className="form-message form-message--error inline-form__message" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function PeopleList({ actor, canManage }: { actor: PeopleActor; canManage: boolean }) {
  const people = usePeopleEvents(actor);
  const rows = useSelector(actor, selectPeopleRows);
  const busy = useSelector(actor, selectPeopleBusy);
  const actionError = useSelector(actor, selectPeopleActionError);
  const pendingRemoval = useSelector(actor, selectPendingRemoval);

  return (
    <section className="page-section" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {actionError !== null && (
        <p className="form-message form-message--error" role="alert">
          {actionError}
        </p>
      )}
      <ul className="item-list" aria-label="Members">
        {rows.map((row) => {
          const name = personDisplayName(row.user);
          const editable = canManage && (row.role === 'ADMIN' || row.role === 'MEMBER');
          return (
            <li key={row.user._id} className="item-list__row">
              <span className="avatar avatar--initials" aria-hidden="true">
                {row.user.initials}
              </span>
              <div className="item-list__main">
                <span className="item-list__title">{name}</span>
                <p className="item-list__meta">
                  {row.user.emailAddress}
                  {row.pending && <span className="badge">Pending</span>}
                  {row.isBillingAdministrator && row.role !== 'BILLING' && (
                    <span className="badge badge--muted">Billing administrator</span>
                  )}
                </p>
              </div>
              <div className="item-list__aside item-list__actions">
                {editable ? (
                  <RoleSelect
                    name={name}
                    role={row.role === 'ADMIN' ? 'ADMIN' : 'MEMBER'}
                    disabled={busy}
                    onChange={(role) => people.changeRole(row.user._id, role)}
                  />
                ) : (
                  <span>{roleLabels[row.role]}</span>
                )}
                {editable &&
                  (pendingRemoval === row.user._id ? (
                    <span className="confirm" role="group" aria-label={`Remove ${name}?`}>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => people.confirmRemoval()}
                      >
                        Yes, remove
                      </button>
                      <button type="button" onClick={() => people.cancelRemoval()}>
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      disabled={busy || pendingRemoval !== null}
                      onClick={() => people.remove(row.user._id)}
                    >
                      Remove
                    </button>
                  ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RoleSelect({
  name,
  role,
  disabled,
  onChange,
}: {
  name: string;
  role: OrganizationRole;
  disabled: boolean;
  onChange: (role: OrganizationRole) => void;
}) {
  return (
    <select
      aria-label={`Role of ${name}`}
      value={role}
      disabled={disabled}
      onChange={(event) => onChange(organizationRoleSchema.parse(event.target.value))}
    >
      {organizationRoleSchema.options.map((option) => (
        <option key={option} value={option}>
          {roleLabels[option]}
        </option>
      ))}
    </select>
  );
}
