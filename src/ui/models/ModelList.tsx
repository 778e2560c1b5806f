import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Model } from '../../contract/http/models';
import type { ModelSort } from '../../machines/models/modelListMachine';
import {
  personName,
  selectListError,
  selectListFailed,
  selectListLoading,
  selectModelCount,
  selectSearch,
  selectSort,
  selectVisibleModels,
} from '../../machines/models/selectors';
import { formatDate, relativeAge } from '../format/dates';
import { ModelThumbnail } from './ModelThumbnail';
import { useModelListEvents, type ModelListActor } from './useModelListActor';

const sortOptions: ReadonlyArray<{ value: ModelSort; label: string }> = [
  { value: 'updated', label: 'Last updated' },
  { value: 'name', label: 'Name' },
];

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * A searchable, sortable list of models (thumbnail, versions and reports counts, who updated it and when);
 * each name opens the model's history. `showOrganization` adds the organization for lists that span several.
 */
export function ModelList({
  actor,
  showOrganization = false,
  emptyText,
}: {
  actor: ModelListActor;
  showOrganization?: boolean;
  emptyText: string;
}) {
  const events = useModelListEvents(actor);
  const models = useSelector(actor, selectVisibleModels);
  const total = useSelector(actor, selectModelCount);
  const search = useSelector(actor, selectSearch);
  const sort = useSelector(actor, selectSort);
  const loading = useSelector(actor, selectListLoading);
  const failed = useSelector(actor, selectListFailed);
  const error = useSelector(actor, selectListError);
  const searchId = useId();
  const sortId = useId();

  if (failed) {
    return (
      <div className="list-state">
        <p className="form-message form-message--error" role="alert">
          {error ?? 'The models could not be loaded.'}
        </p>
        <button type="button" onClick={events.reload}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="model-list">
      <div className="toolbar">
        <div className="form__field toolbar__search">
          <label htmlFor={searchId}>Search models</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Model name"
            onChange={(event) => events.search(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => events.sortBy(event.target.value === 'name' ? 'name' : 'updated')}
          >
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {loading && total === 0 ? (
        <p className="page__note" role="status">
          Loading models...
        </p>
      ) : total === 0 ? (
        <p className="page__note">{emptyText}</p>
      ) : models.length === 0 ? (
        <p className="page__note" role="status">
          No model name contains “{search.trim()}”.
        </p>
      ) : (
        <ul className="item-list" aria-label="Models">
          {models.map((model) => (
            <ModelRow key={model._id} model={model} showOrganization={showOrganization} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ModelRow({ model, showOrganization }: { model: Model; showOrganization: boolean }) {
  return (
    <li className="item-list__row">
      <ModelThumbnail name={model.name} image={model.image} />
      <div className="item-list__main">
        <Link className="item-list__title" to={`/model/${model._id}/history`}>
          {model.name}
        </Link>
        <p className="item-list__meta">
          {showOrganization && <span>{model.organization.name} · </span>}
          {model.versionCount !== undefined && (
            <>
              <span>{plural(model.versionCount, 'version')}</span> ·{' '}
            </>
          )}
          <span>{plural(model.reportCount, 'report')}</span>
        </p>
      </div>
      <p className="item-list__aside">
        Updated by {personName(model.updatedBy)}
        <br />
        <time dateTime={model.updatedAt}>{formatDate(model.updatedAt)}</time> ({relativeAge(model.updatedAt)}{' '}
        ago)
      </p>
    </li>
  );
}
