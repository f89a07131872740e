import { OUTBOUND_REF_MAX_LENGTH, OutboundRef, recordOutboundClick, USER_AGENT_MAX_LENGTH } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import type { Sessions } from '../../people/sessions.ts';
import { PageError, type WebContext } from '../../web-context.ts';
import { visitorCookie, visitorCookieOf } from '../listing/visitors.ts';

/** the listing's own URL, with the owner's `ref` (already checked) set as a query parameter */
export const outboundUrl = (url: string, ref: string | undefined): string => {
  if (ref === undefined) return url;
  const target = new URL(url);
  target.searchParams.set('ref', ref);
  return target.href;
};

/**
 * `/go/{slug}`: a listing's "Visit" link. Catalog counts the click (once per visitor per listing
 * per UTC day by a keyed hash of the visitor, bots left out) and names the listing's own URL,
 * the only place this answers a 302 to: nothing in the request can choose another target, so this
 * is no open redirect. `?ref=` (a tag the owner picks for the links they share, OutboundRef) is
 * appended to that URL; a `ref` outside its limits is a 400 naming it. The visitor is the signed-in
 * account, else the visitor cookie's id, else the client's address and user agent (catalog keeps
 * only an HMAC of them).
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
    app.get<{ Params: { slug: string }; Querystring: { ref?: unknown } }>('/go/:slug', async (request, reply) => {
      const { ref } = request.query;
      if (ref !== undefined && !Value.Check(OutboundRef, ref))
        throw new PageError(
          400,
          `ref: at most ${OUTBOUND_REF_MAX_LENGTH} letters, digits or the characters . _ ~ - (one ref, not several)`,
        );
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
        .redirect(outboundUrl(found.body.url, ref as string | undefined), 302);
    });
  };
