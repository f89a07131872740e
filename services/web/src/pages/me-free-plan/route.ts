import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  chooseFreeListing,
  getBadges,
  getMyListing,
} from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { ownListingPages, type SignedIn } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { isPublic } from '../me-listings/view.ts';
import { type BadgeChoice, type FreePlanListing, FreePlanView, freePlanPath } from './view.ts';

const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** the shape, mode and size asked for; anything else is the catalog's default (a link never breaks) */
export const choiceOf = (query: Record<string, unknown>): BadgeChoice => ({
  shape: oneOf(BADGE_SHAPES, query.shape, 'standard'),
  mode: oneOf(BADGE_MODES, query.mode, 'auto'),
  size: oneOf(BADGE_SIZES, query.size, 'm'),
});

/** the badge the free plan asks for: any badge links to the listing's page, "Listed on" is the one every public listing has */
const FREE_PLAN_BADGE = 'listed-on';

/**
 * `/me/listings/{id}/free-plan`: the free plan of one of the person's listings (get_my_listing,
 * choose_free_listing, called as that person) and its badge (get_badges, public). Someone else's
 * listing answers the same 404 page as one that does not exist. Choosing twice acts once: the
 * catalog refuses the second (the listing is no longer a draft), which is then shown as chosen.
 */
export const meFreePlanRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { sendPrivate, message, refused, signedIn, notYours } = await ownListingPages(app, web, deps.sessions);
    const { person } = deps;

    /** the listing if it is the person's; otherwise the HTTP status that says why not (404: not theirs) */
    const listingOf = async (me: SignedIn, id: string) => {
      const found = await person.call(getMyListing, me.session.account_id, { params: { listing_id: id } });
      if (found.ok) return { ok: true as const, listing: found.body as unknown as FreePlanListing };
      // an id that is not a number names no listing: the same 404 as someone else's
      const status = found.status === 404 || found.status === 400 ? 404 : 503;
      return { ok: false as const, status, detail: found.detail };
    };

    app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
      '/me/listings/:id/free-plan',
      async (request, reply) => {
        const { id } = request.params;
        const me = await signedIn(request, reply, request.url);
        if (!me) return reply;
        const found = await listingOf(me, id);
        if (!found.ok)
          return found.status === 404
            ? notYours(request, reply, me)
            : message(request, reply, 503, { title: 'Try again shortly', message: found.detail });
        const { listing } = found;
        const choice = choiceOf(request.query);
        // a listing not public yet (a draft) has no badge to show
        const badges = isPublic(listing.status)
          ? await web.catalog.call(getBadges, { params: { slug: listing.slug }, query: { ...choice } })
          : null;
        const items = badges?.ok ? badges.body.items : [];
        const badge = items.find((b) => b.kind === FREE_PLAN_BADGE) ?? items[0] ?? null;
        return sendPrivate(
          request,
          reply,
          me.frame,
          FreePlanView(
            {
              listing,
              choice,
              badge,
              chosen: request.query.chosen === '1',
              error: badges && !badges.ok ? 'The badge cannot be shown just now: reload the page shortly.' : null,
            },
            me.frame,
          ),
        );
      },
    );

    app.post<{ Params: { id: string } }>('/me/listings/:id/free-plan', async (request, reply) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, freePlanPath(id));
      if (!me) return reply;
      const chosen = await person.call(chooseFreeListing, me.session.account_id, { params: { listing_id: id } });
      if (!chosen.ok) {
        if (chosen.status === 404 || chosen.status === 400) return notYours(request, reply, me);
        // refused: chosen already (a second submit of the form) is what was asked for
        const now = chosen.status === 409 ? await listingOf(me, id) : null;
        if (!(now?.ok && now.listing.plan === 'free'))
          return message(request, reply, chosen.status === 409 ? 409 : 503, {
            title: 'The free plan was not chosen',
            message: chosen.detail,
            link: { href: freePlanPath(id), label: 'Back to the free plan' },
          });
      }
      return reply.redirect(`${freePlanPath(id)}?chosen=1`, 303);
    });
  };
