import { z } from 'zod';
import { baseFields, IdSchema } from './common';
import { AreaModifiersSchema, FrameModifiersSchema } from './modifiers';

/**
 * The parametric shapes we map; dimensions in mm. Anything else is a `library` shape (by name, e.g. W14X90 from
 * AISC14) or `general` (properties only).
 */
export const SectionShapeSchema = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('rectangle'), depth: z.number(), width: z.number() }),
  z.object({ shape: z.literal('circle'), diameter: z.number() }),
  z.object({
    shape: z.literal('i'),
    depth: z.number(),
    flangeWidth: z.number(),
    flangeThickness: z.number(),
    webThickness: z.number(),
    bottomFlangeWidth: z.number().optional(),
    bottomFlangeThickness: z.number().optional(),
  }),
  z.object({ shape: z.literal('pipe'), diameter: z.number(), wallThickness: z.number() }),
  z.object({
    shape: z.literal('tube'),
    depth: z.number(),
    width: z.number(),
    flangeThickness: z.number(),
    webThickness: z.number(),
  }),
  z.object({ shape: z.literal('library'), library: z.string().optional(), designation: z.string() }),
  z.object({ shape: z.literal('general') }),
]);
export type SectionShape = z.infer<typeof SectionShapeSchema>;

/** Section properties, when the source states them: area mm², inertias mm⁴, torsion constant mm⁴. */
export const SectionPropertiesSchema = z.object({
  area: z.number().optional(),
  i22: z.number().optional(),
  i33: z.number().optional(),
  j: z.number().optional(),
  as2: z.number().optional(),
  as3: z.number().optional(),
});

/**
 * A cross-section: a frame section (`kind: 'frame'`, with `section`) or a shell/area property
 * (`kind: 'shell'`, with `thickness`, mm).
 */
export const ProfileSchema = z.discriminatedUnion('kind', [
  z.object({
    ...baseFields,
    type: z.literal('Profile'),
    kind: z.literal('frame'),
    materialId: IdSchema.optional(),
    section: SectionShapeSchema,
    properties: SectionPropertiesSchema.optional(),
    /** Section modifiers (ETABS FRAMESECTION AMOD…, SAP AMod…); members may add their own (modifiers.ts). */
    modifiers: FrameModifiersSchema.optional(),
  }),
  z.object({
    ...baseFields,
    type: z.literal('Profile'),
    kind: z.literal('shell'),
    materialId: IdSchema.optional(),
    /** What the property is for in the source tool (ETABS PROPTYPE: Slab, Deck, Wall). */
    use: z.enum(['slab', 'deck', 'wall', 'other']),
    /** Shell, membrane or plate behaviour (ETABS MODELINGTYPE / 9.7.1 TYPE). */
    behaviour: z.string().optional(),
    thickness: z.number().optional(),
    /** Property modifiers (ETABS SHELLPROP F11MOD…, SAP F11Mod…). */
    modifiers: AreaModifiersSchema.optional(),
  }),
]);
export type Profile = z.infer<typeof ProfileSchema>;
export type FrameProfile = Extract<Profile, { kind: 'frame' }>;
export type ShellProfile = Extract<Profile, { kind: 'shell' }>;
