import { z } from 'zod';
import { PROPERTY_GROUPS } from '../../engine/diff/types';
import { changeKindSchema, diffViewSchema, propertyGroupSchema } from './compare';
import { multilineText, text } from './text';
import { publicUserSchema } from './users';
import { versionSchema } from './versions';

/** Upload review (issue #7): an upload's changes, taken whole or in part into the next version. */

/**
 * POST /api/v2/uploads?modelId=…&review=true: the upload job reads and stores the file but makes no version; the
 * job ends with `reviewId` set (GET /api/v2/uploads/{jobId} and ProgressUpdate carry it). Then:
 * - GET /api/models/{id}/reviews/{reviewId}: the review and its diff against the latest version (WRITE and up;
 *   only the uploader's reviews are open to them, ADMINs see all);
 * - POST /api/models/{id}/reviews/{reviewId}/apply with a selection: 201 with the new version, made of the latest
 *   version plus the selected changes (`{ all: true }` gives exactly the upload); `parts` takes some property
 *   groups of a change (a resized beam's Profile without its Geometry). Without a message, a version made of
 *   part of the upload is described by what it took ('1 beam resized W18X35 → W21X44 (from tower.e2k)'), the
 *   whole upload by the upload's message. ModelAdded follows as for an upload. A review whose base is no longer
 *   the latest version answers 409 (reviewOutdated).
 * - DELETE /api/models/{id}/reviews/{reviewId}: discards it.
 */
export const changeSelectionSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    keys: z.array(text().max(300)).max(1_000_000).optional(),
    types: z.array(text().max(50)).max(50).optional(),
    groups: z.array(propertyGroupSchema).optional(),
    kinds: z.array(changeKindSchema).optional(),
    parts: z
      .record(text().max(300), z.array(propertyGroupSchema).max(PROPERTY_GROUPS.length))
      .refine((parts) => Object.keys(parts).length <= 1_000_000)
      .optional(),
  }),
]);

export const reviewSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  jobId: z.string(),
  fileName: z.string(),
  message: z.string().nullable(),
  createdBy: publicUserSchema.nullable(),
  createdAt: z.string(),
  /** The version the upload was compared with (the latest when the upload finished). */
  baseVersionId: z.string(),
  baseVersionNumber: z.number().int(),
  status: z.enum(['open', 'applied', 'discarded']),
  /** The version applying made. */
  appliedVersionId: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewResponse = z.object({ review: reviewSchema, diff: diffViewSchema });
export type ReviewResponse = z.infer<typeof reviewResponse>;

export const applyReviewBody = z.strictObject({
  selection: changeSelectionSchema,
  message: multilineText().max(2000).optional(),
});
export type ApplyReviewBody = z.input<typeof applyReviewBody>;
export const applyReviewResponse = versionSchema;
