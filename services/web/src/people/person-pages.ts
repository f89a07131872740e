import fastifyFormbody from '@fastify/formbody';
import { localPathOrNull, type SiteSession } from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from '../frame.ts';
import type { VNode } from '../html.ts';
import { NotFoundView } from '../pages/not-found/view.ts';
import { MessageView } from '../pages/signin/view.ts';
import { renderPage, sendRendered } from '../send-page.ts';
import type { Viewer } from '../viewer.ts';
import type { WebContext } from '../web-context.ts';
import type { Sessions } from './sessions.ts';

/** the signed-in person: their session, its token (identity's requests name it) and the page frame */
export type SignedIn = { session: SiteSession; token: string; frame: PageFrame & { viewer: Viewer } };

/** the page's script asks for JSON (a vote, a follow, a passkey's options); a plain form wants a page */
export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/** the `?page=` of a person's list: 1 to 999, anything else the first */
export const listPageOf = (text: string | undefined): number =>
  /^[1-9][0-9]{0,2}$/.test(text ?? '') ? Number(text) : 1;

/** the input of a `list_my_*` operation for that page (as text, as from a URL) */
export const listInput = (page: number, perPage: number) => ({
  query: { page: String(page), per_page: String(perPage) },
});

/**
 * What the people pages share (sign-in, `/me` and a person's own things, the actions on a
 * listing): pages never stored by a cache, even for someone not signed in (they carry one-time
 * tokens, a person's own data or answers to their own form); the one check every form passes
 * first (`sessions.refusal`: no cross-site form, the session's CSRF token); and "signed in, or off
 * to sign in and back here".
 */
export const personPages = (web: WebContext, sessions: Sessions) => {
  /** a person's own page: private, never stored by a cache */
  const sendPrivate = (request: FastifyRequest, reply: FastifyReply, frame: PageFrame, tree: VNode, status = 200) =>
    sendRendered(request, reply, { ...renderPage(frame, tree, status), etag: null });

  const message = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    props: Parameters<typeof MessageView>[0],
  ) => {
    const frame = await web.frameOf(request, reply);
    return sendPrivate(request, reply, frame, MessageView(props, frame), status);
  };

  /** a person's own list that could not be read: a page saying why, with the way back to `/me` */
  const listNotShown = (
    request: FastifyRequest,
    reply: FastifyReply,
    failed: { status: number; detail: string },
    title: string,
  ) =>
    message(request, reply, failed.status >= 500 ? 503 : failed.status, {
      title,
      message: failed.detail,
      link: { href: '/me', label: 'Back to your account' },
    });

  /** the HTML 404 page: someone else's listing or claim looks exactly like one that does not exist */
  const notFound = (request: FastifyRequest, reply: FastifyReply, frame: PageFrame, what: string) =>
    sendPrivate(request, reply, frame, NotFoundView({ what }, frame), 404);

  /**
   * true when the form is refused (its 403 page, or JSON for the script, is sent): the handler
   * then returns `reply`. (A FastifyReply is thenable, so it is never handed back through a promise.)
   */
  const refused = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const why = await sessions.refusal(request);
    if (why === null) return false;
    if (wantsJson(request)) reply.code(403).send({ error: why });
    else await message(request, reply, 403, { title: 'Form refused', message: why });
    return true;
  };

  /** the signed-in person, or null after a redirect to sign in that comes back to `next` */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, next: string): Promise<SignedIn | null> => {
    const session = await sessions.sessionOf(request);
    const token = sessions.tokenOf(request);
    if (!session || !token) {
      reply.redirect(`/signin/email?next=${encodeURIComponent(localPathOrNull(next) ?? '/me')}`, 303);
      return null;
    }
    const frame = (await web.frameOf(request, reply)) as PageFrame & { viewer: Viewer };
    return { session, token, frame };
  };

  return { sendPrivate, message, listNotShown, notFound, refused, signedIn };
};

export type PersonPages = ReturnType<typeof personPages>;

/**
 * What the pages of one of a person's own listings share (`/me/listings/{id}/…`): their form posts
 * read (16 KiB at most), the people pages, and `notYours`, the 404 page for a listing that is not
 * the person's (the same as for one that does not exist).
 */
export const ownListingPages = async (app: FastifyInstance, web: WebContext, sessions: Sessions) => {
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  const pages = personPages(web, sessions);
  const notYours = (request: FastifyRequest, reply: FastifyReply, me: SignedIn) =>
    pages.notFound(request, reply, me.frame, 'You own no listing with this number.');
  return { ...pages, notYours };
};
