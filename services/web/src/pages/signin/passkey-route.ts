import {
  beginPasskeySignIn,
  finishPasskeySignIn,
  localPathOrNull,
  type NewSiteSession,
  PASSKEY_CEREMONY_TTL_SECONDS,
} from '@listings/contracts';
import { siteCookie } from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_PASSKEY_ANSWER, passkeyAnswerOf } from '../../people/passkey-answer.ts';
import type { PersonPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';

/** the passkey sign-in ceremony's cookie (`__Host-ld_passkey` on https, so Path=/: siteCookie) */
const CEREMONY_COOKIE = 'ld_passkey';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Signing in with a passkey. The options (`/signin/passkey/options`, JSON for the site script) and
 * the verification come from identity; this edge only carries them, keeps the ceremony's token in
 * a short-lived HttpOnly cookie (only for the two sign-in paths, and only for the ceremony's life),
 * and opens the same session cookie as the mailed link. A failure shows the sign-in page with why.
 */
export const passkeySignInRoutes = (
  app: FastifyInstance,
  deps: {
    identity: InternalClient;
    sessions: Sessions;
    publicUrl: string;
    refused: PersonPages['refused'];
    showSignIn: (
      request: FastifyRequest,
      reply: FastifyReply,
      failed: { status: number; next: string; passkeyError: string },
    ) => Promise<unknown>;
  },
): void => {
  const { identity, sessions } = deps;
  const ceremonyCookie = siteCookie(CEREMONY_COOKIE, deps.publicUrl, 'strict');

  app.post('/signin/passkey/options', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const begun = await identity.send<{ ceremony_token: string; options: object }>(beginPasskeySignIn, {
      client_ip: request.ip,
    });
    reply.header('cache-control', 'no-store');
    if (!begun.ok) return reply.code(begun.status).send({ error: begun.detail });
    reply.setCookie(ceremonyCookie.name, begun.body.ceremony_token, {
      ...ceremonyCookie.options,
      maxAge: PASSKEY_CEREMONY_TTL_SECONDS,
    });
    return reply.code(200).send(begun.body.options);
  });

  app.post('/signin/passkey', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const form = request.body as Form;
    const next = localPathOrNull(field(form, 'next')) ?? '/';
    const ceremony = request.cookies[ceremonyCookie.name];
    // the ceremony is used up whatever happens next
    reply.clearCookie(ceremonyCookie.name, ceremonyCookie.options);
    const response = passkeyAnswerOf(form);
    if (!response) return deps.showSignIn(request, reply, { status: 400, next, passkeyError: NO_PASSKEY_ANSWER });
    if (!ceremony || !TOKEN_PATTERN.test(ceremony))
      return deps.showSignIn(request, reply, {
        status: 410,
        next,
        passkeyError: 'this passkey sign-in took too long or was finished already: try again',
      });
    const finished = await identity.send<NewSiteSession>(finishPasskeySignIn, {
      ceremony_token: ceremony,
      response,
      next,
    });
    if (!finished.ok)
      return deps.showSignIn(request, reply, {
        status: [400, 401, 410, 503].includes(finished.status) ? finished.status : 401,
        next,
        passkeyError: finished.detail,
      });
    await sessions.startSession(request, reply, finished.body);
    return reply.redirect(localPathOrNull(finished.body.next) ?? '/', 303);
  });
};
