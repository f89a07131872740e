import { getAlternatives, getBadges, getListing, listAwards } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { must, type WebContext } from '../../web-context.ts';
import { NotFoundView } from '../not-found/view.ts';
import { type ListingData, ListingView } from './view.ts';

/**
 * `/listings/{slug}`: everything public about a listing; an unknown slug is a 404 page with a search
 * box. `/listings` redirects to `/search`, where every listing is browsed.
 */
export const listingRoutes = async (app: FastifyInstance, web: WebContext) => {
  // every listing is browsed (with its filters and sorts) at /search; /listings alone is that page
  app.get('/listings', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/search' : `/search${request.url.slice(query)}`);
  });
  app.get<{ Params: { slug: string } }>('/listings/:slug', async (request, reply) => {
    const { slug } = request.params;
    return web.page(request, reply, async (frame) => {
      const [listing, alternatives, badges, awards, mine] = await Promise.all([
        web.catalog.call(getListing, { params: { slug } }),
        web.catalog.call(getAlternatives, { params: { slug } }),
        web.catalog.call(getBadges, { params: { slug } }),
        web.catalog.call(listAwards, { query: { listing: slug, per_page: '10' } }),
        frame.viewer ? web.mine(slug, frame.viewer) : null,
      ]);
      if (!listing.ok && (listing.status === 404 || listing.status === 400)) {
        const what = `There is no listing called “${slug}”. Search for it instead:`;
        return { tree: NotFoundView({ what, query: slug.replace(/-/g, ' ') }, frame), status: 404 };
      }
      const data: ListingData = {
        listing: must(listing),
        // the page stands without its side panels when one of them cannot be had
        alternatives: alternatives.ok ? alternatives.body.items : [],
        badges: badges.ok ? badges.body.items : [],
        awards: awards.ok ? awards.body.items : [],
        mine,
      };
      return ListingView(data, frame);
    });
  });
};
