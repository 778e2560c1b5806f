import type { CSSProperties } from 'react';
import { formatResult, resultUnitsOf } from '../../engine/results/display';
import { diagramReading } from '../../engine/results/targets';
import { selectMemberForces, selectResultDiagrams } from '../../machines/results/selectors';
import { selectHovered, selectScene, selectSelectedId } from '../../machines/viewer/selectors';
import type { HoveredElement } from '../../machines/viewer/types';
import { useViewerSelector } from '../viewer/ViewerContext';
import { useResultsSelector } from './ResultsContext';

/**
 * A member's diagram read off (issue #25): the component under the case shown, at both ends (an envelope's two
 * lines) and at its extremes with where they are. Nothing for an element without a diagram.
 */
function DiagramReading({ memberId, label }: { memberId: string; label?: string }) {
  const diagrams = useResultsSelector(selectResultDiagrams, null);
  const forces = useResultsSelector(selectMemberForces, undefined);
  const scene = useViewerSelector(selectScene);
  if (!diagrams) return null;
  const diagram = diagrams.members.find((member) => member.id === memberId);
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
    <section className="results-reading" aria-label={label ?? name}>
      <h4>{label ?? name}</h4>
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

/** The selected member's diagram read off, in its properties. */
export function MemberReading() {
  const selectedId = useViewerSelector(selectSelectedId);
  return selectedId === null ? null : <DiagramReading memberId={selectedId} />;
}

/** Room the reading takes beside the pointer, in CSS pixels: past it, the reading goes to the pointer's other side. */
const HOVER_ROOM = { width: 300, height: 170, gap: 14 } as const;

/** Below and right of the pointer, or above or left of it near the canvas's far edges. */
function hoverPlace(hovered: HoveredElement): CSSProperties {
  const { x, y, width, height } = hovered;
  const { gap } = HOVER_ROOM;
  return {
    ...(x + gap + HOVER_ROOM.width > width ? { right: width - x + gap } : { left: x + gap }),
    ...(y + gap + HOVER_ROOM.height > height ? { bottom: height - y + gap } : { top: y + gap }),
  };
}

/** The diagram of the member under the pointer read off beside it, over the canvas. */
export function HoverReading() {
  const hovered = useViewerSelector(selectHovered);
  const diagrams = useResultsSelector(selectResultDiagrams, null);
  if (hovered === null || diagrams === null) return null;
  if (!diagrams.members.some((member) => member.id === hovered.id)) return null;
  return (
    <div className="results-hover" role="tooltip" style={hoverPlace(hovered)}>
      <DiagramReading
        memberId={hovered.id}
        label={`${hovered.id}: ${diagrams.component.toUpperCase()} under ${diagrams.case}`}
      />
    </div>
  );
}
