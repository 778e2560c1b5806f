import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import { PROPERTY_GROUPS, type ChangeKind, type PropertyGroup } from '../../engine/diff/types';
import { detailLines, type ChangeKindGroup, type RootCauseGroup } from '../../machines/reports/changeList';

export const kindLabels: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  modified: 'Modified',
};

/**
 * A diff as engineers read it: root causes first ('Story L5 and its 312 nodes moved up 2.825 m'), each a
 * collapsible row with the changes it explains; then added, removed, modified (with counts), then per object
 * type, one item per object with its lines in the model's display units. With `onSelect` the items are buttons
 * (the viewer selects them), with `hrefOf` links (a report's lines open the viewer on their change); `activeKey`
 * is marked and scrolled into view, its cause opened.
 */
export function ChangeList({
  groups,
  causes = [],
  activeKey = null,
  onSelect,
  hrefOf,
}: {
  groups: readonly ChangeKindGroup[];
  causes?: readonly RootCauseGroup[];
  activeKey?: string | null;
  onSelect?: (key: string) => void;
  hrefOf?: (key: string) => string;
}) {
  if (groups.length === 0 && causes.length === 0) return <p className="page__note">No changes.</p>;
  return (
    <div className="change-list" data-testid="change-list">
      {causes.length > 0 && (
        <section className="change-list__causes" aria-label={`Root causes (${causes.length})`}>
          <h3>Root causes ({causes.length})</h3>
          {causes.map((cause) => (
            <details
              key={cause.key}
              className="change-list__cause"
              data-testid="root-cause"
              data-key={cause.key}
              open={cause.changes.some((change) => change.key === activeKey) || undefined}
            >
              <summary>
                {cause.text} ({cause.changes.length})
              </summary>
              <ChangeItems
                changes={cause.changes}
                activeKey={activeKey}
                onSelect={onSelect}
                hrefOf={hrefOf}
              />
            </details>
          ))}
        </section>
      )}
      {groups.map((group) => (
        <section
          key={group.kind}
          className={`change-list__kind change-list__kind--${group.kind}`}
          aria-label={`${kindLabels[group.kind]} (${group.count})`}
        >
          <h3>
            <span className={`change-swatch change-swatch--${group.kind}`} aria-hidden="true" />
            {kindLabels[group.kind]} ({group.count})
          </h3>
          {group.types.map((entry) => (
            <div key={entry.type} className="change-list__type">
              <h4>
                {entry.type} ({entry.changes.length})
              </h4>
              <ChangeItems
                changes={entry.changes}
                activeKey={activeKey}
                onSelect={onSelect}
                hrefOf={hrefOf}
              />
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function ChangeItems({
  changes,
  activeKey,
  onSelect,
  hrefOf,
}: {
  changes: readonly DiffViewChangeWire[];
  activeKey: string | null;
  onSelect?: (key: string) => void;
  hrefOf?: (key: string) => string;
}) {
  return (
    <ul>
      {changes.map((change) => (
        <ChangeItem
          key={change.key}
          change={change}
          active={change.key === activeKey}
          onSelect={onSelect}
          hrefOf={hrefOf}
        />
      ))}
    </ul>
  );
}

function ChangeItem({
  change,
  active,
  onSelect,
  hrefOf,
}: {
  change: DiffViewChangeWire;
  active: boolean;
  onSelect?: (key: string) => void;
  hrefOf?: (key: string) => string;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers do.
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const lines = detailLines(change);
  const title =
    change.matchedBy === 'geometry' || change.matchedBy === 'content'
      ? `${change.label} (was ${change.beforeId ?? '?'})`
      : change.label;
  return (
    <li
      ref={ref}
      className={`change-list__item${active ? ' change-list__item--active' : ''}`}
      data-testid="change-item"
      data-key={change.key}
      aria-current={active ? 'true' : undefined}
    >
      {onSelect ? (
        <button type="button" className="change-list__label" onClick={() => onSelect(change.key)}>
          {title}
        </button>
      ) : hrefOf ? (
        <Link className="change-list__label" to={hrefOf(change.key)}>
          {title}
        </Link>
      ) : (
        <span className="change-list__label">{title}</span>
      )}
      {lines.length > 0 && (
        <ul className="change-list__details">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The property-group filter of a change list: all, or one group with its count. */
export function GroupFilter({
  value,
  counts,
  onChange,
}: {
  value: PropertyGroup | null;
  counts: Record<PropertyGroup, number>;
  onChange: (group: PropertyGroup | null) => void;
}) {
  return (
    <label className="change-list__filter">
      Show
      <select
        value={value ?? ''}
        onChange={(event) => {
          const chosen = PROPERTY_GROUPS.find((group) => group === event.target.value);
          onChange(chosen ?? null);
        }}
      >
        <option value="">All changes</option>
        {PROPERTY_GROUPS.map((group) => (
          <option key={group} value={group}>
            {`${group} (${counts[group]})`}
          </option>
        ))}
      </select>
    </label>
  );
}
