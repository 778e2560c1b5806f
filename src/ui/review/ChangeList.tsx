import { useEffect, useId, useMemo, useRef } from 'react';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import type { ChangeKind } from '../../engine/diff/types';
import {
  checkStateOf,
  groupChanges,
  groupsPresent,
  keysOf,
  type CheckState,
} from '../../machines/review/changeSelection';

const kindLabels: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', modified: 'Modified' };

/** Rows drawn per type; the type's box still ticks them all (a 100k-change diff would not render). */
export const ROWS_PER_TYPE = 200;

const countFormat = new Intl.NumberFormat('en-US');

/** A checkbox that shows 'some' as indeterminate; ticking it ticks everything it covers. */
function CategoryCheckbox({
  state,
  label,
  disabled,
  onChange,
}: {
  state: CheckState;
  label: string;
  disabled: boolean;
  onChange: (selected: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="form-check change-list__category">
      <input
        ref={ref}
        type="checkbox"
        checked={state === 'all'}
        aria-checked={state === 'some' ? 'mixed' : state === 'all'}
        disabled={disabled}
        onChange={() => onChange(state !== 'all')}
      />
      <span>{label}</span>
    </label>
  );
}

export interface ChangeListProps {
  /** The accessible name of the list ('Changes in this upload'). */
  label: string;
  changes: readonly DiffViewChangeWire[];
  selected: ReadonlySet<string>;
  onSet: (keys: string[], selected: boolean) => void;
  onAll: () => void;
  onNone: () => void;
  /** data-testid of each change's checkbox, with its key in data-key. */
  changeTestId: string;
  disabled?: boolean;
}

/**
 * A diff as a list to pick from: grouped by kind, then type, each change with its lines in display units
 * ('Profile: W12X26 → W14X30'); boxes per change, per type, per kind and per property group; select all or none.
 */
export function ChangeList(props: ChangeListProps) {
  const { changes, selected, onSet, disabled = false } = props;
  const grouped = useMemo(() => groupChanges(changes), [changes]);
  const groups = useMemo(() => groupsPresent(changes), [changes]);
  const headingId = useId();
  const count = selected.size;

  return (
    <section className="change-list" aria-labelledby={headingId}>
      <div className="change-list__toolbar">
        <h2 id={headingId}>{props.label}</h2>
        <p role="status" className="change-list__count">
          {countFormat.format(count)} of {countFormat.format(changes.length)} changes selected
        </p>
        <button type="button" onClick={props.onAll} disabled={disabled}>
          Select all
        </button>
        <button type="button" onClick={props.onNone} disabled={disabled}>
          Select none
        </button>
      </div>
      {groups.length > 0 && (
        <fieldset className="change-list__groups">
          <legend>Modified properties</legend>
          {groups.map((group) => {
            const keys = keysOf(changes, { group });
            return (
              <CategoryCheckbox
                key={group}
                state={checkStateOf(selected, keys)}
                label={`${group} (${countFormat.format(keys.length)})`}
                disabled={disabled}
                onChange={(on) => onSet(keys, on)}
              />
            );
          })}
        </fieldset>
      )}
      {changes.length === 0 && <p className="page__note">No changes.</p>}
      {grouped.map((kindGroup) => {
        const kindKeys = keysOf(changes, { kind: kindGroup.kind });
        return (
          <section key={kindGroup.kind} className="change-list__kind" aria-label={kindLabels[kindGroup.kind]}>
            <h3>
              <CategoryCheckbox
                state={checkStateOf(selected, kindKeys)}
                label={`${kindLabels[kindGroup.kind]} (${countFormat.format(kindGroup.count)})`}
                disabled={disabled}
                onChange={(on) => onSet(kindKeys, on)}
              />
            </h3>
            {kindGroup.types.map((typeGroup) => {
              const typeKeys = typeGroup.changes.map((change) => change.key);
              const hidden = typeGroup.changes.length - ROWS_PER_TYPE;
              return (
                <div key={typeGroup.type} className="change-list__type">
                  <h4>
                    <CategoryCheckbox
                      state={checkStateOf(selected, typeKeys)}
                      label={`${typeGroup.type} (${countFormat.format(typeGroup.changes.length)})`}
                      disabled={disabled}
                      onChange={(on) => onSet(typeKeys, on)}
                    />
                  </h4>
                  <ul className="change-list__items">
                    {typeGroup.changes.slice(0, ROWS_PER_TYPE).map((change) => (
                      <ChangeRow
                        key={change.key}
                        change={change}
                        checked={selected.has(change.key)}
                        disabled={disabled}
                        testId={props.changeTestId}
                        onChange={(on) => onSet([change.key], on)}
                      />
                    ))}
                  </ul>
                  {hidden > 0 && (
                    <p className="page__note">
                      And {countFormat.format(hidden)} more {typeGroup.type} changes, ticked with the box
                      above.
                    </p>
                  )}
                </div>
              );
            })}
          </section>
        );
      })}
    </section>
  );
}

function ChangeRow({
  change,
  checked,
  disabled,
  testId,
  onChange,
}: {
  change: DiffViewChangeWire;
  checked: boolean;
  disabled: boolean;
  testId: string;
  onChange: (selected: boolean) => void;
}) {
  const matched =
    change.matchedBy !== 'id' && change.matchedBy !== null && change.beforeId !== null
      ? ` (was ${change.beforeId})`
      : '';
  return (
    <li className="change-list__item">
      <label className="form-check">
        <input
          type="checkbox"
          data-testid={testId}
          data-key={change.key}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {change.label}
          {matched}
        </span>
      </label>
      {change.details.length > 0 && (
        <ul className="change-list__details">
          {change.details.map((detail) => (
            <li key={`${detail.group}:${detail.path}`}>{detail.text}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
