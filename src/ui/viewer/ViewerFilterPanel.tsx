import type { FacetEntry } from '../../machines/viewer/sceneFacts';
import {
  selectFacets,
  selectHidden,
  selectIsolatableLevels,
  selectIsolatedLevel,
  selectSearch,
} from '../../machines/viewer/selectors';
import { FILTER_FACETS, type FilterFacet } from '../../machines/viewer/types';
import { SidePanel } from './SidePanel';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

const facetTitles: Record<FilterFacet, string> = {
  types: 'Types',
  levels: 'Levels',
  profiles: 'Profiles',
  materials: 'Materials',
};

const numberFormat = new Intl.NumberFormat('en-US');

/** Which elements are drawn: search, one level alone, and a checklist per type, level, profile and material. */
export function ViewerFilterPanel() {
  const facets = useViewerSelector(selectFacets);
  const search = useViewerSelector(selectSearch);
  const levels = useViewerSelector(selectIsolatableLevels);
  const isolatedLevel = useViewerSelector(selectIsolatedLevel);
  const events = useViewerEvents();

  return (
    <SidePanel panel="filters" className="viewer-panel viewer-filters">
      <label className="form-field">
        Search elements
        <input
          type="search"
          value={search}
          placeholder="Name or id"
          onChange={(event) => events.search(event.target.value)}
        />
      </label>
      <label className="form-field">
        Isolate level
        <select
          value={isolatedLevel ?? ''}
          onChange={(event) => events.isolateLevel(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">All levels</option>
          {levels.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </select>
      </label>
      {facets &&
        FILTER_FACETS.map((facet) =>
          facets[facet].length === 0 ? null : <Checklist key={facet} facet={facet} entries={facets[facet]} />,
        )}
    </SidePanel>
  );
}

function Checklist({ facet, entries }: { facet: FilterFacet; entries: readonly FacetEntry[] }) {
  const hidden = useViewerSelector(selectHidden)[facet];
  const { toggleFilter, showAll } = useViewerEvents();
  const title = facetTitles[facet];
  return (
    <fieldset className="viewer-checklist">
      <legend>{title}</legend>
      {hidden.length > 0 && (
        <button type="button" className="viewer-checklist__all" onClick={() => showAll(facet)}>
          Show all {title.toLowerCase()}
        </button>
      )}
      <ul className="viewer-checklist__items">
        {entries.map((entry) => (
          <li key={entry.value}>
            <label className="form-check">
              <input
                type="checkbox"
                checked={!hidden.includes(entry.value)}
                onChange={() => toggleFilter(facet, entry.value)}
              />
              <span className="viewer-checklist__label">{entry.label}</span>{' '}
              <span className="viewer-checklist__count">({numberFormat.format(entry.count)})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
