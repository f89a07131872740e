import { getLeaderboard, LEADERBOARDS } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import { Logo } from '../../components/listing-row.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { weekLabel } from '../../weeks.ts';
import { NotFoundView } from '../not-found/view.ts';

type Board = Static<typeof getLeaderboard.response>;

const TITLES: Record<(typeof LEADERBOARDS)[number], string> = {
  'community-weekly': 'Community votes this week',
  'community-all-time': 'Community votes, all time',
  billboard: 'Billboard (paid placement)',
  'domain-rating': 'Domain Rating',
  revenue: 'Revenue',
};

const metricText = (metric: Board['items'][number]['metric']): string =>
  metric.unit === 'usd_cents' ? `$${(metric.value / 100).toFixed(2)} ${metric.name}` : `${metric.value} ${metric.unit}`;

export const LeaderboardView = (board: Board, frame: PageFrame): VNode =>
  html`<${Layout} frame=${frame} title=${TITLES[board.board]}>
    <nav aria-label="Leaderboards"><ul class="tabs">${LEADERBOARDS.map(
      (name) =>
        html`<li><a href=${`/leaderboards/${name}`} aria-current=${name === board.board ? 'page' : undefined}>${TITLES[name]}</a></li>`,
    )}</ul></nav>
    <h1>${TITLES[board.board]}</h1>
    ${board.week_start ? html`<p class="muted">Week of ${weekLabel(board.week_start)}</p>` : null}
    ${board.paid ? html`<p class="notice"><span class="paid-label">Paid</span> ${board.notice ?? 'This ranking is paid placement, by money contributed; it is not a vote.'}</p>` : null}
    ${
      board.items.length === 0
        ? html`<p>Nobody on this board yet.</p>`
        : html`<ol class="listing-list ranked">${board.items.map(
            (item) => html`<li class="listing-row">
              <span class="rank" aria-label=${`rank ${item.rank}`}>${item.rank}</span>
              <${Logo} listing=${item.listing} />
              <div class="summary">
                <a class="name" href=${`/listings/${item.listing.slug}`}>${item.listing.name}</a>
                ${board.paid ? html` <span class="paid-label">Paid</span>` : null}
                ${item.listing.tagline ? html`<p class="tagline">${item.listing.tagline}</p>` : null}
              </div>
              <span class="metric">${metricText(item.metric)}</span>
            </li>`,
          )}</ol>`
    }
    <${Pagination} page=${board.page} perPage=${board.per_page} total=${board.total} hrefOf=${(page: number) => `/leaderboards/${board.board}${queryString({ page })}`} />
  <//>`;

/** `/leaderboards/{board}`; every billboard row is labelled Paid */
export const leaderboardRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/leaderboards', async (_request, reply) => reply.redirect('/leaderboards/community-weekly'));
  app.get<{ Params: { board: string }; Querystring: Record<string, string> }>(
    '/leaderboards/:board',
    async (request, reply) => {
      const query: Record<string, string> = {};
      for (const key of ['week', 'page'] as const)
        if (typeof request.query[key] === 'string') query[key] = request.query[key];
      return web.page(request, reply, async (frame) => {
        const board = await web.catalog.call(getLeaderboard, { params: { board: request.params.board }, query });
        if (!board.ok && board.status === 400)
          return { tree: NotFoundView({ what: 'There is no such leaderboard.' }, frame), status: 404 };
        return LeaderboardView(must(board), frame);
      });
    },
  );
};
