import { getFounder, listFounders } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { FieldErrors, fieldErrorsOf } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import { Markdown } from '../../components/markdown.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { NotFoundView } from '../not-found/view.ts';

type Founders = Static<typeof listFounders.response>;
type Founder = Static<typeof getFounder.response>;

export const FoundersView = (
  data: { founders: Founders | null; q: string; country: string; errors: Record<string, string[]> },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title="Founders" description="The people behind the listings.">
  <h1>Founders</h1>
  <form method="get" action="/founders" class="filters">
    <div class="field">
      <label for="founder-q">Name</label>
      <input id="founder-q" name="q" type="search" maxlength="120" value=${data.q} aria-describedby=${data.errors.q ? 'founder-q-error' : undefined} />
      <${FieldErrors} id="founder-q-error" messages=${data.errors.q} />
    </div>
    <div class="field">
      <label for="founder-country">Country (two letters)</label>
      <input id="founder-country" name="country" maxlength="2" value=${data.country} aria-invalid=${data.errors.country ? 'true' : undefined} aria-describedby=${data.errors.country ? 'founder-country-error' : undefined} />
      <${FieldErrors} id="founder-country-error" messages=${data.errors.country} />
    </div>
    <div class="field"><button type="submit">Find founders</button></div>
  </form>
  ${
    data.founders
      ? html`<ul class="founder-list">${data.founders.items.map(
          (founder) =>
            html`<li><a href=${`/founders/${founder.slug}`}>${founder.name}</a>${founder.title ? `, ${founder.title}` : ''}${
              founder.companies?.length
                ? html` <span class="muted">(${founder.companies.map((company) => company.name).join(', ')})</span>`
                : null
            }</li>`,
        )}</ul>
        ${data.founders.items.length === 0 ? html`<p>No founders match.</p>` : null}
        <${Pagination} page=${data.founders.page} perPage=${data.founders.per_page} total=${data.founders.total}
          hrefOf=${(page: number) => `/founders${queryString({ q: data.q, country: data.country, page })}`} />`
      : null
  }
<//>`;

export const FounderView = (founder: Founder, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${founder.name}
  description=${founder.bio ?? founder.name}
>
  <p class="muted"><a href="/founders">Founders</a> ›</p>
  <h1>${founder.name}</h1>
  ${founder.title ? html`<p class="tagline">${founder.title}${founder.country ? `, ${founder.country}` : ''}</p>` : null}
  ${founder.bio ? html`<p>${founder.bio}</p>` : null}
  ${
    Object.values(founder.socials ?? {}).some((url) => typeof url === 'string')
      ? html`<ul>${Object.entries(founder.socials ?? {})
          .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]))
          .map(([network, url]) => html`<li><a href=${url} rel="noopener ugc">${network}</a></li>`)}</ul>`
      : null
  }
  ${
    founder.companies?.length
      ? html`<h2>Companies</h2><ul class="listing-list">${founder.companies.map((company) => html`<${ListingRow} listing=${company} />`)}</ul>`
      : null
  }
  ${(founder.stories ?? []).map(
    (
      story,
    ) => html`<section><h2>${story.title ?? 'Story'} <span class="muted">(<a href=${`/listings/${story.listing}`}>${story.listing}</a>)</span></h2>
      ${Object.entries(story.sections).map(([, text]) => html`<${Markdown} text=${text} headingLevel=${3} />`)}
    </section>`,
  )}
<//>`;

/** `/founders` (searchable by name and country) and `/founders/{slug}` */
export const founderRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get<{ Querystring: Record<string, string | undefined> }>('/founders', async (request, reply) => {
    const q = typeof request.query.q === 'string' ? request.query.q : '';
    const country = typeof request.query.country === 'string' ? request.query.country : '';
    const query: Record<string, string> = {};
    if (q) query.q = q;
    if (country) query.country = country;
    if (typeof request.query.page === 'string') query.page = request.query.page;
    return web.page(request, reply, async (frame) => {
      const founders = await web.catalog.call(listFounders, { query });
      if (!founders.ok && founders.status === 400) {
        const view = FoundersView({ founders: null, q, country, errors: fieldErrorsOf(founders.errors) }, frame);
        return { tree: view, status: 400 };
      }
      return FoundersView({ founders: must(founders), q, country, errors: {} }, frame);
    });
  });
  app.get<{ Params: { slug: string } }>('/founders/:slug', async (request, reply) => {
    return web.page(request, reply, async (frame) => {
      const founder = await web.catalog.call(getFounder, { params: { slug: request.params.slug } });
      if (!founder.ok && (founder.status === 404 || founder.status === 400))
        return { tree: NotFoundView({ what: 'There is no such founder.' }, frame), status: 404 };
      return FounderView(must(founder), frame);
    });
  });
};
