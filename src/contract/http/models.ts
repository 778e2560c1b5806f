import { z } from 'zod';
import { text } from './text';
import { DisplayUnitSchema } from '../../engine/schema';
import { messages, ownMessages } from '../errors';
import { modelPlanSchema } from './billing';
import { entityNameSchema } from './names';
import { publicUserSchema } from './users';
import { versionSchema } from './versions';

/** Spec section 4: what a user may do on a model. The organization owner is ADMIN on every model of it. */
export const MODEL_ROLES = ['ADMIN', 'WRITE', 'READ', 'LIMITEDVIEW'] as const;
export const modelRoleSchema = z.enum(MODEL_ROLES);
export type ModelRole = z.infer<typeof modelRoleSchema>;
/** What a model route or live event requires, by name; the server's access.ts decides which roles have it. */
export type ModelAbility = 'see' | 'view' | 'update' | 'administer';

/** Units as spec section 5 validates them, with its message verbatim. */
export const unitsSchema = z.enum(DisplayUnitSchema.options, { error: messages.invalidUnit });

export const modelPermissionSchema = z.object({ user: publicUserSchema, type: modelRoleSchema });
export type ModelPermission = z.infer<typeof modelPermissionSchema>;

/** Spec section 3's Report as model lists carry it (getReports); the whole report: contract/http/compare.ts. */
export const reportSummarySchema = z.object({
  _id: z.string(),
  dateCreated: z.string(),
  currentVersionID: z.string(),
  comparisonVersionID: z.string(),
  createdBy: publicUserSchema.nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/**
 * Spec section 3's Model. `versions` and `reports` are newest first and present when asked for (getVersions,
 * getReports); `updatedBy` falls back to the latest version's author, then the creator. For LIMITEDVIEW nothing
 * comes from versions: no versionCount or latestVersionId, contributors are the creator alone and `updatedBy`
 * does not fall back to a version's author.
 */
export const modelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  organization: z.object({ _id: z.string(), name: z.string() }),
  permissions: z.array(modelPermissionSchema),
  contributors: z.array(publicUserSchema),
  settings: z.object({ units: unitsSchema }),
  createdBy: publicUserSchema.nullable(),
  updatedBy: publicUserSchema.nullable(),
  currentUserRole: modelRoleSchema,
  /** Absent for LIMITEDVIEW, who may see no version data (spec section 4: only reports assigned to them). */
  versionCount: z.number().int().optional(),
  reportCount: z.number().int(),
  /** null for a model without versions; absent for LIMITEDVIEW, like versionCount. */
  latestVersionId: z.string().nullable().optional(),
  /** A thumbnail URL when one was saved (getImages). */
  image: z.string().nullable().optional(),
  /** The thumbnail is Gusset's sketch of the latest version, not a view someone set: the viewer may replace it. */
  imageIsSketch: z.boolean().optional(),
  versions: z.array(versionSchema).optional(),
  reports: z.array(reportSummarySchema).optional(),
  clonedFrom: z.string().nullable(),
  /** Billing (issue #10): FREE while it is one of the organization's three free models, else PAID. */
  plan: modelPlanSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** GET /api/models?getImages&getVersions&getReports (&organizationId): most recently updated first. */
export const listModelsQuery = z.object({
  getImages: flag,
  getVersions: flag,
  getReports: flag,
  organizationId: text().max(100).optional(),
});
export const modelListResponse = z.object({ data: z.array(modelSchema) });
export type ModelListResponse = z.infer<typeof modelListResponse>;

/** GET /api/models/imagesAndVersionsByModelIds?modelIds=a,b */
export const imagesAndVersionsQuery = z.object({ modelIds: text().max(20_000) });
export const imagesAndVersionsResponse = z.object({
  data: z.array(
    z.object({ _id: z.string(), image: z.string().nullable(), versions: z.array(versionSchema) }),
  ),
});

/** POST /api/models/: 201 with the model. Without an organization: messages.organizationDetailsMissing. */
export const createModelBody = z.strictObject({
  name: entityNameSchema,
  organizationId: text({ error: messages.organizationDetailsMissing }).max(100),
  units: unitsSchema.default('m'),
});
export type CreateModelBody = z.input<typeof createModelBody>;

/** A permission update must name ADMIN, WRITE or READ (spec section 5); the client matches this text. */
const permissionTypeMessage = ownMessages.permissionTypeRequired;
const permissionUpdateRoleSchema = z.enum(['ADMIN', 'WRITE', 'READ'], { error: permissionTypeMessage });
/** Collaborator calls may also grant LIMITEDVIEW (reports only). */
const grantableRoleSchema = z.enum(MODEL_ROLES, { error: permissionTypeMessage });

/**
 * PUT /api/models/{id}: name, units, the permission of one or more users, or the plan (billing, issue #10:
 * 'PAID' needs a usable payment method, else 402; 'FREE' only while fewer than three models are free, else 409).
 */
export const updateModelBody = z.strictObject({
  name: entityNameSchema.optional(),
  plan: modelPlanSchema.optional(),
  settings: z.strictObject({ units: unitsSchema }).optional(),
  permissions: z
    .array(z.strictObject({ userId: text().max(100), type: permissionUpdateRoleSchema }))
    .max(500)
    .optional(),
});
export type UpdateModelBody = z.input<typeof updateModelBody>;

/** POST /api/models/{id}/collaborators: by email; a user who does not exist yet answers 404. */
export const addModelCollaboratorBody = z.strictObject({
  emailAddress: text().trim().toLowerCase().max(254),
  type: grantableRoleSchema,
});
export type AddModelCollaboratorBody = z.input<typeof addModelCollaboratorBody>;

/** PUT /api/models/{id}/collaborators/{userId}. */
export const updateModelCollaboratorBody = z.strictObject({ type: grantableRoleSchema });
export type UpdateModelCollaboratorBody = z.input<typeof updateModelCollaboratorBody>;

/** PUT /api/models/{id}/collaborators: the same change with the user named in the body. */
export const updateModelCollaboratorByIdBody = z.strictObject({
  userId: text().max(100),
  type: grantableRoleSchema,
});
export type UpdateModelCollaboratorByIdBody = z.input<typeof updateModelCollaboratorByIdBody>;

/**
 * What every collaborator call answers (POST 201, PUT and DELETE 200): the success toast text
 * (ownMessages.permissionsUpdated) and the model's permissions after the change, the organization owner first.
 * A user who removed themself gets it too, though they no longer see the model.
 */
export const modelPermissionsResponse = z.object({
  message: z.string(),
  permissions: z.array(modelPermissionSchema),
});
export type ModelPermissionsResponse = z.infer<typeof modelPermissionsResponse>;

/** DELETE /api/models/{id}: ownMessages.modelRemoved. */
export const modelRemovedResponse = z.object({ message: z.string() });

/** POST /api/models/{id}/clone: into the same organization unless another is named. */
export const cloneModelBody = z.strictObject({
  name: entityNameSchema.optional(),
  organizationId: text().max(100).optional(),
});
export type CloneModelBody = z.input<typeof cloneModelBody>;
