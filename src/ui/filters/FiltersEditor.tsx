import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { FilterScope } from '../../api/filters';
import {
  FILTER_ELEMENT_TYPES,
  FILTER_PLATFORMS,
  FILTER_PROPERTIES,
  filterPlatformSchema,
  nameMappingSchema,
  type Filter,
} from '../../contract/http/filters';
import type { FilterDraft, MappingDraft } from '../../machines/filters/filtersMachine';
import {
  selectDraft,
  selectFilters,
  selectFiltersBusy,
  selectFiltersError,
  selectFiltersFailed,
  selectFiltersLoading,
  selectPendingDeletion,
  selectProblems,
  selectRecommended,
} from '../../machines/filters/selectors';
import { useFiltersActor, useFiltersEvents, type FiltersActor } from './useFiltersActor';

interface FieldIds {
  field: string;
  problem: string;
}

function scopeKey(scope: FilterScope): string {
  return 'organizationId' in scope ? `organization:${scope.organizationId}` : `model:${scope.modelId}`;
}

const mappingKinds = nameMappingSchema.shape.kind;

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

function summary(filter: Pick<Filter, 'elementTypes' | 'properties' | 'nameMappings'>): string {
  return [
    count(filter.elementTypes.length, 'element type', 'element types'),
    count(filter.properties.length, 'property', 'properties'),
    count(filter.nameMappings.length, 'name mapping', 'name mappings'),
  ].join(', ');
}

/**
 * The filters of an organization or of one model: saved filters, recommended ones, and the editor for one
 * filter (From, To, element types, properties, name mappings). Mounted by /organizations/{id}/settings/filters
 * and by the model's /settings/filters.
 */
export function FiltersEditor({ scope }: { scope: FilterScope }) {
  return <Filters key={scopeKey(scope)} scope={scope} />;
}

function Filters({ scope }: { scope: FilterScope }) {
  const actor = useFiltersActor(scope);
  const editor = useFiltersEvents(actor);
  const loading = useSelector(actor, selectFiltersLoading);
  const failed = useSelector(actor, selectFiltersFailed);
  const draft = useSelector(actor, selectDraft);
  const error = useSelector(actor, selectFiltersError);

  if (loading) {
    return (
      <p className="page__note" role="status">
        Loading filters...
      </p>
    );
  }
  if (failed) {
    return (
      <div className="list-state">
        <p className="form-message form-message--error" role="alert">
          {error ?? 'The filters could not be loaded.'}
        </p>
        <button type="button" onClick={() => editor.retry()}>
          Try again
        </button>
      </div>
    );
  }
  return draft ? <FilterForm actor={actor} draft={draft} /> : <FilterList actor={actor} />;
}

