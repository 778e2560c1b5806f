import {
  selectActiveChangeKey,
  selectChangeGroupFilter,
  selectChangeList,
  selectCompareBar,
  selectGroupCounts,
  selectRootCauses,
} from '../../machines/viewer/selectors';
import { ChangeList, GroupFilter } from '../reports/ChangeList';
import { SidePanel } from './SidePanel';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

/** Diff mode's change list: the diff's status while it is computed, then the changes, which select in 3-D. */
export function ChangeListPanel() {
  const bar = useViewerSelector(selectCompareBar);
  const groups = useViewerSelector(selectChangeList);
  const causes = useViewerSelector(selectRootCauses);
  const counts = useViewerSelector(selectGroupCounts);
  const group = useViewerSelector(selectChangeGroupFilter);
  const activeKey = useViewerSelector(selectActiveChangeKey);
  const events = useViewerEvents();
  if (!bar) return null;
  return (
    <SidePanel
      panel="changes"
      className="viewer-panel change-panel"
      heading={`Changes from version ${bar.fromNumber ?? '?'} to ${bar.toNumber ?? '?'}`}
    >
      {(bar.status === 'loading' || bar.status === 'waiting') && (
        <p className="page__note" role="status">
          {bar.status === 'waiting' ? 'Comparing the versions...' : 'Loading the changes...'}
        </p>
      )}
      {bar.status === 'failed' && (
        <div role="alert">
          <p className="form__error">{bar.error}</p>
          <button type="button" onClick={events.retryDiff}>
            Retry
          </button>
        </div>
      )}
      {groups && counts && (
        <>
          <GroupFilter value={group} counts={counts} onChange={events.filterChanges} />
          <ChangeList
            groups={groups}
            causes={causes ?? []}
            activeKey={activeKey}
            onSelect={events.selectChange}
          />
        </>
      )}
    </SidePanel>
  );
}
