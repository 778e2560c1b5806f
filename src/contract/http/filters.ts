import { z } from 'zod';
import {
  FILTER_ELEMENT_TYPES,
  FILTER_PLATFORMS,
  FILTER_PROPERTIES,
  NAME_MAPPING_KINDS,
} from '../../engine/filters/platforms';
import { text } from './text';
import { messages, ownMessages } from '../errors';

// The filter's vocabulary is the engine's, whose rules apply filters; the wire validates against it.
export { FILTER_ELEMENT_TYPES, FILTER_PLATFORMS, FILTER_PROPERTIES };
export const filterPlatformSchema = z.enum(FILTER_PLATFORMS);
export type FilterPlatform = z.infer<typeof filterPlatformSchema>;
export const filterPropertySchema = z.enum(FILTER_PROPERTIES);
export type FilterProperty = z.infer<typeof filterPropertySchema>;

/** A name in one platform and the name it takes in the other (a Revit family → an ETABS section). */
export const nameMappingSchema = z.strictObject({
  kind: z.enum(NAME_MAPPING_KINDS),
  from: text().trim().min(1).max(200),
  to: text().trim().min(1).max(200),
});
export type NameMapping = z.infer<typeof nameMappingSchema>;

/**
 * A rule for data crossing From one platform To another: which element types and which of their properties
 * may flow. A pair with no filter lets everything flow; a model's filter overrides its organization's for the
 * same pair.
 */
export const filterSchema = z.object({
  _id: z.string(),
  organizationId: z.string(),
  modelId: z.string().nullable(),
  from: filterPlatformSchema,
  to: filterPlatformSchema,
  elementTypes: z.array(z.enum(FILTER_ELEMENT_TYPES)),
  properties: z.array(filterPropertySchema),
  nameMappings: z.array(nameMappingSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Filter = z.infer<typeof filterSchema>;

/**
 * A platform the user must choose: missing, null and '' are "not chosen" and get the spec's message; anything
 * else that is not a platform gets ours. (A refine on an optional field would not run for a missing key.)
 */
const requiredPlatform = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(FILTER_PLATFORMS, {
      error: (issue) => (issue.input === undefined ? message : ownMessages.filterPlatformUnknown),
    }),
  );

/** POST and PUT bodies; 'From feild is required' and 'To feild is required' verbatim (spec section 5). */
export const filterBody = z.strictObject({
  from: requiredPlatform(messages.filterFromRequired),
  to: requiredPlatform(messages.filterToRequired),
  elementTypes: z
    .array(z.enum(FILTER_ELEMENT_TYPES))
    .max(FILTER_ELEMENT_TYPES.length)
    .default([...FILTER_ELEMENT_TYPES]),
  properties: z
    .array(filterPropertySchema)
    .max(FILTER_PROPERTIES.length)
    .default([...FILTER_PROPERTIES]),
  nameMappings: z.array(nameMappingSchema).max(1000).default([]),
});
export type FilterBody = z.input<typeof filterBody>;

/** A filter we suggest for a common platform pair, with why. */
export const recommendedFilterSchema = filterSchema
  .pick({ from: true, to: true, elementTypes: true, properties: true, nameMappings: true })
  .extend({ reason: z.string() });
export type RecommendedFilter = z.infer<typeof recommendedFilterSchema>;

/**
 * GET /api/organizations/{id}/filters?fromWebUI=true: the organization's filters, and the recommended ones for
 * pairs it has not saved yet. GET /api/models/{id}/filters: the model's own filters in `data`, and in
 * `inherited` the organization's filters for the pairs the model does not override.
 */
export const filterListResponse = z.object({
  data: z.array(filterSchema),
  inherited: z.array(filterSchema).optional(),
  /** Filters we suggest for common platform pairs, not yet saved (shown when fromWebUI is set). */
  recommended: z.array(recommendedFilterSchema).optional(),
});
export type FilterListResponse = z.infer<typeof filterListResponse>;

/** GET …/filters query: fromWebUI asks for the recommendations (other GET parameters, e.g. _ANALYTICS, pass). */
export const filterListQuery = z.object({
  fromWebUI: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === 'true'),
});
