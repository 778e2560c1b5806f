/*
 * Platform filters (spec sections 1–5): which element types and properties may flow From one platform To
 * another. The rules are here; the server reads the saved filters and the versions they apply to.
 */
export * from './platforms';
export { effectiveFilter, filterAllows, mappedName } from './effective';
export { HELD_BACK_ITEMS_PER_KIND } from './heldBack';
export {
  filterUpload,
  filtersMayChange,
  type FilteredUpload,
  type ModelFilters,
  type PreviousVersion,
  type UploadedVersion,
} from './upload';
