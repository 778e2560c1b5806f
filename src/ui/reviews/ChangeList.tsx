import { useEffect, useId, useMemo, useRef } from 'react';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import type { ChangeKind, PropertyGroup } from '../../engine/diff/types';
import {
  checkStateOf,
  groupChanges,
  groupsPresent,
  isSplit,
  itemsOfChange,
  keysOf,
  partItem,
  selectedChangeCount,
  type ByProperty,
  type CheckState,
} from '../../machines/reviews/changeSelection';

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
  /**
   * data-testid of each change's checkbox, with its key in data-key; a property group's box (ticked by property)
   * has `${changeTestId}-part` with data-key and data-group.
   */
  changeTestId: string;
  disabled?: boolean;
  /** Tick a change's property groups one by one (all changes, or those a rule names); the selection holds their items. */
  byProperty?: ByProperty;
}

/**
 * A diff as a list to pick from: grouped by kind, then type, each change with its lines in display units
 * ('Profile: W12X26 → W14X30'); boxes per change, per type, per kind and per property group; select all or none.
 */
export function ChangeList(props: ChangeListProps) {
  const { changes, selected, onSet, disabled = false, byProperty = false } = props;
  const grouped = useMemo(() => groupChanges(changes), [changes]);
  const groups = useMemo(() => groupsPresent(changes), [changes]);
  const anySplit = useMemo(
    () => changes.some((change) => isSplit(change, byProperty)),
    [changes, byProperty],
  );
  const headingId = useId();
  const count = selectedChangeCount(selected, changes, byProperty);

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
          {anySplit && (
            <p className="page__note change-list__parts-note">
              Each property of a change is taken on its own: a beam&apos;s new section does not need its move.
              A section or material it names that is new comes with it, and a member&apos;s move brings its
              nodes&apos; moves.
            </p>
          )}
          {groups.map((group) => {
            const keys = keysOf(changes, { group }, byProperty);
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
        const kindKeys = keysOf(changes, { kind: kindGroup.kind }, byProperty);
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
              const typeKeys = typeGroup.changes.flatMap((change) => itemsOfChange(change, byProperty));
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
                        selected={selected}
                        byProperty={byProperty}
                        disabled={disabled}
                        testId={props.changeTestId}
                        onSet={onSet}
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
  selected,
  byProperty,
  disabled,
  testId,
  onSet,
}: {
  change: DiffViewChangeWire;
  selected: ReadonlySet<string>;
  byProperty: ByProperty;
  disabled: boolean;
  testId: string;
  onSet: (keys: string[], selected: boolean) => void;
}) {
  const matched =
    change.matchedBy !== 'id' && change.matchedBy !== null && change.beforeId !== null
      ? ` (was ${change.beforeId})`
      : '';
  const items = itemsOfChange(change, byProperty);
  const state = checkStateOf(selected, items);
  const split = isSplit(change, byProperty);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <li className="change-list__item">
      <label className="form-check">
        <input
          ref={ref}
          type="checkbox"
          data-testid={testId}
          data-key={change.key}
          checked={state === 'all'}
          aria-checked={state === 'some' ? 'mixed' : state === 'all'}
          disabled={disabled}
          onChange={() => onSet(items, state !== 'all')}
        />
        <span>
          {change.label}
          {matched}
        </span>
      </label>
      {split ? (
        <ul className="change-list__parts" aria-label={`Properties of ${change.label}`}>
          {change.groups.map((group) => (
            <PartRow
              key={group}
              change={change}
              group={group}
              checked={selected.has(partItem(change.key, group))}
              disabled={disabled}
              testId={`${testId}-part`}
              onChange={(on) => onSet([partItem(change.key, group)], on)}
            />
          ))}
          {state === 'some' && (
            <li className="page__note change-list__kept">
              Left as it was:{' '}
              {change.groups.filter((group) => !selected.has(partItem(change.key, group))).join(', ')}.
            </li>
          )}
        </ul>
      ) : (
        change.details.length > 0 && (
          <ul className="change-list__details">
            {change.details.map((detail) => (
              <li key={`${detail.group}:${detail.path}`}>{detail.text}</li>
            ))}
          </ul>
        )
      )}
    </li>
  );
}

/** One property group of a change ticked by property, with its lines. */
function PartRow({
  change,
  group,
  checked,
  disabled,
  testId,
  onChange,
}: {
  change: DiffViewChangeWire;
  group: PropertyGroup;
  checked: boolean;
  disabled: boolean;
  testId: string;
  onChange: (selected: boolean) => void;
}) {
  const lines = change.details.filter((detail) => detail.group === group);
  return (
    <li className="change-list__part">
      <label className="form-check">
        <input
          type="checkbox"
          data-testid={testId}
          data-key={change.key}
          data-group={group}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{group}</span>
      </label>
      {lines.length > 0 && (
        <ul className="change-list__details">
          {lines.map((detail) => (
            <li key={detail.path}>{detail.text}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
