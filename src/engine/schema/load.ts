import { z } from 'zod';
import { AreaLoadSchema } from './areaLoad';
import { LinearLoadSchema } from './linearLoad';
import { PointLoadSchema } from './pointLoad';

export const LoadSchema = z.discriminatedUnion('type', [PointLoadSchema, LinearLoadSchema, AreaLoadSchema]);
export type Load = z.infer<typeof LoadSchema>;
export type LoadType = Load['type'];
