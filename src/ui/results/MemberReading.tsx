import { formatResult, resultUnitsOf } from '../../engine/results/display';
import { diagramReading } from '../../engine/results/targets';
import { selectMemberForces, selectResultDiagrams } from '../../machines/results/selectors';
import { selectScene, selectSelectedId } from '../../machines/viewer/selectors';
import { useViewerSelector } from '../viewer/ViewerContext';
import { useResultsSelector } from './ResultsContext';

/**
 * The selected member's diagram read off (issue #25), in its properties: the component under the case shown,
 * at both ends (an envelope's two lines) and at its extremes with where they are. Nothing for an element
 * without a diagram.
 */
export function MemberReading() {
  const diagrams = useResultsSelector(selectResultDiagrams, null);
  const forces = useResultsSelector(selectMemberForces, undefined);
  const selectedId = useViewerSelector(selectSelectedId);
  const scene = useViewerSelector(selectScene);
  if (!diagrams || selectedId === null) return null;
  const diagram = diagrams.members.find((member) => member.id === selectedId);
  const reading = diagram ? diagramReading(diagram) : null;
  const quantity = forces?.components.find((entry) => entry.component === diagrams.component)?.quantity;
  if (!reading || !quantity) return null;
  const units = resultUnitsOf(scene?.units);
  const value = (number: number) => formatResult(number, quantity, units, 4);
  const range = ({ max, min }: { max: number; min: number }) =>
    max === min ? value(max) : `${value(min)} to ${value(max)}`;
  const at = (station: number) => formatResult(station, 'length', units, 5);
  const name = `${diagrams.component.toUpperCase()} under ${diagrams.case}`;
  return (
    <section className="results-reading" aria-label={name}>
      <h4>{name}</h4>
      <dl>
        <dt>i-end</dt>
        <dd>{range(reading.start)}</dd>
        <dt>j-end</dt>
        <dd>{range(reading.end)}</dd>
        <dt>Max</dt>
        <dd>
          {value(reading.largest.value)} at {at(reading.largest.station)}
        </dd>
        <dt>Min</dt>
        <dd>
          {value(reading.smallest.value)} at {at(reading.smallest.station)}
        </dd>
      </dl>
    </section>
  );
}
