import { listAwards } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { weekLabel } from '../../weeks.ts';

type Awards = Static<typeof listAwards.response>;

export const AwardsView = (awards: Awards, frame: PageFrame): VNode => {
  const weeks = new Map<string, Awards['items'][number][]>();
  for (const award of awards.items) weeks.set(award.week_start, [...(weeks.get(award.week_start) ?? []), award]);
  return html`<${Layout} frame=${frame} title="Awards" description="Launch of the Week #1, #2 and #3, by community votes.">
    <h1>Awards</h1>
    <p>Launch of the Week #1, #2 and #3, by the community votes cast during each launch week.</p>
    ${awards.items.length === 0 ? html`<p>No awards yet.</p>` : null}
    ${[...weeks.entries()].map(
      ([week, items]) => html`<section>
        <h2><a href=${`/launches/weeks/${week}`}>Week of ${weekLabel(week)}</a></h2>
        <p class="muted">Decided by <a href="/ranking">the ranking rules</a>; every vote: <a href=${`/launches/weeks/${week}/ledger.csv`} download="">the week's vote ledger (CSV)</a>.</p>
        <ol class="listing-list compact">${items.map(
          (award) =>
            html`<${ListingRow} listing=${award.listing} rank=${award.rank} votes=${award.votes ?? award.listing.votes} note=${award.award} />`,
        )}</ol>
      </section>`,
    )}
    <${Pagination} page=${awards.page} perPage=${awards.per_page} total=${awards.total} hrefOf=${(page: number) => `/awards${queryString({ page })}`} />
  <//>`;
};

/** `/awards`: newest week first */
export const awardRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get<{ Querystring: { page?: string } }>('/awards', async (request, reply) => {
    const query = { per_page: '30', ...(request.query.page ? { page: request.query.page } : {}) };
    return web.page(request, reply, async (frame) => {
      const awards = await web.catalog.call(listAwards, { query });
      return AwardsView(must(awards), frame);
    });
  });
};
