import type { PublicUser } from '../../contract/http/users';
import { personDisplayName } from '../../machines/organizations/organizationSelectors';

/**
 * The billing administrator field of the details and billing pages. The owner is the first candidate and the
 * default: its option's value '' gives the role back to them.
 */
export function BillingAdministratorSelect(props: {
  candidates: readonly PublicUser[];
  value: string;
  disabled: boolean;
  hint?: string;
  onChange: (userId: string) => void;
}) {
  return (
    <label className="form__field">
      <span>Billing administrator</span>
      <select
        name="billingAdministratorId"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.candidates.map((user, index) => (
          <option key={user._id} value={index === 0 ? '' : user._id}>
            {personDisplayName(user)}
            {index === 0 ? ' (owner)' : ''}
          </option>
        ))}
      </select>
      {props.hint !== undefined && <span className="form-hint">{props.hint}</span>}
    </label>
  );
}
