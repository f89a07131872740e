import {
  createWebhook,
  deleteWebhook,
  getMyListing,
  listWebhooks,
  type Operation,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
} from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { ownListingPages, type SignedIn } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type WebhookRow, type WebhooksData, WebhooksView, webhooksPath } from './view.ts';

type Params = { id: string; webhookId: string; deliveryId: string };
/** what the page shows beside the endpoints */
type Extra = Partial<Pick<WebhooksData, 'secret' | 'notice' | 'errors' | 'draft'>>;

const NOTICES: Record<string, string> = {
  tested: 'A test delivery is on its way: its outcome shows in the delivery log.',
  deleted: 'The endpoint was deleted.',
  redelivered: 'The delivery is queued again.',
};
/** the buttons of an endpoint: operation, its extra path parameters, and the notice after */
const ACTIONS = {
  test: { op: sendTestWebhook, notice: 'tested' },
  delete: { op: deleteWebhook, notice: 'deleted' },
} as const;

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/**
 * `/me/listings/{id}/webhooks`: an owner's webhook endpoints of one listing (list_webhooks,
 * create_webhook, send_test_webhook, rotate_webhook_secret, delete_webhook, redeliver_webhook,
 * called as that person). Every action is a plain form post with the session's CSRF token; a
 * listing that is not theirs answers the 404 page.
 */
export const meWebhooksRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { sendPrivate, message, refused, signedIn, notYours } = await ownListingPages(app, web, deps.sessions);
    const { person } = deps;
    const failed = (request: FastifyRequest, reply: FastifyReply, status: number, detail: string, id: string) =>
      message(request, reply, status >= 500 ? 503 : status, {
        title: 'That did not work',
        message: detail,
        link: { href: webhooksPath(id), label: 'Back to the webhooks' },
      });

    /** the page of listing `id`, with what `extra` adds; the 404 page when it is not theirs */
    const page = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      id: string,
      extra: Extra,
      status = 200,
    ) => {
      const account = me.session.account_id;
      const [listing, hooks] = await Promise.all([
        person.call(getMyListing, account, { params: { listing_id: id } }),
        person.call(listWebhooks, account, { params: { listing_id: id }, query: { per_page: 100 } }),
      ]);
      const refusal = (r: { status: number; detail: string }) =>
        r.status === 404 || r.status === 400 ? notYours(request, reply, me) : failed(request, reply, 503, r.detail, id);
      if (!listing.ok) return refusal(listing);
      if (!hooks.ok) return refusal(hooks);
      const data: WebhooksData = {
        listing: { listing_id: listing.body.listing_id, name: listing.body.name },
        webhooks: hooks.body.items as WebhookRow[],
        secret: extra.secret ?? null,
        notice: extra.notice ?? null,
        errors: extra.errors ?? {},
        draft: extra.draft ?? { url: '', events: [] },
      };
      return sendPrivate(request, reply, me.frame, WebhooksView(data, me.frame), status);
    };

    app.get<{ Params: Params; Querystring: Record<string, string> }>(
      '/me/listings/:id/webhooks',
      async (request, reply) => {
        const me = await signedIn(request, reply, request.url);
        if (!me) return reply;
        return page(request, reply, me, request.params.id, { notice: NOTICES[request.query.done ?? ''] ?? null });
      },
    );

    app.post<{ Params: Params; Body: Record<string, unknown> }>('/me/listings/:id/webhooks', async (request, reply) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, webhooksPath(id));
      if (!me) return reply;
      const draft = { url: String(request.body?.url ?? ''), events: listOf(request.body?.events) };
      const made = await person.call(createWebhook, me.session.account_id, { params: { listing_id: id }, body: draft });
      if (made.ok)
        return page(request, reply, me, id, { secret: { url: made.body.url, value: made.body.secret } }, 201);
      if (made.status !== 400)
        return made.status === 404
          ? notYours(request, reply, me)
          : failed(request, reply, made.status, made.detail, id);
      const errors: Record<string, string> = {};
      for (const e of made.errors ?? [])
        errors[e.field.startsWith('body.events') ? 'events' : e.field === 'body.url' ? 'url' : 'form'] = e.message;
      return page(
        request,
        reply,
        me,
        id,
        { errors: Object.keys(errors).length ? errors : { form: made.detail }, draft },
        400,
      );
    });

    for (const [action, { op, notice }] of Object.entries(ACTIONS))
      app.post<{ Params: Params }>(`/me/listings/:id/webhooks/:webhookId/${action}`, (request, reply) =>
        act(request, reply, op, { webhook_id: request.params.webhookId }, notice),
      );
    app.post<{ Params: Params }>(
      '/me/listings/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
      (request, reply) =>
        act(
          request,
          reply,
          redeliverWebhook,
          { webhook_id: request.params.webhookId, delivery_id: request.params.deliveryId },
          'redelivered',
        ),
    );
    app.post<{ Params: Params }>('/me/listings/:id/webhooks/:webhookId/rotate', async (request, reply) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, webhooksPath(id));
      if (!me) return reply;
      const params = { listing_id: id, webhook_id: request.params.webhookId };
      const rotated = await person.call(rotateWebhookSecret, me.session.account_id, { params });
      if (!rotated.ok)
        return rotated.status === 404 || rotated.status === 400
          ? notYours(request, reply, me)
          : failed(request, reply, rotated.status, rotated.detail, id);
      const hook = await person.call(listWebhooks, me.session.account_id, {
        params: { listing_id: id },
        query: { per_page: 100 },
      });
      const url = hook.ok ? (hook.body.items.find((h) => h.webhook_id === rotated.body.webhook_id)?.url ?? '') : '';
      return page(request, reply, me, id, { secret: { url, value: rotated.body.secret } });
    });

    /** one button of an endpoint: the operation as the person, then back to the page with a notice */
    const act = async (
      request: FastifyRequest<{ Params: Params }>,
      reply: FastifyReply,
      op: Operation,
      params: Record<string, string>,
      notice: string,
    ) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, webhooksPath(id));
      if (!me) return reply;
      const done = await person.call(op, me.session.account_id, { params: { listing_id: id, ...params } });
      if (!done.ok)
        return done.status === 404 || done.status === 400
          ? notYours(request, reply, me)
          : failed(request, reply, done.status, done.detail, id);
      return reply.redirect(`${webhooksPath(id)}?done=${notice}`, 303);
    };
  };
