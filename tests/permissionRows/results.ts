import { modelUpdaters, modelViewers, type Row } from '../permissionMatrix';

/**
 * Analysis results on a version (issue #25): reading them (summary, values, diagrams, drifts, displacements, diff) is READ and up like
 * the version's data (LIMITEDVIEW 401); uploading them is WRITE and up. The world's version holds results from
 * the start; each upload cell stores them again on it (the same file: a replace).
 */
const base = '/api/models/:id/data/versions/:versionId/results';

export const resultsRows: Row[] = [
  {
    method: 'PUT',
    route: base,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results?fileName=forces.txt`,
      bytes: world.resultsFile,
    }),
    expected: modelUpdaters(200),
  },
  {
    method: 'GET',
    route: base,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: `${base}/values`,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results/values?component=m3&case=DEAD`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: `${base}/diagrams`,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results/diagrams?component=m3&case=DEAD`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: `${base}/drifts`,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results/drifts?case=DEAD`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: `${base}/displacements`,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results/displacements?case=DEAD`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: `${base}/diff`,
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/results/diff?against=${world.versionId}&component=m3`,
    }),
    expected: modelViewers(200),
  },
];
