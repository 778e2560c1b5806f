/*
 * 3-D spatial indexes for connectivity checks and repair (issue #8), hand-written on typed arrays:
 * - PointGrid: a voxel hash of points (numeric cell keys in an open-addressing table, CSR cell lists), for
 *   radius queries and all-pairs-within-radius over a million nodes;
 * - BoxGrid: a voxel grid of boxes (member AABBs inflated by tolMerge), for node-on-member, crossing and overlap
 *   candidates.
 * Why not a library: rbush-3d (0.1.x) is small and little maintained and allocates an object per box; kdbush and
 * flatbush are 2-D, and a building stacks every storey on the same plan points, so a plan query returns the whole
 * column line (repair-diff-domain.md §2.3, §2.5: 1.7 s for 100k points against 0.27 s for a numeric voxel hash).
 * String-keyed Maps were measured 10× slower than numeric keys (§2.5), hence the typed-array cell table.
 */
export { CellTable } from './cellTable';
export { PointGrid, safeCellSize } from './pointGrid';
export { BoxGrid } from './boxGrid';
