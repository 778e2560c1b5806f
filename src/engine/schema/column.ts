import { z } from 'zod';
import { baseFields } from './common';
import { frameFields } from './frame';

/** A vertical frame member; ETABS columns may span several storeys. */
export const ColumnSchema = z.object({
  ...baseFields,
  type: z.literal('Column'),
  ...frameFields,
});
export type Column = z.infer<typeof ColumnSchema>;
