import { z } from 'zod';
import { text } from './text';

/**
 * GET /api/models/{id}/data/versions/{versionId}/certificate?format=e2k|s2k|ifc|cis2|xlsx|json (issue #20): the
 * fidelity certificate of an export, READ and up like the export itself. The server writes the same filtered
 * model the export writes, reads the file back with the same translator and certifies the pair with the
 * engine's oracle (src/engine/fidelity): what survived identical, what the translators' reports say they
 * approximated or dropped, and what differs without a report saying so. An unknown format is 400.
 *
 * The wire form is the engine's FidelityCertificate made small: per kind only its line of words, per group a
 * few examples, and only the load patterns whose totals differ.
 */
export const certificateQuery = z.object({ format: text().min(1).max(20) });

/** Differences of one concept ("end releases"): how many, a few object ids, and why. */
export const certificateGroupSchema = z.object({
  concept: z.string(),
  /** Engineering words: 'end releases', 'area loads'. */
  label: z.string(),
  count: z.number().int(),
  /** A few of the objects concerned (ids in the exported version). */
  examples: z.array(z.string()),
  /** The reports' reasons ("LINEASSIGN: …"), distinct; empty for what no report names. */
  reasons: z.array(z.string()),
  /** A few of the differences in words. */
  messages: z.array(z.string()),
});
export type CertificateGroupWire = z.infer<typeof certificateGroupSchema>;

/** A load total in N (forces) and N·m (moments). */
const resultantSchema = z.object({
  fx: z.number(),
  fy: z.number(),
  fz: z.number(),
  mx: z.number(),
  my: z.number(),
  mz: z.number(),
});

export const certificateResponse = z.object({
  /** The translator's id: e2k, s2k, ifc, cis2, xlsx or json. */
  format: z.string(),
  /** identical: no difference; explained: every difference is in a report; unexplained: some are not. */
  verdict: z.enum(['identical', 'explained', 'unexplained']),
  /** Nodes closer than this (mm) are the same node. */
  positionTolerance: z.number(),
  relativeTolerance: z.number(),
  counts: z.object({
    differences: z.number().int(),
    explained: z.number().int(),
    unexplained: z.number().int(),
    /** Of the explained: approximated (or warned about) by a report item… */
    approximated: z.number().int(),
    /** …and dropped by one. */
    dropped: z.number().int(),
  }),
  /** Per kind of object, in the engine's order: "8 beams: positions, sections, end releases identical". */
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), line: z.string() })),
  approximated: z.array(certificateGroupSchema),
  dropped: z.array(certificateGroupSchema),
  unexplained: z.array(certificateGroupSchema),
  /** Load totals per pattern: how many patterns were compared, how many are identical, and those that differ. */
  resultants: z.object({
    patterns: z.number().int(),
    identical: z.number().int(),
    differing: z.array(z.object({ pattern: z.string(), before: resultantSchema, after: resultantSchema })),
  }),
});
export type CertificateWire = z.infer<typeof certificateResponse>;
