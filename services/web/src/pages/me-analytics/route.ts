import { getListingAnalytics, getMyListing } from '@listings/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { personPages, type SignedIn } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type Analytics, AnalyticsView } from './view.ts';

/** the CSV's columns: a day's fields, in the contract's order */
export const ANALYTICS_CSV_COLUMNS = Object.keys(getListingAnalytics.response.properties.days.items.properties);

type Query = { range?: string };

/**
 * `/me/listings/{id}/analytics` (and `.csv`): an owner's analytics of one of their listings
 * (get_listing_analytics, called as that person), over the range the page's links choose. Someone
 * else's listing answers the same 404 page as one that does not exist (catalog decides); a range
 * that is not one of the three is a 400 page naming `range`.
 */
export const meAnalyticsRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { sendPrivate, message, notFound, signedIn } = personPages(web, deps.sessions);
    const { person } = deps;

    /** the listing's name and analytics, or null once the page saying why is sent */
    const load = async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: Query }>,
      reply: FastifyReply,
      me: SignedIn,
    ) => {
      const params = { listing_id: request.params.id };
      const query = request.query.range === undefined ? {} : { range: request.query.range };
      const [listing, analytics] = await Promise.all([
        person.call(getMyListing, me.session.account_id, { params }),
        person.call(getListingAnalytics, me.session.account_id, { params, query }),
      ]);
      // an id that is not a number names no listing: the same 404 as someone else's
      if (!listing.ok && (listing.status === 404 || listing.status === 400)) {
        await notFound(request, reply, me.frame, 'You own no listing with this number.');
        return null;
      }
      if (!analytics.ok) {
        const bad = analytics.status === 400;
        await message(request, reply, bad ? 400 : 503, {
          title: bad ? 'No such range' : 'Try again shortly',
          message: bad ? 'range: one of launch_week, 30_days or 90_days' : analytics.detail,
          link: { href: `/me/listings/${request.params.id}/analytics`, label: 'Back to the analytics' },
        });
        return null;
      }
      if (!listing.ok) {
        await message(request, reply, 503, { title: 'Try again shortly', message: listing.detail });
        return null;
      }
      return { name: listing.body.name ?? listing.body.slug, analytics: analytics.body as Analytics };
    };

    app.get<{ Params: { id: string }; Querystring: Query }>('/me/listings/:id/analytics', async (request, reply) => {
      const me = await signedIn(request, reply, request.url);
      if (!me) return reply;
      const loaded = await load(request, reply, me);
      if (!loaded) return reply;
      return sendPrivate(request, reply, me.frame, AnalyticsView(loaded, me.frame));
    });

    app.get<{ Params: { id: string }; Querystring: Query }>(
      '/me/listings/:id/analytics.csv',
      async (request, reply) => {
        const me = await signedIn(request, reply, request.url);
        if (!me) return reply;
        const loaded = await load(request, reply, me);
        if (!loaded) return reply;
        const { analytics: a } = loaded;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="analytics-${a.slug}-${a.from}-${a.to}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(stringify(a.days, { header: true, columns: ANALYTICS_CSV_COLUMNS }));
      },
    );
  };
