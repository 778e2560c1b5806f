import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { AnalyticsSummary } from '../../contract/http/analytics';
import { aSummary } from '../../machines/analytics/analyticsTestKit';
import { createFakeHttpClient, deferred, ok } from '../../machines/auth/fakeHttpClient';
import { renderApp } from '../app/testApp';

const admin = { adminIds: ['user-1'] };

describe('/usageAnalytics for someone who is not an internal admin', () => {
  it('sends them to the dashboard with the spec message, without asking for the summary', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    const app = await renderApp({ path: '/usageAnalytics', http: fake.http, adminIds: [], adminList: [] });
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(await screen.findByText(messages.unauthorizedAccess)).toBeTruthy();
    expect(fake.requests.filter((request) => request.path.startsWith('/api/analytics'))).toEqual([]);
  });
});

describe('/usageAnalytics (Stats)', () => {
  it('shows the analytics overlay while the summary loads, then the totals, routes and platform pairs', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    const answer = deferred<ApiResult<AnalyticsSummary>>();
    fake.answer('GET /api/analytics/summary', () => answer.promise);
    const app = await renderApp({ path: '/usageAnalytics', http: fake.http, ...admin });

    expect(await screen.findByText('Sorting through 250000 Entries')).toBeTruthy();
    expect(screen.getByText('This takes a minute or two...')).toBeTruthy();

    await act(async () => {
      answer.resolve(ok(aSummary()));
      await answer.promise;
    });
    expect(await screen.findByRole('table', { name: 'Routes' })).toBeTruthy();
    expect(screen.queryByText('Sorting through 250000 Entries')).toBeNull();
    expect(app.loading.getSnapshot().hasTag('visible')).toBe(false);

    const totals = screen.getByLabelText('Totals');
    const figures = Object.fromEntries(
      within(totals)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      Requests: '140',
      Errors: '3',
      'Most active users in a day': '5',
      Uploads: '5',
      Translations: '10',
    });

    const routes = within(screen.getByRole('table', { name: 'Routes' }))
      .getAllByRole('row')
      .slice(1);
    expect(routes.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['/api/models/:id', 'GET', '110', '2', '1', '150 ms'],
      ['/api/users', 'GET', '30', '0', '0', '20 ms'],
    ]);
    const pairs = within(screen.getByRole('table', { name: 'Translations per platform pair' }))
      .getAllByRole('row')
      .slice(1);
    expect(pairs.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Gusset', 'SAP2000', '7'],
      ['ETABS', 'Gusset', '3'],
    ]);
    for (const title of [
      'Requests per day',
      'Active users per day',
      'Errors per day',
      'p95 latency per day (ms)',
    ]) {
      expect(screen.getByText(title)).toBeTruthy();
    }
  });

  it('refuses a reversed date range without asking the server', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('GET /api/analytics/summary', ok(aSummary()));
    await renderApp({ path: '/usageAnalytics', http: fake.http, ...admin });
    await screen.findByRole('table', { name: 'Routes' });
    const asked = fake.requests.filter((request) => request.path === '/api/analytics/summary').length;

    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2030-01-02');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2030-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe(ownMessages.analyticsRangeInvalid);
    expect(fake.requests.filter((request) => request.path === '/api/analytics/summary')).toHaveLength(asked);
  });
});
