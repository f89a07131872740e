import type { getListingAnalytics } from '@listings/contracts';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import { BarChart, type BarSeries, RankChart } from '../../components/svg-chart.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

export type Analytics = Static<typeof getListingAnalytics.response>;
type Day = Analytics['days'][number];

export const RANGE_LABELS = {
  launch_week: 'Launch week',
  '30_days': 'Last 30 days',
  '90_days': 'Last 90 days',
} as const;

/** one daily chart: what it shows, and the series it draws from the days */
const DAILY_CHARTS: readonly { id: string; title: string; series: readonly (readonly [string, keyof Day])[] }[] = [
  { id: 'views', title: 'Page views', series: [['Views', 'views']] },
  { id: 'clicks', title: 'Clicks to your site', series: [['Outbound clicks', 'clicks']] },
  {
    id: 'votes',
    title: 'Votes',
    series: [
      ['Votes, each in full', 'votes'],
      ['Votes as counted (after discounts)', 'votes_counted'],
    ],
  },
  { id: 'follows', title: 'Followers gained', series: [['Follows', 'follows']] },
  { id: 'reviews', title: 'Reviews', series: [['Reviews', 'reviews']] },
];

const round = (n: number) => Math.round(n * 100) / 100;
const shortDay = (day: string) => day.slice(5);

/** a chart with its numbers in a table beside it (what a screen reader reads) */
const ChartWithTable = (props: {
  id: string;
  title: string;
  chart: VNode;
  head: string[];
  rows: (string | number)[][];
}) =>
  html`<section class="chart-block" aria-labelledby=${`${props.id}-title`}>
    <h2 id=${`${props.id}-title`}>${props.title}</h2>
    <div class="chart-and-table">
      <figure>${props.chart}</figure>
      <div class="chart-table" tabindex="0" role="region" aria-label=${`${props.title}: the numbers`}>
        <table>
          <caption>${props.title}: the numbers</caption>
          <thead><tr>${props.head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
          <tbody>${props.rows.map(([first, ...rest]) => html`<tr><th scope="row">${first}</th>${rest.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody>
        </table>
      </div>
    </div>
  </section>`;

const DailyChart = (props: { chart: (typeof DAILY_CHARTS)[number]; days: readonly Day[] }) => {
  const { chart, days } = props;
  const series: BarSeries[] = chart.series.map(([label, field]) => ({
    label,
    values: days.map((d) => round(d[field] as number)),
  }));
  const totals = series.map((s) => `${s.label}: ${round(s.values.reduce((a, b) => a + b, 0))}`).join('; ');
  const summary = `${chart.title} per day, ${days[0]?.day} to ${days.at(-1)?.day}. Totals: ${totals}. The numbers are in the table beside the chart.`;
  return ChartWithTable({
    id: chart.id,
    title: chart.title,
    chart: BarChart({ id: `${chart.id}-chart`, summary, labels: days.map((d) => d.day), series, short: shortDay }),
    head: ['Day', ...series.map((s) => s.label)],
    rows: days.map((d, i) => [d.day, ...series.map((s) => s.values[i] ?? 0)]),
  });
};

/** the hours the rank changed (and the last one): the table beside the rank chart */
const rankChanges = (rank: Analytics['rank']) =>
  rank.filter((point, i) => i === 0 || i === rank.length - 1 || point.rank !== rank[i - 1]?.rank);

const RankSection = (props: { analytics: Analytics }) => {
  const { rank, launch_week } = props.analytics;
  if (!launch_week)
    return html`<section aria-labelledby="rank-title"><h2 id="rank-title">Rank in your launch week</h2><p>Your listing has no launch week yet.</p></section>`;
  if (rank.length === 0)
    return html`<section aria-labelledby="rank-title"><h2 id="rank-title">Rank in your launch week</h2><p>Your launch week, <time datetime=${launch_week}>${launch_week}</time>, has not begun.</p></section>`;
  const of = Math.max(...rank.map((r) => r.of));
  const now = rank.at(-1);
  const summary = `Rank on the board of the week of ${launch_week}, hour by hour: now ${now?.rank ? `#${now.rank}` : 'not ranked'} of ${of}. The hours it changed are in the table beside the chart.`;
  return ChartWithTable({
    id: 'rank',
    title: `Rank in your launch week (${launch_week})`,
    chart: RankChart({ id: 'rank-chart', summary, points: rank, of }),
    head: ['Hour (UTC)', 'Rank', 'Launches'],
    rows: rankChanges(rank).map((r) => [
      r.hour.slice(0, 16).replace('T', ' '),
      r.rank ? `#${r.rank}` : 'not ranked',
      r.of,
    ]),
  });
};

