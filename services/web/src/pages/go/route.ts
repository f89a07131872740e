import { recordOutboundClick, USER_AGENT_MAX_LENGTH } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sessions } from '../../people/sessions.ts';
import { PageError, type WebContext } from '../../web-context.ts';
import { visitorCookie, visitorCookieOf } from '../listing/visitors.ts';

/**
 * `/go/{slug}`: a listing's "Visit" link. Catalog counts the click (once per visitor per listing
 * per UTC day by a keyed hash of the visitor, bots left out) and names the listing's own URL, with
 * the `ref` its owner chose (update_my_listing `fields.outbound_ref`) as a query parameter: the
 * only place this answers a 302 to. Nothing in the request can choose another target or ref, so
 * this is no open redirect. The visitor is the signed-in account, else the visitor cookie's id,
 * else the client's address and user agent (catalog keeps only an HMAC of them).
 */
export const goRoutes =
  (deps: { catalog: InternalClient; sessions: Sessions }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const cookie = visitorCookie(web.publicUrl);
    const visitorOf = async (request: FastifyRequest, userAgent: string | null): Promise<string> => {
      const account = (await deps.sessions.sessionOf(request))?.account_id;
      if (account) return `account:${account}`;
      const id = visitorCookieOf(request, cookie);
      return id ? `cookie:${id}` : `client:${request.ip} ${userAgent ?? ''}`;
    };
    app.get<{ Params: { slug: string } }>('/go/:slug', async (request, reply) => {
      const agent = request.headers['user-agent'];
      const userAgent = typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX_LENGTH) : null;
      const found = await deps.catalog.send<{ url: string; counted: boolean }>(recordOutboundClick, {
        slug: request.params.slug,
        visitor: await visitorOf(request, userAgent),
        user_agent: userAgent,
      });
      if (!found.ok) throw new PageError(found.status === 400 ? 404 : found.status, found.detail);
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .redirect(found.body.url, 302);
    });
  };
