import fastifyFormbody from '@fastify/formbody';
import { listOAuthGrants, type OAuthGrantSummary, revokeOAuthGrant } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { MyAppsView } from './view.ts';

const GRANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `/me/apps`: the person's connected OAuth apps, from identity over the bus (the same channel as
 * the API keys on /me: `gateway.internal.list_oauth_grants`, `revoke_oauth_grant`, with the session
 * token, so identity answers only for that person's own grants). Revoking passes the session's
 * one form check first, then comes back to the list (303).
 */
export const meAppsRoutes =
  (deps: { sessions: Sessions; identity: InternalClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 4 * 1024 });
    const { sendPrivate, refused, signedIn } = personPages(web, deps.sessions);
    const { identity, sessions } = deps;

    app.get<{ Querystring: { revoked?: string; missing?: string } }>('/me/apps', async (request, reply) => {
      const me = await signedIn(request, reply, '/me/apps');
      const token = sessions.tokenOf(request);
      if (!me || !token) return reply;
      const found = await identity.send<{ grants: OAuthGrantSummary[] }>(listOAuthGrants, { session_token: token });
      const notice =
        request.query.revoked !== undefined
          ? 'The app is disconnected: its tokens no longer work.'
          : request.query.missing !== undefined
            ? 'That app is not connected to your account (any more).'
            : null;
      return sendPrivate(
        request,
        reply,
        me.frame,
        MyAppsView({ grants: found.ok ? found.body.grants : [], notice, unavailable: !found.ok }, me.frame),
        found.ok ? 200 : 503,
      );
    });

    app.post('/me/apps/revoke', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me/apps');
      const token = sessions.tokenOf(request);
      if (!me || !token) return reply;
      const grantId = field(request.body as Form, 'grant_id');
      if (!GRANT_ID.test(grantId)) return reply.redirect('/me/apps?missing', 303);
      const revoked = await identity.send(revokeOAuthGrant, { session_token: token, grant_id: grantId });
      if (revoked.ok) return reply.redirect('/me/apps?revoked', 303);
      if (revoked.status === 404) return reply.redirect('/me/apps?missing', 303);
      const found = await identity.send<{ grants: OAuthGrantSummary[] }>(listOAuthGrants, { session_token: token });
      return sendPrivate(
        request,
        reply,
        me.frame,
        MyAppsView(
          {
            grants: found.ok ? found.body.grants : [],
            notice: `The app could not be disconnected: ${revoked.detail}`,
            unavailable: !found.ok,
          },
          me.frame,
        ),
        revoked.status >= 500 ? 503 : revoked.status,
      );
    });
  };
