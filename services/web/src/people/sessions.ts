import { randomBytes, timingSafeEqual } from 'node:crypto';
import { lookupSession, type NewSiteSession, type SiteSession, signOut, voterDiscountOf } from '@listings/contracts';
import { sessionCookie } from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../viewer.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** a form's fields, as @fastify/formbody parses them (a repeated field is an array) */
export type Form = Record<string, string | string[] | undefined>;
export const field = (form: Form | undefined, name: string): string => {
  const value = form?.[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
export const fields = (form: Form | undefined, name: string): string[] => {
  const value = form?.[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Server-side sessions for the web edge: the cookie holds identity's session token; each request
 * asks identity once (`lookup_session`) who it is, and the answer carries the CSRF token bound to
 * that session. The cookie is HttpOnly, SameSite=Lax, Path=/, and on https Secure and named
 * `__Host-ld_session` (so a developer on http://localhost still gets one: `ld_session`).
 */
export const createSessions = (deps: { identity: InternalClient; publicUrl: string }) => {
  const cookie = sessionCookie(deps.publicUrl);
  const publicOrigin = new URL(deps.publicUrl).origin;
  const looked = new WeakMap<FastifyRequest, Promise<SiteSession | null>>();

  const tokenOf = (request: FastifyRequest): string | null => {
    const token = request.cookies[cookie.name];
    return token && TOKEN_PATTERN.test(token) ? token : null;
  };

  /** the request's session (asked of identity once per request), null when signed out */
  const sessionOf = (request: FastifyRequest): Promise<SiteSession | null> => {
    let found = looked.get(request);
    if (!found) {
      const token = tokenOf(request);
      found = token
        ? deps.identity
            .send<SiteSession>(lookupSession, { session_token: token })
            .then((outcome) => (outcome.ok ? outcome.body : null))
        : Promise.resolve(null);
      looked.set(request, found);
    }
    return found;
  };

  const viewerOf = async (request: FastifyRequest): Promise<Viewer | null> => {
    const session = await sessionOf(request);
    if (!session) return null;
    const voteDiscount = voterDiscountOf(session, new Date().toISOString());
    return {
      accountId: session.account_id,
      name: session.name ?? session.email,
      csrfToken: session.csrf_token,
      ...(session.roles?.length ? { roles: session.roles } : {}),
      ...(voteDiscount ? { voteDiscount } : {}),
    };
  };

  /**
   * After a sign-in: the browser's previous session (of anyone), when it sent one, ends, so one
   * browser holds one session and a token someone planted or left behind dies; then the new cookie.
   */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, created: NewSiteSession): Promise<void> => {
    const previous = tokenOf(request);
    if (previous && previous !== created.session_token) await deps.identity.send(signOut, { session_token: previous });
    // a FastifyReply is thenable: it is never handed back through a promise
    setSessionCookie(reply, created);
  };
  const setSessionCookie = (reply: FastifyReply, created: NewSiteSession) =>
    reply.setCookie(cookie.name, created.session_token, {
      ...cookie.options,
      expires: new Date(created.session.expires_at),
    });
  const endSession = (reply: FastifyReply) => reply.clearCookie(cookie.name, cookie.options);

  /**
   * The one check every POST of the site passes, before it does anything:
   * 1. not cross-site: `Sec-Fetch-Site` (when the browser sends it) is same-origin or none;
   *    without it, an `Origin` (when sent) is this site's;
   * 2. with a session, the form's `csrf` field equals the token bound to that session.
   * Returns why it is refused, or null.
   */
  const refusal = async (request: FastifyRequest): Promise<string | null> => {
    // a browser that says where the request comes from is believed (pages sent with
    // `Referrer-Policy: no-referrer` post with `Origin: null` even to themselves); otherwise the
    // Origin header, when there is one, must be this site
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string') {
      if (site !== 'same-origin' && site !== 'none') return 'a cross-site form is refused';
    } else {
      const origin = request.headers.origin;
      const here = `${request.protocol}://${request.host}`;
      if (typeof origin === 'string' && origin !== publicOrigin && origin !== here)
        return 'a cross-site form is refused';
    }
    const session = await sessionOf(request);
    if (session) {
      const sent = field(request.body as Form | undefined, 'csrf');
      if (!sameText(sent, session.csrf_token)) return 'the form has expired: reload the page and try again';
    }
    return null;
  };

  return { sessionOf, viewerOf, tokenOf, startSession, endSession, refusal };
};

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Forms that must not act twice (a double click, a resubmitted page) carry a one-time `form_id`;
 * the second arrival of an id is recognised and does nothing. Ids are remembered for an hour.
 */
export const createFormOnce = (now: () => number) => {
  const seen = new Map<string, number>();
  return {
    newId: () => randomBytes(16).toString('base64url'),
    /** true the first time this id arrives */
    take: (id: string): boolean => {
      const at = now();
      if (seen.size > 10_000) for (const [key, until] of seen) if (until <= at) seen.delete(key);
      if (!/^[A-Za-z0-9_-]{16,40}$/.test(id)) return true;
      if ((seen.get(id) ?? 0) > at) return false;
      seen.set(id, at + 3_600_000);
      return true;
    },
  };
};
