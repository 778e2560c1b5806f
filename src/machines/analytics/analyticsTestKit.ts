import type { AnalyticsSummary } from '../../contract/http/analytics';

/** Test support for the Stats page (never imported by the app): a small summary with known figures. */
export function aSummary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    from: '2025-03-01',
    to: '2025-03-03',
    days: [
      {
        day: '2025-03-01',
        activeUsers: 2,
        requests: 40,
        errors: 3,
        clientErrors: 2,
        serverErrors: 1,
        uploads: 1,
        p95Ms: 50,
      },
      {
        day: '2025-03-02',
        activeUsers: 5,
        requests: 100,
        errors: 0,
        clientErrors: 0,
        serverErrors: 0,
        uploads: 4,
        p95Ms: 75,
      },
      {
        day: '2025-03-03',
        activeUsers: 0,
        requests: 0,
        errors: 0,
        clientErrors: 0,
        serverErrors: 0,
        uploads: 0,
        p95Ms: null,
      },
    ],
    routes: [
      {
        route: '/api/users',
        method: 'GET',
        requests: 30,
        errors: 0,
        clientErrors: 0,
        serverErrors: 0,
        p95Ms: 20,
      },
      {
        route: '/api/models/:id',
        method: 'GET',
        requests: 110,
        errors: 3,
        clientErrors: 2,
        serverErrors: 1,
        p95Ms: 150,
      },
    ],
    translations: [
      { from: 'ETABS', to: 'Gusset', count: 3 },
      { from: 'Gusset', to: 'SAP2000', count: 7 },
    ],
    totalRequests: 140,
    ...overrides,
  };
}
