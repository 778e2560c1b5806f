import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSummary } from '../../contract/http/analytics';
import {
  chartDays,
  formatMs,
  routesByRequests,
  selectDraftRange,
  selectError,
  selectIsFailed,
  selectIsLoading,
  selectSummary,
  totalsOf,
  translationsByCount,
} from '../../machines/analytics/selectors';
import { useAnalyticsActor, useAnalyticsEvents, type AnalyticsActor } from './useAnalyticsActor';
import '../admin/tables.css';
import './stats.css';

/** Colours of the series: the app's primary blue, an amber and the error red, readable on white. */
const colors = { primary: '#1f5fae', secondary: '#c77800', error: '#b42318', muted: '#5b6675' };
const chartStyle = { width: '100%', height: 240 };
const numberFormat = new Intl.NumberFormat('en-US');

/**
 * /usageAnalytics (Stats in the navigation, internal admins): requests, active users, errors, uploads and p95
 * latency per day, p95 per route, and translations per platform pair, drawn with recharts.
 */
export function StatsScreen() {
  const actor = useAnalyticsActor();
  const events = useAnalyticsEvents(actor);
  const summary = useSelector(actor, selectSummary);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);

  return (
    <main className="page">
      <h1>Usage analytics</h1>
      <RangeForm actor={actor} />
      {failed && (
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {error ?? 'The usage summary could not be loaded.'}
          </p>
          <button type="button" onClick={events.reload}>
            Try again
          </button>
        </div>
      )}
      {!failed && error !== null && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      {summary !== null && <SummaryView summary={summary} />}
    </main>
  );
}

function RangeForm({ actor }: { actor: AnalyticsActor }) {
  const events = useAnalyticsEvents(actor);
  const draft = useSelector(actor, selectDraftRange);
  const loading = useSelector(actor, selectIsLoading);
  return (
    <form
      className="toolbar stats-range"
      aria-label="Date range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        events.applyRange();
      }}
    >
      <label className="form__field">
        <span>From</span>
        <input
          type="date"
          name="from"
          value={draft.from}
          onChange={(event) => events.changeRange('from', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>To</span>
        <input
          type="date"
          name="to"
          value={draft.to}
          onChange={(event) => events.changeRange('to', event.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={loading}>
        Show
      </button>
    </form>
  );
}

function SummaryView({ summary }: { summary: AnalyticsSummary }) {
  const totals = totalsOf(summary);
  const days = chartDays(summary);
  const routes = routesByRequests(summary.routes);
  const translations = translationsByCount(summary.translations);

  return (
    <>
      <dl className="stats-totals" aria-label="Totals">
        <Total label="Requests" value={totals.requests} />
        <Total label="Errors" value={totals.errors} />
        <Total label="Most active users in a day" value={totals.peakActiveUsers} />
        <Total label="Uploads" value={totals.uploads} />
        <Total label="Translations" value={totals.translations} />
      </dl>

      <div className="stats-charts">
        <Chart title="Requests per day">
          <BarChart responsive data={days} style={chartStyle}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="requests" name="Requests" fill={colors.primary} isAnimationActive={false} />
          </BarChart>
        </Chart>
        <Chart title="Active users per day">
          <LineChart responsive data={days} style={chartStyle}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Line
              dataKey="activeUsers"
              name="Active users"
              stroke={colors.primary}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </Chart>
        <Chart title="Errors per day">
          <BarChart responsive data={days} style={chartStyle}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="clientErrors"
              name="4xx"
              stackId="errors"
              fill={colors.secondary}
              isAnimationActive={false}
            />
            <Bar
              dataKey="serverErrors"
              name="5xx"
              stackId="errors"
              fill={colors.error}
              isAnimationActive={false}
            />
          </BarChart>
        </Chart>
        <Chart title="Uploads per day">
          <BarChart responsive data={days} style={chartStyle}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="uploads" name="Uploads" fill={colors.secondary} isAnimationActive={false} />
          </BarChart>
        </Chart>
        {/* Bars, not a line: a day without requests has no p95, and a lone day must still show. */}
        <Chart title="p95 latency per day (ms)">
          <BarChart responsive data={days} style={chartStyle}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis />
            <Tooltip />
            <Bar dataKey="p95Ms" name="p95 (ms)" fill={colors.muted} isAnimationActive={false} />
          </BarChart>
        </Chart>
        <Chart title="Translations per platform pair">
          {translations.length === 0 ? (
            <p className="page__note">No translations in this range.</p>
          ) : (
            <BarChart responsive layout="vertical" data={translations} style={chartStyle}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="label" width={140} />
              <Tooltip />
              <Bar dataKey="count" name="Translations" fill={colors.primary} isAnimationActive={false} />
            </BarChart>
          )}
        </Chart>
      </div>

      <section className="page-section" aria-labelledby="translations-heading">
        <h2 id="translations-heading">Translations per platform pair</h2>
        {translations.length === 0 ? (
          <p className="page__note">No translations in this range.</p>
        ) : (
          <div className="data-table-wrap">
            <table className="data-table" aria-label="Translations per platform pair">
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col" className="data-table__number">
                    Translations
                  </th>
                </tr>
              </thead>
              <tbody>
                {translations.map((pair) => (
                  <tr key={pair.label}>
                    <td>{pair.from}</td>
                    <td>{pair.to}</td>
                    <td className="data-table__number">{numberFormat.format(pair.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="page-section" aria-labelledby="routes-heading">
        <h2 id="routes-heading">Routes</h2>
        {routes.length === 0 ? (
          <p className="page__note">No requests in this range.</p>
        ) : (
          <div className="data-table-wrap">
            <table className="data-table" aria-label="Routes">
              <thead>
                <tr>
                  <th scope="col">Route</th>
                  <th scope="col">Method</th>
                  <th scope="col" className="data-table__number">
                    Requests
                  </th>
                  <th scope="col" className="data-table__number">
                    4xx
                  </th>
                  <th scope="col" className="data-table__number">
                    5xx
                  </th>
                  <th scope="col" className="data-table__number">
                    p95
                  </th>
                </tr>
              </thead>
              <tbody>
                {routes.map((route) => (
                  <tr key={`${route.method} ${route.route}`}>
                    <th scope="row">
                      <code>{route.route}</code>
                    </th>
                    <td>{route.method}</td>
                    <td className="data-table__number">{numberFormat.format(route.requests)}</td>
                    <td className="data-table__number">{numberFormat.format(route.clientErrors)}</td>
                    <td className="data-table__number">{numberFormat.format(route.serverErrors)}</td>
                    <td className="data-table__number">{formatMs(route.p95Ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{numberFormat.format(value)}</dd>
    </div>
  );
}

function Chart({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="stats-chart">
      <figcaption>{title}</figcaption>
      {children}
    </figure>
  );
}
