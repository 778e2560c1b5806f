/**
 * The CIS/2 writer's fixed reasons for what it does not write, shared with CIS2_CAPABILITIES so the report and the
 * generated docs say the same sentence.
 */
export const CIS2_WRITE_REASONS = {
  offsets: 'end offsets, rigid zones and insertion offsets are not written',
} as const;
