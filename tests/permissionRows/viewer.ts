import sharp from 'sharp';
import type { Model } from '../../src/engine/schema';
import { everyone, modelUpdaters, modelViewers, type Row } from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * The 3-D viewer's calls (issue #6): a version's scene and one element's properties (READ and up, like GET
 * minimal), a screenshot that becomes the model's thumbnail (WRITE and up), and the thumbnails of many models
 * at once (any signed-in user; the answer leaves out models they cannot see, pinned in images.test.ts).
 */

let screenshot: Promise<string> | undefined;
/** A small PNG as the data URL a canvas gives, made once. */
function screenshotDataUrl(): Promise<string> {
  screenshot ??= sharp({ create: { width: 48, height: 32, channels: 3, background: '#4080c0' } })
    .png()
    .toBuffer()
    .then((buffer) => `data:image/png;base64,${buffer.toString('base64')}`);
  return screenshot;
}

/** An element of the world's version: the first one of the file it was uploaded from. */
function anElementId(world: PermissionWorld): string {
  const model = JSON.parse(new TextDecoder().decode(world.modelFile)) as Model;
  const element = model.elements[0];
  if (!element) throw new Error('the matrix model has elements');
  return element.id;
}

export const viewerRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/scene',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/scene`,
    }),
    expected: modelViewers(200),
  },
  {
    // issue #9: IFC context geometry, READ like the scene. The matrix version comes from a JSON file, so it has
    // none: those who may read it get 204, no content (issue #23; checked with a real IFC upload in
    // src/server/modules/versions/contextGeometry.test.ts), the others the access layer's answer.
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/context',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/context`,
    }),
    expected: modelViewers(204),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/elements/:elementId',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/elements/${encodeURIComponent(anElementId(world))}`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/images/modelScreenshot',
    request: async (world) => {
      const { modelId, versionId } = await world.freshModelWithVersion();
      return {
        path: '/api/images/modelScreenshot',
        json: { data: await screenshotDataUrl(), modelId, versionId },
      };
    },
    expected: modelUpdaters(201),
  },
  {
    method: 'PUT',
    route: '/api/images/getBatchImageUrls',
    request: async (world) => ({
      path: '/api/images/getBatchImageUrls',
      json: { modelIds: [world.modelId] },
    }),
    expected: everyone,
  },
];
