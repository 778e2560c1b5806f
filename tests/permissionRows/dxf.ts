import { modelViewers, type Row } from '../permissionMatrix';

/**
 * DXF export (issue #9): READ and up, like every version's data (LIMITEDVIEW gets no versions: 401). Each cell
 * asks for a fresh version, so its first ask is always 202 (a job), and the file route draws in the request.
 */
export const dxfRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/data/dxf/',
    request: async (world) => {
      const { modelId, versionId } = await world.freshModelWithVersion();
      return { path: `/api/models/${modelId}/data/dxf/?ID=${versionId}` };
    },
    expected: modelViewers(202),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/dxf',
    request: async (world) => {
      const { modelId, versionId } = await world.freshModelWithVersion();
      return { path: `/api/models/${modelId}/data/dxf?ID=${versionId}` };
    },
    expected: modelViewers(202),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/dxf/:versionId/file',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/dxf/${world.versionId}/file`,
    }),
    expected: modelViewers(200),
  },
];
