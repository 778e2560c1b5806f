import type { Migration } from './migration';

/**
 * Whether a model's thumbnail is the sketch Gusset drew of it at upload (issue #23: a tile shows the building
 * before anyone opens the viewer) rather than a view someone chose: a sketch follows each new version and gives
 * way to the viewer's first drawing; a chosen view is never replaced by either.
 */
export const modelImageSketch: Migration = {
  version: 12,
  name: 'model_image_sketch',
  sql: `
    ALTER TABLE models ADD COLUMN image_is_sketch boolean NOT NULL DEFAULT false;
  `,
};