/** `/me/listings/{id}/analytics`: an owner's analytics of one listing over a range */
export const AnalyticsView = (
  props: {
    name: string;
    analytics: Analytics;
  },
  frame: PageFrame & { viewer: Viewer },
): VNode => {
  const { analytics: a } = props;
  const base = `/me/listings/${a.listing_id}/analytics`;
  const ranges = (Object.keys(RANGE_LABELS) as (keyof typeof RANGE_LABELS)[]).filter(
    (range) => range !== 'launch_week' || a.launch_week !== null,
  );
  return html`<${Layout} frame=${frame} title=${`Analytics of ${props.name}`}>
    <h1>Analytics of ${props.name}</h1>
    <p>From <time datetime=${a.from}>${a.from}</time> to <time datetime=${a.to}>${a.to}</time> (UTC days). Views and clicks count each visitor once a day; bots are left out.</p>
    <nav aria-label="Range" class="ranges">
      <ul>
        ${ranges.map(
          (range) =>
            html`<li><a href=${`${base}?range=${range}`} aria-current=${range === a.range ? 'page' : undefined}>${RANGE_LABELS[range]}</a></li>`,
        )}
      </ul>
    </nav>
    <p><a href=${`/me/listings/${a.listing_id}/analytics.csv?range=${a.range}`} download>Download these days as CSV</a></p>
    <section aria-labelledby="totals-title">
      <h2 id="totals-title">Totals</h2>
      <dl class="totals">
        <div><dt>Views</dt><dd>${a.totals.views}</dd></div>
        <div><dt>Clicks to your site</dt><dd>${a.totals.clicks}</dd></div>
        <div><dt>Votes (as counted)</dt><dd>${a.totals.votes} (${round(a.totals.votes_counted)})</dd></div>
        <div><dt>Followers gained</dt><dd>${a.totals.follows}</dd></div>
        <div><dt>Reviews</dt><dd>${a.totals.reviews}</dd></div>
      </dl>
    </section>
    <${RankSection} analytics=${a} />
    ${DAILY_CHARTS.map((chart) => html`<${DailyChart} chart=${chart} days=${a.days} />`)}
    <section aria-labelledby="referrers-title">
      <h2 id="referrers-title">Where visitors came from</h2>
      ${
        a.referrers.length === 0
          ? html`<p>No views in this range yet.</p>`
          : html`<table>
            <caption>Views by referring site (host only; “direct” when none was named)</caption>
            <thead><tr><th scope="col">Site</th><th scope="col">Views</th></tr></thead>
            <tbody>${a.referrers.map((r) => html`<tr><th scope="row">${r.host}</th><td>${r.views}</td></tr>`)}</tbody>
          </table>`
      }
    </section>
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p>
        Hear of votes, reviews, followers, rank changes, verified claims and paid orders as they happen, signed
        for your server: <a href=${`/me/listings/${a.listing_id}/webhooks`}>manage this listing’s webhooks</a>.
      </p>
    </section>
    <p><a href="/me/listings">Your listings</a> · <a href=${`/listings/${a.slug}`}>Public page</a></p>
  <//>`;
};
