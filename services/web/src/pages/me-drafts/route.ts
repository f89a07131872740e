import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import { listMyDrafts, submitListing } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPersonClient } from '../../operation-clients.ts';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import { sendPage } from '../../send-page.ts';
import { PageError, type WebContext } from '../../web-context.ts';
import { type DraftSignedIn, draftPageRoutes, formKeyOf } from './draft-route.ts';
import { DraftsView } from './view.ts';

export interface MeDraftsDeps {
  readonly bus: Bus;
  readonly sessions: Sessions;
  readonly timeoutMs?: number;
}

const PER_PAGE = 20;

/**
 * `/me/drafts`: a person's drafts over the drafting service's operations, as that person (the
 * service answers someone else's draft exactly like an unknown one: a 404 page here). Submit a
 * website, watch the crawl (site.js polls `/me/drafts/{id}/progress` while the draft is unsettled;
 * without a script the page has a refresh link), edit values beside their evidence, lock,
 * regenerate, restore, and submit the draft as a listing. Every POST passes the session's one check
 * (no cross-site form, the session's CSRF token) and answers with a redirect (a reload posts
 * nothing), or with the page and its errors next to the fields, what was typed kept.
 */
export const meDraftsRoutes =
  (deps: MeDraftsDeps) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
    const drafting = createPersonClient(deps.bus, { timeoutMs: deps.timeoutMs ?? 10_000 });
    const newFormId = () => randomBytes(16).toString('base64url');

    const pages = personPages(web, deps.sessions);
    const { refused } = pages;
    const signedIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      next: string,
    ): Promise<DraftSignedIn | null> => {
      const me = await pages.signedIn(request, reply, next);
      return me ? { accountId: me.session.account_id, frame: me.frame } : null;
    };

    const showDrafts = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: DraftSignedIn,
      extra: { status?: number; url?: string; errors?: Record<string, string[]>; notice?: string | null } = {},
    ) => {
      const page = Math.max(1, Number.parseInt(String((request.query as { page?: string }).page ?? '1'), 10) || 1);
      const listed = await drafting.call(listMyDrafts, me.accountId, { query: { page, per_page: PER_PAGE } });
      if (!listed.ok) throw new PageError(listed.status, listed.detail);
      return sendPage(
        request,
        reply,
        me.frame,
        DraftsView(
          {
            drafts: listed.body.items,
            page,
            perPage: PER_PAGE,
            total: listed.body.total,
            formId: newFormId(),
            form: { url: extra.url ?? '', errors: extra.errors ?? {} },
            notice: extra.notice ?? null,
          },
          me.frame,
        ),
        extra.status ?? 200,
      );
    };

    app.get<{ Querystring: { page?: string } }>('/me/drafts', async (request, reply) => {
      const me = await signedIn(request, reply, '/me/drafts');
      return me ? showDrafts(request, reply, me) : reply;
    });

    app.post('/me/drafts', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me/drafts');
      if (!me) return reply;
      const form = request.body as Form;
      const url = field(form, 'url').trim();
      const created = await drafting.call(submitListing, me.accountId, { body: { url } }, formKeyOf(form));
      if (!created.ok)
        return showDrafts(request, reply, me, {
          status: created.status,
          url,
          errors: created.errors.some((e) => e.field === 'body.url')
            ? { url: ['enter the full address of a website, like https://www.example.com'] }
            : { url: [created.detail] },
        });
      return reply.redirect(`/me/drafts/${created.body.id}`, 303);
    });

    draftPageRoutes(app, { drafting, sessions: deps.sessions, refused, signedIn, newFormId });
  };
