import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ApiToken } from '../../contract/http/apiTokens';
import { API_TOKEN_EXPIRY_CHOICES, type ApiTokenExpiry } from '../../machines/profile/apiTokensMachine';
import { formatDate, relativeAge } from '../format/dates';
import { useApiTokensActor, useApiTokensEvents } from './useApiTokensActor';

const expiryLabels: Record<string, string> = { never: 'Never', 30: '30 days', 90: '90 days', 365: '1 year' };
const expiryKey = (days: ApiTokenExpiry) => (days === null ? 'never' : String(days));

/**
 * "Personal API tokens" on /profile/profile (issue #9): what scripts, Grasshopper and Dynamo sign in with.
 * The list, the one-time secret and the revoke confirmation are apiTokensMachine's; this view only draws them.
 */
export function ApiTokensSection() {
  const actor = useApiTokensActor();
  const intents = useApiTokensEvents(actor);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.hasTag('loadFailed'));
  const creating = useSelector(actor, (snapshot) => snapshot.hasTag('creating'));
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirmingRevoke'));
  const revokingNow = useSelector(actor, (snapshot) => snapshot.hasTag('revokingToken'));
  const errorId = useId();

  return (
    <section className="card form api-tokens" aria-labelledby={`${errorId}-title`}>
      <h2 id={`${errorId}-title`}>Personal API tokens</h2>
      <p className="form-hint">
        Scripts, Grasshopper, Dynamo and CSI API scripts sign in to Gusset with a token instead of your
        password (see the API guide and the Python client in the plugin downloads). A token can do everything
        you can do with your models: give each computer its own and revoke the ones you no longer use.
        Changing or resetting your password revokes every token.
      </p>

      {context.created && (
        <div className="api-tokens__secret" role="status" aria-label="New token">
          <p>
            <strong>Copy the token for “{context.created.name}” now.</strong> Gusset keeps only a fingerprint
            of it and cannot show it again.
          </p>
          <input
            readOnly
            aria-label="New token"
            value={context.created.token}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="upload-panel__actions">
            <button type="button" className="button button--primary" onClick={() => intents.copySecret()}>
              {context.copied ? 'Copied' : 'Copy token'}
            </button>
            <button type="button" className="button" onClick={() => intents.dismissSecret()}>
              I have copied it
            </button>
          </div>
        </div>
      )}

      <form
        aria-label="Create an API token"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          intents.create();
        }}
      >
        <label className="form__field">
          <span>Token name</span>
          <input
            name="tokenName"
            placeholder="e.g. Grasshopper on my laptop"
            maxLength={200}
            value={context.name}
            aria-describedby={context.error !== null ? errorId : undefined}
            onChange={(event) => intents.changeName(event.target.value)}
          />
        </label>
        <label className="form__field">
          <span>Expires</span>
          <select
            name="tokenExpiry"
            value={expiryKey(context.expiresInDays)}
            onChange={(event) => {
              const days = API_TOKEN_EXPIRY_CHOICES.find(
                (choice) => expiryKey(choice) === event.target.value,
              );
              intents.chooseExpiry(days ?? null);
            }}
          >
            {API_TOKEN_EXPIRY_CHOICES.map((choice) => (
              <option key={expiryKey(choice)} value={expiryKey(choice)}>
                {expiryLabels[expiryKey(choice)]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={creating || loading || loadFailed}>
          {creating ? 'Creating...' : 'Create token'}
        </button>
      </form>

      {context.error !== null && (
        <p id={errorId} className="form__error" role="alert">
          {context.error}
        </p>
      )}

      {loading && <p>Loading your tokens...</p>}
      {loadFailed && (
        <p className="form__error" role="alert">
          {context.loadError}{' '}
          <button type="button" className="button" onClick={() => intents.retry()}>
            Try again
          </button>
        </p>
      )}
      {!loading && !loadFailed && (
        <TokenTable tokens={context.tokens} onRevoke={(tokenId) => intents.revoke(tokenId)} />
      )}

      {(confirming || revokingNow) && context.revoking && (
        <div className="card restore-confirmation" role="alertdialog" aria-label="Revoke a token">
          <p>
            Revoke “{context.revoking.name}” ({context.revoking.prefix}…)? Scripts using it stop working at
            once.
          </p>
          <div className="upload-panel__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={revokingNow}
              onClick={() => intents.confirmRevoke()}
            >
              {revokingNow ? 'Revoking...' : 'Revoke'}
            </button>
            <button
              type="button"
              className="button"
              disabled={revokingNow}
              onClick={() => intents.cancelRevoke()}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (tokenId: string) => void }) {
  if (tokens.length === 0) return <p>You have no API tokens.</p>;
  return (
    <table className="viewer-table api-tokens__table">
      <caption>Your API tokens</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Token</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Expires</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token._id}>
            <th scope="row">{token.name}</th>
            <td>
              <code>{token.prefix}…</code>
            </td>
            <td>{formatDate(token.createdAt)}</td>
            <td>{token.lastUsedAt ? `${relativeAge(token.lastUsedAt)} ago` : 'Never'}</td>
            <td>{token.expiresAt ? formatDate(token.expiresAt) : 'Never'}</td>
            <td>
              <button
                type="button"
                className="button"
                aria-label={`Revoke ${token.name}`}
                onClick={() => onRevoke(token._id)}
              >
                Revoke
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