function FilterList({ actor }: { actor: FiltersActor }) {
  const editor = useFiltersEvents(actor);
  const filters = useSelector(actor, selectFilters);
  const recommended = useSelector(actor, selectRecommended);
  const pendingDeletion = useSelector(actor, selectPendingDeletion);
  const busy = useSelector(actor, selectFiltersBusy);
  const error = useSelector(actor, selectFiltersError);

  return (
    <div className="filters">
      <section className="page-section" aria-labelledby="saved-filters-heading">
        <div className="section-heading">
          <h2 id="saved-filters-heading">Filters</h2>
          <button type="button" className="button button--primary" onClick={() => editor.create()}>
            New filter
          </button>
        </div>
        {error !== null && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
        {filters.length === 0 ? (
          <p className="page__note">No filters yet: everything flows between every pair of platforms.</p>
        ) : (
          <ul className="item-list" aria-label="Filters">
            {filters.map((filter) => {
              const label = `${filter.from} to ${filter.to}`;
              return (
                <li key={filter._id} className="item-list__row">
                  <div className="item-list__main">
                    <span className="item-list__title">
                      {filter.from} → {filter.to}
                    </span>
                    <p className="item-list__meta">{summary(filter)}</p>
                  </div>
                  <div className="item-list__aside item-list__actions">
                    {pendingDeletion === filter._id ? (
                      <span className="confirm" role="group" aria-label={`Delete the filter ${label}?`}>
                        <button
                          type="button"
                          className="button button--danger"
                          onClick={() => editor.confirmRemoval()}
                        >
                          Yes, delete
                        </button>
                        <button type="button" onClick={() => editor.cancelRemoval()}>
                          Keep
                        </button>
                      </span>
                    ) : (
                      <>
                        <button
                          type="button"
                          aria-label={`Edit the filter ${label}`}
                          disabled={busy}
                          onClick={() => editor.edit(filter._id)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          aria-label={`Delete the filter ${label}`}
                          disabled={busy || pendingDeletion !== null}
                          onClick={() => editor.remove(filter._id)}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {recommended.length > 0 && (
        <section className="page-section" aria-labelledby="recommended-filters-heading">
          <h2 id="recommended-filters-heading">Recommended</h2>
          <ul className="item-list" aria-label="Recommended filters">
            {recommended.map((filter, index) => (
              <li key={`${filter.from}-${filter.to}`} className="item-list__row">
                <div className="item-list__main">
                  <span className="item-list__title">
                    {filter.from} → {filter.to}
                  </span>
                  <p className="item-list__meta">
                    {filter.reason} ({summary(filter)})
                  </p>
                </div>
                <div className="item-list__aside">
                  <button
                    type="button"
                    aria-label={`Use the recommended filter ${filter.from} to ${filter.to}`}
                    onClick={() => editor.startFromRecommended(index)}
                  >
                    Use
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function FilterForm({ actor, draft }: { actor: FiltersActor; draft: FilterDraft }) {
  const editor = useFiltersEvents(actor);
  const problems = useSelector(actor, selectProblems);
  const busy = useSelector(actor, selectFiltersBusy);
  const error = useSelector(actor, selectFiltersError);
  const fromIds = { field: useId(), problem: useId() };
  const toIds = { field: useId(), problem: useId() };
  const mappingsErrorId = useId();

  const platformSelect = (side: 'from' | 'to', label: string, problem: string | null, ids: FieldIds) => (
    <div className="form__field">
      <label htmlFor={ids.field}>{label}</label>
      <select
        id={ids.field}
        name={side}
        value={draft[side]}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? ids.problem : undefined}
        onChange={(event) => {
          const parsed = filterPlatformSchema.safeParse(event.target.value);
          editor.choosePlatform(side, parsed.success ? parsed.data : '');
        }}
      >
        <option value="">Choose a platform</option>
        {FILTER_PLATFORMS.map((platform) => (
          <option key={platform} value={platform}>
            {platform}
          </option>
        ))}
      </select>
      {problem !== null && (
        <span id={ids.problem} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );

  return (
    <form
      className="card form filter-form"
      aria-label={draft.filterId === null ? 'New filter' : 'Edit filter'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        editor.save();
      }}
    >
      <h2>{draft.filterId === null ? 'New filter' : 'Edit filter'}</h2>
      <div className="filter-form__pair">
        {platformSelect('from', 'From', problems.from, fromIds)}
        {platformSelect('to', 'To', problems.to, toIds)}
      </div>
      <fieldset>
        <legend>Element types that flow</legend>
        <div className="check-grid">
          {FILTER_ELEMENT_TYPES.map((elementType) => (
            <label key={elementType} className="form-check">
              <input
                type="checkbox"
                checked={draft.elementTypes.includes(elementType)}
                onChange={() => editor.toggleElementType(elementType)}
              />
              {elementType}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Properties that flow</legend>
        <div className="check-grid">
          {FILTER_PROPERTIES.map((property) => (
            <label key={property} className="form-check">
              <input
                type="checkbox"
                checked={draft.properties.includes(property)}
                onChange={() => editor.toggleProperty(property)}
              />
              {property}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={problems.nameMappings !== null ? mappingsErrorId : undefined}>
        <legend>Name mappings</legend>
        {draft.nameMappings.length === 0 && (
          <p className="form-hint">
            Names pass unchanged. Map a profile or material name to the other platform’s.
          </p>
        )}
        {draft.nameMappings.map((mapping, index) => (
          <MappingRow key={index} actor={actor} mapping={mapping} index={index} />
        ))}
        {problems.nameMappings !== null && (
          <span id={mappingsErrorId} className="field-error" role="alert">
            {problems.nameMappings}
          </span>
        )}
        <div>
          <button type="button" onClick={() => editor.addMapping()}>
            Add name mapping
          </button>
        </div>
      </fieldset>
      {error !== null && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save filter'}
        </button>
        <button type="button" disabled={busy} onClick={() => editor.cancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function MappingRow({
  actor,
  mapping,
  index,
}: {
  actor: FiltersActor;
  mapping: MappingDraft;
  index: number;
}) {
  const editor = useFiltersEvents(actor);
  const row = index + 1;
  return (
    <div className="mapping-row" role="group" aria-label={`Name mapping ${row}`}>
      <label className="form__field">
        <span>Kind</span>
        <select
          value={mapping.kind}
          onChange={(event) => editor.chooseMappingKind(index, mappingKinds.parse(event.target.value))}
        >
          {mappingKinds.options.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </label>
      <label className="form__field">
        <span>Name in From</span>
        <input
          value={mapping.from}
          onChange={(event) => editor.changeMapping(index, 'from', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Name in To</span>
        <input
          value={mapping.to}
          onChange={(event) => editor.changeMapping(index, 'to', event.target.value)}
        />
      </label>
      <button
        type="button"
        aria-label={`Remove name mapping ${row}`}
        onClick={() => editor.removeMapping(index)}
      >
        Remove
      </button>
    </div>
  );
}
