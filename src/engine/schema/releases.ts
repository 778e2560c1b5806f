import { z } from 'zod';

/** Degrees of freedom of one member end, in member local axes (1 = axis, 2 and 3 = section axes). */
export const END_RELEASE_NAMES = ['p', 'v2', 'v3', 't', 'm2', 'm3'] as const;
export type EndReleaseName = (typeof END_RELEASE_NAMES)[number];

const endReleaseSchema = z.object({
  p: z.boolean(),
  v2: z.boolean(),
  v3: z.boolean(),
  t: z.boolean(),
  m2: z.boolean(),
  m3: z.boolean(),
});

/** End releases of a frame member: `true` releases that force at that end (i = start node, j = end node). */
export const ReleasesSchema = z.object({
  type: z.literal('Releases'),
  i: endReleaseSchema,
  j: endReleaseSchema,
});
export type Releases = z.infer<typeof ReleasesSchema>;
export type EndReleases = z.infer<typeof endReleaseSchema>;

export function noEndReleases(): EndReleases {
  return { p: false, v2: false, v3: false, t: false, m2: false, m3: false };
}

export function hasReleases(releases: Releases | undefined): boolean {
  return releases !== undefined && END_RELEASE_NAMES.some((name) => releases.i[name] || releases.j[name]);
}
