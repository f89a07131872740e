import { getLaunchWeek } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { addWeeks, weekLabel } from '../../weeks.ts';
import { NotFoundView } from '../not-found/view.ts';

type Week = Awaited<ReturnType<typeof loadWeek>>;
/** a week's page lists this many launches at most (get_launch_week is not paged) */
const WEEK_SHOWN = 200;
const loadWeek = async (web: WebContext, week: string) => web.catalog.call(getLaunchWeek, { params: { week } });

export const LaunchWeekView = (week: Extract<Week, { ok: true }>['body'], frame: PageFrame): VNode => {
  const here = `/launches/weeks/${week.week_start}`;
  return html`<${Layout} frame=${frame} title=${`Launches, week of ${weekLabel(week.week_start)}`}>
    <h1>Launches: ${weekLabel(week.week_start)}</h1>
    <p class="muted">Monday to Sunday, UTC. Live launches ranked by the votes cast this week; scheduled launches follow.
      <a href="/ranking">How the ranking works</a>; every vote of the week: <a href=${`${here}/ledger.csv`} download="">vote ledger (CSV)</a>.</p>
    <nav class="pagination" aria-label="Weeks">
      <a href=${`/launches/weeks/${addWeeks(week.week_start, -1)}`} rel="prev">Previous week</a>
      <a href="/launches/weeks/this">This week</a>
      <a href=${`/launches/weeks/${addWeeks(week.week_start, 1)}`} rel="next">Next week</a>
    </nav>
    ${
      week.items.length === 0
        ? html`<p>No launches this week.</p>`
        : html`<ol class="listing-list ranked">${week.items
            .slice(0, WEEK_SHOWN)
            .map((item, index) =>
              item.status === 'live'
                ? html`<${ListingRow} listing=${item} rank=${index + 1} votes=${item.week_votes} viewer=${frame.viewer} returnTo=${here} />`
                : html`<${ListingRow} listing=${item} note="Scheduled" />`,
            )}</ol>
          ${week.items.length > WEEK_SHOWN ? html`<p>And ${week.items.length - WEEK_SHOWN} more launches this week: <a href="/search?sort=votes">search them</a>.</p>` : null}`
    }
  <//>`;
};

/** `/launches/weeks/{week}`: `this`, `next`, `last` or a date snapped to its Monday */
export const launchWeekRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/launches', async (_request, reply) => reply.redirect('/launches/weeks/this'));
  app.get<{ Params: { week: string } }>('/launches/weeks/:week', async (request, reply) => {
    return web.page(request, reply, async (frame) => {
      const week = await loadWeek(web, request.params.week);
      if (!week.ok && week.status === 400) {
        const what = 'A week is `this`, `next`, `last` or a date such as 2026-11-23.';
        return { tree: NotFoundView({ what }, frame), status: 404 };
      }
      return LaunchWeekView(must(week), frame);
    });
  });
};
