import { z } from 'zod';
import { text } from './text';

/**
 * Get Plugins (issue #9): what a signed-in user can download to connect their tools to Gusset.
 * `GET /api/plugins` lists it; `GET /api/plugins/{id}` answers the bytes as an attachment (`fileName`):
 * a zip or workbook for a file, the Markdown source for a guide (guides are also served rendered at
 * `guideUrl`, a public documentation page).
 */

/** The groups the list shows, in the specification's platform order, then scripts (the CLI and the client). */
export const PLUGIN_PLATFORMS = ['Etabs', 'Excel', 'RAM', 'Revit', 'SAP', 'Tekla', 'Scripts'] as const;
export const pluginPlatformSchema = z.enum(PLUGIN_PLATFORMS);
export type PluginPlatform = z.infer<typeof pluginPlatformSchema>;

export const pluginKindSchema = z.enum(['file', 'guide']);
export type PluginKind = z.infer<typeof pluginKindSchema>;

export const pluginIdSchema = text().regex(/^[a-z0-9-]{1,64}$/);

export const pluginSchema = z.object({
  id: pluginIdSchema,
  title: z.string(),
  platform: pluginPlatformSchema,
  description: z.string(),
  kind: pluginKindSchema,
  /** The name the download is saved under. */
  fileName: z.string(),
  /** Bytes of the download; null while it is not available on this server. */
  size: z.number().int().nonnegative().nullable(),
  available: z.boolean(),
  /** For guides: the rendered page (public, like the rest of the documentation). */
  guideUrl: z.string().optional(),
});
export type Plugin = z.infer<typeof pluginSchema>;

export const pluginListResponse = z.object({ plugins: z.array(pluginSchema) });
export type PluginListResponse = z.infer<typeof pluginListResponse>;

/** Any text: an id that is not in the catalogue, however it looks, is 404 like an unknown one. */
export const pluginParams = z.object({ id: z.string() });
