import { modelViewers, type Row } from '../permissionMatrix';

/**
 * The export's fidelity certificate (issue #20): READ and up, like the export it speaks of (LIMITEDVIEW gets no
 * versions: 401). The first ask certifies in a worker thread, later ones read the cache.
 */
export const fidelityRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/certificate',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/certificate?format=s2k`,
    }),
    expected: modelViewers(200),
  },
];
