import { selectVersionId, selectVersions } from '../../machines/viewer/selectors';
import { formatDate } from '../format/dates';
import { personName } from '../model/versionText';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

/** The version shown: number, date and author, newest first. */
export function VersionPicker() {
  const versions = useViewerSelector(selectVersions);
  const versionId = useViewerSelector(selectVersionId);
  const { selectVersion } = useViewerEvents();
  if (versions.length === 0 || versionId === null) return null;
  return (
    <label className="viewer-version-picker">
      Version
      <select value={versionId} onChange={(event) => selectVersion(event.target.value)}>
        {versions.map((version) => (
          <option key={version.ID} value={version.ID}>
            {`Version ${version.number} · ${formatDate(version.Time)} · ${personName(version.Author)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
