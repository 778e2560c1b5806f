import {
  selectElementError,
  selectIsElementLoading,
  selectProperties,
  selectSelectedId,
} from '../../machines/viewer/selectors';
import { MemberReading } from '../results/MemberReading';
import { SidePanel } from './SidePanel';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

/**
 * The picked element: what it is, its analysis results when the diagrams are drawn, where its nodes are (display
 * units) and what the source tool said of it.
 */
export function PropertiesPanel() {
  const selectedId = useViewerSelector(selectSelectedId);
  const loading = useViewerSelector(selectIsElementLoading);
  const error = useViewerSelector(selectElementError);
  const properties = useViewerSelector(selectProperties);
  const { clearSelection, showSelection } = useViewerEvents();

  return (
    <SidePanel panel="properties" className="viewer-panel viewer-properties">
      {selectedId === null && (
        <p className="page__note">Pick an element in the view to see its properties.</p>
      )}
      {loading && (
        <p className="page__note" role="status">
          Loading {selectedId}...
        </p>
      )}
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {properties && (
        <>
          <h3>{properties.title}</h3>
          <MemberReading />
          <dl className="viewer-properties__rows">
            {properties.rows.map((row) => (
              <div key={row.label} className="viewer-properties__row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          {properties.nodes.length > 0 && (
            <table className="viewer-table">
              <caption>Nodes ({properties.unit})</caption>
              <thead>
                <tr>
                  <th scope="col">Node</th>
                  <th scope="col">X</th>
                  <th scope="col">Y</th>
                  <th scope="col">Z</th>
                </tr>
              </thead>
              <tbody>
                {properties.nodes.map((node, index) => (
                  <tr key={`${node.id}-${index}`}>
                    <th scope="row">{node.id}</th>
                    <td>{node.x}</td>
                    <td>{node.y}</td>
                    <td>{node.z}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {properties.attributes.length > 0 && (
            <table className="viewer-table">
              <caption>Source attributes</caption>
              <tbody>
                {properties.attributes.map((attribute) => (
                  <tr key={attribute.label}>
                    <th scope="row">{attribute.label}</th>
                    <td>{attribute.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {selectedId !== null && (
        <div className="viewer-properties__actions">
          <button type="button" onClick={showSelection}>
            Show in view
          </button>
          <button type="button" onClick={clearSelection}>
            Clear selection
          </button>
        </div>
      )}
    </SidePanel>
  );
}
