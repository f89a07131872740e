import { getLaunchWeek } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { sendPage } from '../../send-page.ts';
import { must, type WebContext } from '../../web-context.ts';
import { addWeeks, weekLabel } from '../../weeks.ts';
import { NotFoundView } from '../not-found/view.ts';

type Week = Awaited<ReturnType<typeof loadWeek>>;
const loadWeek = async (web: WebContext, week: string) => web.catalog.call(getLaunchWeek, { params: { week } });

export const LaunchWeekView = (week: Extract<Week, { ok: true }>['body'], frame: PageFrame): VNode => {
  const here = `/launches/weeks/${week.week_start}`;
  return html`<${Layout} frame=${frame} title=${`Launches, week of ${weekLabel(week.week_start)}`}>
    <h1>Launches: ${weekLabel(week.week_start)}</h1>
    <p class="muted">Monday to Sunday, UTC. Live launches ranked by the votes cast this week; scheduled launches follow.</p>
    <nav class="pagination" aria-label="Weeks">
      <a href=${`/launches/weeks/${addWeeks(week.week_start, -1)}`} rel="prev">Previous week</a>
      <a href="/launches/weeks/this">This week</a>
      <a href=${`/launches/weeks/${addWeeks(week.week_start, 1)}`} rel="next">Next week</a>
    </nav>
    ${
      week.items.length === 0
        ? html`<p>No launches this week.</p>`
        : html`<ol class="listing-list ranked">${week.items.map((item, index) =>
            item.status === 'live'
              ? html`<${ListingRow} listing=${item} rank=${index + 1} votes=${item.week_votes} viewer=${frame.viewer} returnTo=${here} />`
              : html`<${ListingRow} listing=${item} note="Scheduled" />`,
          )}</ol>`
    }
  <//>`;
};

/** `/launches/weeks/{week}`: `this`, `next`, `last` or a date snapped to its Monday */
export const launchWeekRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/launches', async (_request, reply) => reply.redirect('/launches/weeks/this'));
  app.get<{ Params: { week: string } }>('/launches/weeks/:week', async (request, reply) => {
    const [frame, week] = await Promise.all([web.frameOf(request, reply), loadWeek(web, request.params.week)]);
    if (!week.ok && week.status === 400)
      return sendPage(
        request,
        reply,
        frame,
        NotFoundView({ what: 'A week is `this`, `next`, `last` or a date such as 2026-11-23.' }, frame),
        404,
      );
    return sendPage(request, reply, frame, LaunchWeekView(must(week), frame));
  });
};
