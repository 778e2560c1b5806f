import type { Node } from '../../schema';

/** Points closer than this (mm) are one node: member ends that meet in the file meet in the model. */
export const NODE_MERGE_MM = 1;

/**
 * Canonical nodes with merging at NODE_MERGE_MM. A hash of 1 mm cells: a point's neighbours within 1 mm are in
 * its cell or the 26 around it, so a lookup is 27 map probes whatever the model size.
 */
export class NodeIndex {
  readonly nodes: Node[] = [];
  private readonly cells = new Map<string, Node[]>();
  private readonly ids = new Set<string>();

  /**
   * The node at (x, y, z) mm: an existing one within NODE_MERGE_MM, else a new one. `id` names a new node (a
   * GlobalId); without one the id is derived from the rounded coordinates, so it is stable across reads.
   */
  at(x: number, y: number, z: number, id?: string, name?: string): Node {
    const found = this.near(x, y, z);
    if (found) return found;
    let nodeId = id && !this.ids.has(id) ? id : `N(${Math.round(x)},${Math.round(y)},${Math.round(z)})`;
    for (let suffix = 2; this.ids.has(nodeId); suffix++) nodeId = `${nodeId.replace(/#\d+$/, '')}#${suffix}`;
    const node: Node = {
      id: nodeId,
      type: 'Node',
      source: { tool: 'ifc' },
      name: name ?? nodeId,
      attributes: {},
      x,
      y,
      z,
    };
    this.ids.add(nodeId);
    this.nodes.push(node);
    const key = cellKey(Math.round(x), Math.round(y), Math.round(z));
    const bucket = this.cells.get(key);
    if (bucket) bucket.push(node);
    else this.cells.set(key, [node]);
    return node;
  }

  near(x: number, y: number, z: number): Node | undefined {
    const cx = Math.round(x);
    const cy = Math.round(y);
    const cz = Math.round(z);
    let best: Node | undefined;
    let bestDistance = NODE_MERGE_MM * NODE_MERGE_MM;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const bucket = this.cells.get(cellKey(cx + dx, cy + dy, cz + dz));
          if (!bucket) continue;
          for (const node of bucket) {
            const distance = (node.x - x) ** 2 + (node.y - y) ** 2 + (node.z - z) ** 2;
            if (distance <= bestDistance) {
              bestDistance = distance;
              best = node;
            }
          }
        }
      }
    }
    return best;
  }
}

function cellKey(x: number, y: number, z: number): string {
  return `${x},${y},${z}`;
}
