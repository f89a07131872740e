import { DRAFT_FIELD_KEYS, getDraft, updateDraft } from '@listings/contracts';
import type { FieldError } from '@listings/platform/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from '../../frame.ts';
import type { PersonClient } from '../../operation-clients.ts';
import type { PersonPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import { sendPage } from '../../send-page.ts';
import type { Viewer } from '../../viewer.ts';
import { PageError } from '../../web-context.ts';
import { draftActions } from './draft-actions.ts';
import { type DraftBody, isSettled, LIST_FIELDS, noticeOf, progressText, typedValueOf } from './draft-text.ts';
import { DraftView } from './draft-view.ts';

/** what an action on the draft page changes on the page it answers with */
export interface DraftAnswer {
  status?: number;
  typed?: Record<string, string>;
  errors?: Record<string, string[]>;
  notice?: string | null;
  invite?: { email: string; errors?: string[] };
}

/** the draft page, as an action answers with it */
export type ShowDraft = (
  request: FastifyRequest,
  reply: FastifyReply,
  me: DraftSignedIn,
  draft: DraftBody,
  answer?: DraftAnswer,
) => unknown;

/** the person's draft, or a PageError (the 404 page: unknown, malformed and someone else's look alike) */
export type DraftOf = (me: DraftSignedIn, id: string) => Promise<DraftBody>;

/** registers a POST on one draft: the form check, the signed-in person, then `act` */
export type OnDraft = (
  path: string,
  act: (request: FastifyRequest, reply: FastifyReply, me: DraftSignedIn, id: string) => Promise<unknown>,
) => void;

/** the signed-in person, as the drafts pages need them */
export type DraftSignedIn = { accountId: string; frame: PageFrame & { viewer: Viewer } };
type SignedIn = DraftSignedIn;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_ID = /^[A-Za-z0-9_-]{16,40}$/;
/** a form's one-time id as an Idempotency-Key: the service makes the same thing of the same key */
export const formKeyOf = (form: Form): string | undefined => {
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
 * `/me/drafts/{id}`: one draft's page (its progress polled by site.js at `…/progress`), the edit
 * form (only what changed is sent), one field's lock, regenerate or restore, a co-founder invite,
 * and the submit. Each action answers with a redirect back to the page, or the page with its errors.
 */
export const draftPageRoutes = (
  app: FastifyInstance,
  deps: {
    drafting: PersonClient;
    sessions: Sessions;
    refused: PersonPages['refused'];
    signedIn: (request: FastifyRequest, reply: FastifyReply, next: string) => Promise<SignedIn | null>;
    newFormId: () => string;
  },
): void => {
  const { drafting, refused, signedIn, newFormId } = deps;

  /** a POST on one draft: the form check, then the signed-in person (or off to sign in and back) */
  const onDraft: OnDraft = (path, act) =>
    app.post<{ Params: { id: string } }>(path, async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const { id } = request.params;
      const me = await signedIn(request, reply, `/me/drafts/${id}`);
      if (!me) return reply;
      return act(request, reply, me, id);
    });

  /** the person's draft, or the 404 page (unknown, malformed and someone else's look alike) */
  const draftOf: DraftOf = async (me, id) => {
    if (!UUID.test(id)) throw new PageError(404, 'Nothing here by that name.');
    const found = await drafting.call(getDraft, me.accountId, { params: { id } });
    if (found.ok) return found.body;
    throw new PageError(found.status === 404 ? 404 : found.status, found.detail);
  };

  const showDraft: ShowDraft = (request, reply, me, draft, extra = {}) =>
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

  draftActions(app, { drafting, onDraft, draftOf, showDraft, backToDraft });
};
