/**
 * A force or moment diagram along a member, as the analysis programs draw it: ordinates at each station offset
 * from the member's axis in the plane of the component (M3, V2, P and T along local axis 2; M2 and V3 along local
 * axis 3), moments on the tension side as SAP2000 and ETABS draw them (a positive M3 sags: drawn along −2).
 * Pure arithmetic, so it is tested without Babylon.
 */
import { memberAxes } from './memberFrame';

export interface DiagramCurve {
  /** mm from the i-end, ascending. */
  readonly stations: readonly number[];
  /** Envelope lines; equal when the case has one step. */
  readonly max: readonly number[];
  readonly min: readonly number[];
}

/** The local axis a component is drawn along, and the sign a positive value is drawn with. */
export function diagramPlane(component: string): { axis: 2 | 3; sign: 1 | -1 } {
  switch (component) {
    case 'm3':
      return { axis: 2, sign: -1 };
    case 'm2':
      return { axis: 3, sign: -1 };
    case 'v3':
      return { axis: 3, sign: 1 };
    default:
      return { axis: 2, sign: 1 };
  }
}

export interface DiagramGeometry {
  /** Line segments, 6 numbers each (two points): the curves and an ordinate at each station. */
  readonly lines: number[];
  /** Triangles, 9 numbers each, filling between the axis and each curve. */
  readonly triangles: number[];
}

/**
 * The diagram of one member from `i` to `j` (mm) turned by `angle` degrees, `scale` mm of ordinate per unit of
 * value, appended to `out`. A member of zero length draws nothing.
 */
export function appendDiagram(
  i: readonly [number, number, number],
  j: readonly [number, number, number],
  angle: number,
  curve: DiagramCurve,
  component: string,
  scale: number,
  out: { lines: number[]; triangles: number[] },
): void {
  const axes = new Float64Array(9);
  const length = memberAxes(i[0], i[1], i[2], j[0], j[1], j[2], angle, axes);
  if (length === 0) return;
  const { axis, sign } = diagramPlane(component);
  const offsetAt = axis === 2 ? 3 : 6;
  const along = (station: number, value: number, into: number[]) => {
    const ordinate = sign * value * scale;
    for (let k = 0; k < 3; k++) {
      into.push((i[k] as number) + (axes[k] as number) * station + (axes[offsetAt + k] as number) * ordinate);
    }
  };
  const lines = [curve.max];
  if (curve.min.some((value, index) => value !== curve.max[index])) lines.push(curve.min);
  for (const values of lines) {
    for (let k = 0; k < curve.stations.length; k++) {
      const station = Math.min(length, Math.max(0, curve.stations[k] as number));
      along(station, 0, out.lines);
      along(station, values[k] as number, out.lines);
      if (k + 1 >= curve.stations.length) continue;
      const next = Math.min(length, Math.max(0, curve.stations[k + 1] as number));
      along(station, values[k] as number, out.lines);
      along(next, values[k + 1] as number, out.lines);
      along(station, 0, out.triangles);
      along(station, values[k] as number, out.triangles);
      along(next, values[k + 1] as number, out.triangles);
      along(station, 0, out.triangles);
      along(next, values[k + 1] as number, out.triangles);
      along(next, 0, out.triangles);
    }
  }
}
