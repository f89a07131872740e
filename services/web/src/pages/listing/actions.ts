import fastifyFormbody from '@fastify/formbody';
import {
  castVote,
  followListing,
  localPathOrNull,
  unfollowListing,
  VOTE_RATE_LIMITS,
  withdrawVote,
} from '@listings/contracts';
import type { RateLimiter } from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personPages, wantsJson } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { networkOf } from './visitors.ts';

/**
 * The signed-in actions on a listing page: vote (or withdraw the vote; limited per account and per
 * client IP) and follow (or unfollow), asked of catalog. The page's script posts them for JSON; a
 * plain form goes back where the person was (`return_to`).
 */
export const listingActionRoutes =
  (deps: { catalog: InternalClient; sessions: Sessions; limiter: RateLimiter }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { catalog, limiter } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { message, refused, signedIn } = personPages(web, deps.sessions);

    const returnTo = (request: FastifyRequest, slug: string) =>
      localPathOrNull(field(request.body as Form, 'return_to')) ?? `/listings/${slug}`;
    /** done: JSON for the page's script, else back where the person was */
    const backTo = (request: FastifyRequest, reply: FastifyReply, slug: string, body: object) =>
      wantsJson(request)
        ? reply.header('cache-control', 'no-store').send(body)
        : reply.redirect(returnTo(request, slug), 303);
    const failed = (
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: { status: number; detail: string },
      slug: string,
    ) =>
      wantsJson(request)
        ? reply.code(outcome.status).send({ error: outcome.detail })
        : message(request, reply, outcome.status, {
            title: outcome.status === 403 ? 'Not allowed' : 'That did not work',
            message: outcome.detail,
            link:
              outcome.status === 403 && /confirm your email/.test(outcome.detail)
                ? { href: '/me', label: 'Confirm your email on your account page' }
                : { href: `/listings/${slug}`, label: 'Back to the listing' },
          });
    /** the seconds to wait when this account or this client IP voted too often, else null */
    const voteWait = async (request: FastifyRequest, accountId: string): Promise<number | null> => {
      for (const decision of await Promise.all([
        limiter.hit(`account:${accountId}`, { name: 'votes-account', ...VOTE_RATE_LIMITS.perAccount }),
        limiter.hit(`ip:${request.ip}`, { name: 'votes-ip', ...VOTE_RATE_LIMITS.perIp }),
      ]))
        if (!decision.allowed) return decision.resetSeconds;
      return null;
    };

    app.post<{ Params: { slug: string } }>('/listings/:slug/vote', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, returnTo(request, slug));
      if (!me) return reply;
      const wait = await voteWait(request, me.session.account_id);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        return failed(request, reply, { status: 429, detail: `too many votes: try again in ${wait} s` }, slug);
      }
      const account_id = me.session.account_id;
      const outcome =
        field(request.body as Form, 'action') === 'withdraw'
          ? await catalog.send<object>(withdrawVote, { slug, account_id })
          : await catalog.send<object>(castVote, {
              slug,
              account_id,
              email_confirmed: me.session.email_confirmed,
              // what the ranking rules weigh the vote by (docs/ranking.md): the network goes as its
              // prefix only, and catalog keeps only a keyed hash of it
              account_created_at: me.session.account_created_at,
              email_disposable: me.session.email_disposable,
              suspended: me.session.suspended,
              network: networkOf(request.ip, 48),
            });
      return outcome.ok ? backTo(request, reply, slug, outcome.body) : failed(request, reply, outcome, slug);
    });

    app.post<{ Params: { slug: string } }>('/listings/:slug/follow', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, returnTo(request, slug));
      if (!me) return reply;
      const contract = field(request.body as Form, 'action') === 'unfollow' ? unfollowListing : followListing;
      const outcome = await catalog.send<object>(contract, { slug, account_id: me.session.account_id });
      return outcome.ok ? backTo(request, reply, slug, outcome.body) : failed(request, reply, outcome, slug);
    });
  };
