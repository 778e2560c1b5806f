import { z } from 'zod';
import { baseFields, IdSchema } from './common';

/**
 * Load directions: member local axes '1' '2' '3', global 'X' 'Y' 'Z', 'Gravity' (−Z), and their projected
 * variants. A source direction we cannot name stays in `attributes`, with `direction` absent.
 */
export const LOAD_DIRECTIONS = [
  '1',
  '2',
  '3',
  'X',
  'Y',
  'Z',
  'Gravity',
  'X-projected',
  'Y-projected',
  'Z-projected',
  'Gravity-projected',
] as const;
export const LoadDirectionSchema = z.enum(LOAD_DIRECTIONS);
export type LoadDirection = z.infer<typeof LoadDirectionSchema>;

/**
 * A load along a frame member. `distributed`: from `start` to `end` (distances along the member, relative 0–1
 * when `relative`, else mm), values in N/m (forces) or N·m/m (moments). `point`: one value at `start`, in N or N·m.
 */
export const LinearLoadSchema = z.object({
  ...baseFields,
  type: z.literal('LinearLoad'),
  elementId: IdSchema,
  patternId: IdSchema,
  quantity: z.enum(['force', 'moment']),
  direction: LoadDirectionSchema.optional(),
  distribution: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('distributed'),
      relative: z.boolean(),
      start: z.number(),
      end: z.number(),
      startValue: z.number(),
      endValue: z.number(),
    }),
    z.object({ kind: z.literal('point'), relative: z.boolean(), start: z.number(), value: z.number() }),
  ]),
});
export type LinearLoad = z.infer<typeof LinearLoadSchema>;
