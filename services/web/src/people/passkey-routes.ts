import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  localPathOrNull,
  type NewSiteSession,
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEY_NAME_MAX_LENGTH,
  removePasskey,
  type SiteSession,
} from '@listings/contracts';
import { siteCookie } from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from '../frame.ts';
import type { PasskeyForm } from '../pages/me/passkeys.ts';
import type { Viewer } from '../viewer.ts';
import { type Form, field, type Sessions } from './sessions.ts';

/** the sign-in ceremony's token: only for the two sign-in paths, and only for the ceremony's life */
/** the passkey sign-in ceremony's cookie (`__Host-ld_passkey` on https, so Path=/: siteCookie) */
const CEREMONY_COOKIE = 'ld_passkey';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

type SignedIn = { session: SiteSession; token: string; frame: PageFrame & { viewer: Viewer } };

/** the authenticator's answer as the script put it in the form's hidden `response` field, or null */
const answerOf = (form: Form): object | null => {
  try {
    const parsed: unknown = JSON.parse(field(form, 'response'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const NO_ANSWER =
  'your browser sent no passkey: passkeys need JavaScript and a browser or device that supports them (or the request was cancelled)';

/**
 * Passkeys on the site: adding and removing them on `/me`, and signing in with one. The options
 * (`…/options`, JSON for the site script) and the verification come from identity; this edge only
 * carries them, keeps the sign-in ceremony's token in a short-lived HttpOnly cookie, and opens the
 * same session cookie as the mailed link. Every POST passes the one form check first.
 */
export const passkeyRoutes = (
  app: FastifyInstance,
  deps: {
    identity: InternalClient;
    sessions: Sessions;
    publicUrl: string;
    refused: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
    signedIn: (request: FastifyRequest, reply: FastifyReply, next: string) => Promise<SignedIn | null>;
    showMe: (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      extra: { status?: number; notice?: string | null; passkeyForm?: PasskeyForm },
    ) => Promise<unknown>;
    showSignIn: (
      request: FastifyRequest,
      reply: FastifyReply,
      extra: { status: number; next: string; passkeyError: string },
    ) => Promise<unknown>;
  },
): void => {
  const { identity, sessions } = deps;
  const ceremonyCookie = siteCookie(CEREMONY_COOKIE, deps.publicUrl, 'strict');
  const json = (reply: FastifyReply, status: number, body: object) =>
    reply.code(status).header('cache-control', 'no-store').send(body);

  app.post('/me/passkeys/options', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const token = sessions.tokenOf(request);
    if (!token || !(await sessions.sessionOf(request))) return json(reply, 401, { error: 'sign in first' });
    const begun = await identity.send<{ options: object }>(beginPasskeyRegistration, { session_token: token });
    return begun.ok ? json(reply, 200, begun.body.options) : json(reply, begun.status, { error: begun.detail });
  });

  app.post('/me/passkeys', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const me = await deps.signedIn(request, reply, '/me');
    if (!me) return reply;
    const form = request.body as Form;
    const name = field(form, 'name').trim();
    const response = answerOf(form);
    const errors: Record<string, string[]> = {};
    if (name.length > PASSKEY_NAME_MAX_LENGTH) errors.name = [`at most ${PASSKEY_NAME_MAX_LENGTH} characters`];
    if (!response) errors.response = [NO_ANSWER];
    if (Object.keys(errors).length > 0)
      return deps.showMe(request, reply, me, { status: 400, passkeyForm: { name, errors } });
    const added = await identity.send<{ passkey: { name: string } }>(finishPasskeyRegistration, {
      session_token: me.token,
      name,
      response,
    });
    if (!added.ok)
      return deps.showMe(request, reply, me, {
        status: added.status,
        passkeyForm: { name, errors: { response: [added.detail] } },
      });
    return deps.showMe(request, reply, me, {
      status: 201,
      notice: `Passkey “${added.body.passkey.name}” added: you can sign in with it.`,
    });
  });

  app.post('/me/passkeys/remove', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const me = await deps.signedIn(request, reply, '/me');
    if (!me) return reply;
    const removed = await identity.send(removePasskey, {
      session_token: me.token,
      passkey_id: field(request.body as Form, 'passkey_id').slice(0, 40),
    });
    return deps.showMe(request, reply, me, {
      status: removed.ok ? 200 : removed.status,
      notice: removed.ok ? 'The passkey is removed: it no longer signs you in.' : removed.detail,
    });
  });

  app.post('/signin/passkey/options', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const begun = await identity.send<{ ceremony_token: string; options: object }>(beginPasskeySignIn, {
      client_ip: request.ip,
    });
    if (!begun.ok) return json(reply, begun.status, { error: begun.detail });
    reply.setCookie(ceremonyCookie.name, begun.body.ceremony_token, {
      ...ceremonyCookie.options,
      maxAge: PASSKEY_CEREMONY_TTL_SECONDS,
    });
    return json(reply, 200, begun.body.options);
  });

  app.post('/signin/passkey', async (request, reply) => {
    if (await deps.refused(request, reply)) return reply;
    const form = request.body as Form;
    const next = localPathOrNull(field(form, 'next')) ?? '/';
    const ceremony = request.cookies[ceremonyCookie.name];
    // the ceremony is used up whatever happens next
    reply.clearCookie(ceremonyCookie.name, ceremonyCookie.options);
    const response = answerOf(form);
    if (!response) return deps.showSignIn(request, reply, { status: 400, next, passkeyError: NO_ANSWER });
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
