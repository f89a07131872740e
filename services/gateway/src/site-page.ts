import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from './identity/identity-store.ts';
import { escapeHtml } from './identity/oauth-server.ts';

/** The site's double-submit CSRF cookie: one token for every form of the site. */
export const CSRF_COOKIE = 'ld_csrf';

/**
 * CSRF for the site's forms: `csrfOf` gives the token a page's forms carry (set as an HttpOnly,
 * SameSite=Lax cookie, Secure when the site is https), `csrfOk` checks a posted form against it.
 */
export const siteCsrf = (options: { secure: boolean }) => ({
  csrfOf: (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = request.cookies[CSRF_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
    return token;
  },
  csrfOk: (request: FastifyRequest): boolean => {
    const cookie = request.cookies[CSRF_COOKIE];
    const sent = (request.body as Record<string, unknown> | undefined)?.csrf;
    return Boolean(cookie) && typeof sent === 'string' && sent === cookie;
  },
});

/**
 * The frame of the gateway's own pages (sign-in, API keys, OAuth), so they look like the site: a
 * header with the API reference and the account links, the title as heading, the body. `head` goes before the
 * title, `style` is the page's stylesheet.
 */
export const sitePage = (page: {
  title: string;
  body: string;
  account: Account | null;
  csrf: string;
  style: string;
  head?: string;
}): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${page.head ?? ''}<title>${escapeHtml(page.title)} · Listings Directory</title>
<style>${page.style}</style>
</head><body><header><a href="/api/v1/docs">API reference</a> ·
${page.account ? `signed in as ${escapeHtml(page.account.email)} · <a href="/account/api-keys">API keys</a> · <form method="post" action="/signout" style="display:inline"><input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}"><button>Sign out</button></form>` : '<a href="/signin">Sign in</a> · <a href="/signup">Sign up</a>'}
</header><main><h1>${escapeHtml(page.title)}</h1>${page.body}</main></body></html>`;
