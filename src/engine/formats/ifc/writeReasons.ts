/**
 * The IFC writer's fixed reasons for what IFC cannot hold, shared with IFC_CAPABILITIES so the report and the
 * generated docs say the same sentence.
 */
export const IFC_WRITE_REASONS = {
  rigidZones:
    'IFC has no rigid zone factor on members; a factor other than 0 without offsets or 1 with them is not carried.',
  diaphragm: 'IFC has no diaphragm constraint; diaphragms are not written.',
} as const;
