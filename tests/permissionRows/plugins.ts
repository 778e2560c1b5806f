import { everyone, type Row } from '../permissionMatrix';

/**
 * Get Plugins (issue #9): every signed-in user lists and downloads; a visitor without a session gets 403. The
 * downloads hold nothing of an organization or model, so no role is needed.
 */
export const pluginRows: Row[] = [
  {
    method: 'GET',
    route: '/api/plugins',
    request: async () => ({ path: '/api/plugins' }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/plugins/:id',
    request: async () => ({ path: '/api/plugins/python-client' }),
    expected: everyone,
  },
];
