/**
 * The IFC writer's fixed reasons for what IFC cannot hold, shared with IFC_CAPABILITIES so the report and the
 * generated docs say the same sentence.
 */
export const IFC_WRITE_REASONS = {
  insertionOffsets:
    'IFC members are drawn on the line between their nodes; the insertion offsets are not written.',
  endOffsets: 'IFC has no end length offsets or rigid zones on members; they are not written.',
  diaphragm: 'IFC has no diaphragm constraint; diaphragms are not written.',
} as const;
