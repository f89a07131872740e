import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import {
  DRAFT_FIELD_KEYS,
  getDraft,
  inviteCofounder,
  listMyDrafts,
  submitDraft,
  submitListing,
  updateDraft,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { FieldError } from '@listings/platform/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from '../../frame.ts';
import { createPersonClient } from '../../operation-clients.ts';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import { sendPage } from '../../send-page.ts';
import type { Viewer } from '../../viewer.ts';
import { PageError, type WebContext } from '../../web-context.ts';
import { type DraftBody, isSettled, LIST_FIELDS, noticeOf, progressText, typedValueOf } from './draft-text.ts';
import { DraftView } from './draft-view.ts';
import { DraftsView } from './view.ts';

export interface MeDraftsDeps {
  readonly bus: Bus;
  readonly sessions: Sessions;
  readonly timeoutMs?: number;
}

type SignedIn = { accountId: string; frame: PageFrame & { viewer: Viewer } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_ID = /^[A-Za-z0-9_-]{16,40}$/;
const PER_PAGE = 20;
const ACTIONS = ['lock', 'regenerate', 'restore'] as const;
type Action = (typeof ACTIONS)[number];
const DONE_OF: Record<Action, string> = { lock: 'locked', regenerate: 'regenerating', restore: 'restored' };
const PATCH_OF: Record<Action, 'lock_fields' | 'regenerate' | 'restore'> = {
  lock: 'lock_fields',
  regenerate: 'regenerate',
  restore: 'restore',
};

/** a form's one-time id as an Idempotency-Key: the service makes the same thing of the same key */
const formKeyOf = (form: Form): string | undefined => {
  const id = field(form, 'form_id');
  return FORM_ID.test(id) ? id : undefined;
};

/**
 * `body.fields.categories.0: ...` → `{ categories: [...] }`, `body.url` → `{ url: [...] }`: each
 * error next to the field of the form it belongs to
 */
const errorsByField = (errors: readonly FieldError[], fallback: string, detail: string): Record<string, string[]> => {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const name = error.field.replace(/^body\.(fields\.)?/, '').replace(/\.\d+$/, '');
    const key = name.startsWith('params.') || name === 'body' ? fallback : name;
    const message = error.message.startsWith('must match pattern') ? 'is not in the expected form' : error.message;
    byField[key] = [...(byField[key] ?? []), message];
  }
  if (Object.keys(byField).length === 0) byField[fallback] = [detail];
  return byField;
};

/** what the edit form shows for a draft: each field's value as typed text */
const typedOf = (draft: DraftBody): Record<string, string> =>
  Object.fromEntries(DRAFT_FIELD_KEYS.map((key) => [key, typedValueOf(draft.fields[key]?.value)]));

/** a typed field as the contract wants it: a list one item per line, blank as null (removes it) */
const contractValueOf = (key: string, typed: string): string | string[] | null => {
  if (LIST_FIELDS.has(key)) {
    const items = typed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return items.length === 0 ? null : items;
  }
  const text = typed.replace(/\r\n/g, '\n').trim();
  return text === '' ? null : text;
};

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
    const signedIn = async (request: FastifyRequest, reply: FastifyReply, next: string): Promise<SignedIn | null> => {
      const me = await pages.signedIn(request, reply, next);
      return me ? { accountId: me.session.account_id, frame: me.frame } : null;
    };

    /** a POST on one draft: the form check, then the signed-in person (or off to sign in and back) */
    const onDraft = (
      path: string,
      act: (request: FastifyRequest, reply: FastifyReply, me: SignedIn, id: string) => Promise<unknown>,
    ) =>
      app.post<{ Params: { id: string } }>(path, async (request, reply) => {
        if (await refused(request, reply)) return reply;
        const { id } = request.params;
        const me = await signedIn(request, reply, `/me/drafts/${id}`);
        if (!me) return reply;
        return act(request, reply, me, id);
      });

    /** the person's draft, or the 404 page (unknown, malformed and someone else's look alike) */
    const draftOf = async (me: SignedIn, id: string): Promise<DraftBody> => {
      if (!UUID.test(id)) throw new PageError(404, 'Nothing here by that name.');
      const found = await drafting.call(getDraft, me.accountId, { params: { id } });
      if (found.ok) return found.body;
      throw new PageError(found.status === 404 ? 404 : found.status, found.detail);
    };

    const showDrafts = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
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

    const showDraft = (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      draft: DraftBody,
      extra: {
        status?: number;
        typed?: Record<string, string>;
        errors?: Record<string, string[]>;
        notice?: string | null;
        invite?: { email: string; errors?: string[] };
      } = {},
    ) =>
      sendPage(
        request,
        reply,
        me.frame,
        DraftView(
          {
            draft,
            typed: extra.typed ?? typedOf(draft),
            errors: extra.errors ?? {},
            notice: extra.notice ?? null,
            formId: newFormId(),
            invite: extra.invite ?? { email: '' },
          },
          me.frame,
        ),
        extra.status ?? 200,
      );

    const backToDraft = (reply: FastifyReply, id: string, done: string) =>
      reply.redirect(`/me/drafts/${id}?done=${done}`, 303);

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

    app.get<{ Params: { id: string }; Querystring: { done?: string } }>('/me/drafts/:id', async (request, reply) => {
      const { id } = request.params;
      const me = await signedIn(request, reply, `/me/drafts/${id}`);
      if (!me) return reply;
      return showDraft(request, reply, me, await draftOf(me, id), { notice: noticeOf(request.query.done) });
    });

    // what site.js polls while the draft is crawling, drafting or redrafting a field
    app.get<{ Params: { id: string } }>('/me/drafts/:id/progress', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await deps.sessions.sessionOf(request);
      if (!session) return reply.code(401).send({ error: 'sign in to see your drafts' });
      const { id } = request.params;
      const found = UUID.test(id) ? await drafting.call(getDraft, session.account_id, { params: { id } }) : null;
      if (!found?.ok)
        return reply
          .code(found ? found.status : 404)
          .send({ error: found ? found.detail : 'Nothing here by that name.' });
      const draft = found.body;
      return reply.send({
        status: draft.status,
        progress: draft.progress,
        regenerating: draft.regenerating,
        settled: isSettled(draft),
        text: progressText(draft),
      });
    });

    // the edit form: only what changed is sent (the spec's PATCH semantics)
    onDraft('/me/drafts/:id', async (request, reply, me, id) => {
      const draft = await draftOf(me, id);
      const form = request.body as Form;
      const before = typedOf(draft);
      const typed: Record<string, string> = {};
      const changed: Record<string, string | string[] | null> = {};
      for (const key of DRAFT_FIELD_KEYS) {
        const sent = form[`fields.${key}`];
        typed[key] = sent === undefined ? (before[key] ?? '') : field(form, `fields.${key}`);
        const value = contractValueOf(key, typed[key] ?? '');
        if (JSON.stringify(value) !== JSON.stringify(contractValueOf(key, before[key] ?? ''))) changed[key] = value;
      }
      if (Object.keys(changed).length === 0) return backToDraft(reply, id, 'unchanged');
      const updated = await drafting.call(updateDraft, me.accountId, { params: { id }, body: { fields: changed } });
      if (!updated.ok) {
        const fallback = Object.keys(changed)[0] as string;
        return showDraft(request, reply, me, draft, {
          status: updated.status,
          typed,
          errors: errorsByField(updated.errors, fallback, updated.detail),
        });
      }
      return backToDraft(reply, id, 'saved');
    });

    // one field's action: lock it, regenerate it from the site's evidence, restore the drafted value
    onDraft('/me/drafts/:id/fields', async (request, reply, me, id) => {
      const form = request.body as Form;
      const [action, key] = field(form, 'action').split(':') as [Action, string | undefined];
      if (!ACTIONS.includes(action) || !key || !DRAFT_FIELD_KEYS.includes(key))
        throw new PageError(400, 'That action is not one a draft knows.');
      const formKey = formKeyOf(form);
      const updated = await drafting.call(
        updateDraft,
        me.accountId,
        { params: { id }, body: { [PATCH_OF[action]]: [key] } },
        formKey ? `${formKey}-${action}-${key}` : undefined,
      );
      if (!updated.ok) {
        if (updated.status === 404) throw new PageError(404, updated.detail);
        return showDraft(request, reply, me, await draftOf(me, id), {
          status: updated.status,
          errors: { [key]: [updated.detail] },
        });
      }
      return backToDraft(reply, id, DONE_OF[action]);
    });

    // invite a co-founder: drafting mails the invite (the form id keeps a double post to one invite)
    onDraft('/me/drafts/:id/invites', async (request, reply, me, id) => {
      const draft = await draftOf(me, id);
      const form = request.body as Form;
      const email = field(form, 'email').trim();
      const invited = await drafting.call(
        inviteCofounder,
        me.accountId,
        { params: { id }, body: { email } },
        formKeyOf(form),
      );
      if (!invited.ok)
        return showDraft(request, reply, me, draft, {
          status: invited.status,
          invite: {
            email,
            errors: [
              invited.errors.some((e) => e.field === 'body.email')
                ? 'enter an email address, like name@example.com'
                : invited.detail,
            ],
          },
        });
      return backToDraft(reply, id, 'invited');
    });

    // submit: the listing is made (or updated: running it again is harmless)
    onDraft('/me/drafts/:id/submit', async (request, reply, me, id) => {
      if (!UUID.test(id)) throw new PageError(404, 'Nothing here by that name.');
      const submitted = await drafting.call(submitDraft, me.accountId, { params: { id } });
      if (!submitted.ok) {
        if (submitted.status === 404) throw new PageError(404, submitted.detail);
        return showDraft(request, reply, me, await draftOf(me, id), {
          status: submitted.status,
          notice: `The draft was not submitted: ${submitted.detail}`,
        });
      }
      return backToDraft(reply, id, 'submitted');
    });
  };
