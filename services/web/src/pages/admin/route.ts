import fastifyFormbody from '@fastify/formbody';
import {
  addCategory,
  editCategory,
  featureListing,
  getModerationQueue,
  hideListing,
  listCategories,
  listOperatorActions,
  moveListing,
  type Operation,
  refundOrder,
  removeReview,
  restoreAccount,
  restoreListing,
  restoreReview,
  suspendAccount,
  unfeatureListing,
} from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { personPages, type SignedIn } from '../../people/person-pages.ts';
import type { Form, Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { flatCategories } from './categories-view.ts';
import { AuditView, ConsoleView } from './view.ts';

const NOTICES: Record<string, string> = {
  hidden: 'The listing is hidden: it shows nowhere public, and its owners see your reason.',
  restored: 'The listing is restored: it shows where its status says again.',
  featured: 'The listing is featured.',
  unfeatured: 'The listing is no longer featured.',
  moved: 'The listing is moved: its pages and search show it in its new category.',
  'category-added': 'The category is added.',
  'category-edited': 'The category is saved.',
  refunded: 'The order is refunded through the payment provider; its buyer sees it refunded.',
  'review-removed': 'The review is removed: it no longer shows or counts in the rating.',
  'review-restored': 'The review is restored.',
  'account-restored': 'The account is restored: its votes count again from now on.',
  'account-not-suspended': 'The account was not suspended: nothing changed.',
};

/** what the console says after a suspension: the account's votes, and how many standing ones were discounted now */
const suspendedNotice = (discounted: string | undefined, changed: boolean): string => {
  const count = /^[0-9]{1,6}$/.test(discounted ?? '') ? Number(discounted) : 0;
  return `${changed ? 'The account is suspended' : 'The account was suspended already'}: its votes count 0 from now on; ${count} standing ${count === 1 ? 'vote was' : 'votes were'} discounted now (account_suspended in the vote ledger).`;
};

const noticeOf = (query: { done?: string; discounted?: string }): string | null => {
  if (query.done === 'account-suspended' || query.done === 'account-suspended-already')
    return suspendedNotice(query.discounted, query.done === 'account-suspended');
  return NOTICES[query.done ?? ''] ?? null;
};

/** a form field's text, trimmed ('' when absent) */
const textOf = (form: Form, field: string): string => {
  const value = form[field];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * `/admin`: the operators' console (the queue of submissions and open reports, hide and restore a
 * listing, suspend and restore an account) and `/admin/audit` (every operator action). Each page and form calls the operator
 * operations as the signed-in person with their roles: catalog refuses anyone without the
 * operator role (403), and the console says so.
 */
export const adminRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { sendPrivate, message, refused, signedIn } = personPages(web, deps.sessions);
    const rolesOf = (me: SignedIn) => me.session.roles ?? [];

    /** an answer that is not a success: its page (403 for a person who is not an operator) */
    const failed = (request: FastifyRequest, reply: FastifyReply, answer: { status: number; detail: string }) =>
      message(request, reply, answer.status >= 500 ? 503 : answer.status, {
        title: answer.status === 403 ? 'For operators only' : 'The console could not be shown',
        message: answer.detail,
        link: { href: '/me', label: 'Back to your account' },
      });

    app.get<{ Querystring: { done?: string; discounted?: string } }>('/admin', async (request, reply) => {
      const me = await signedIn(request, reply, '/admin');
      if (!me) return reply;
      const [queue, categories] = await Promise.all([
        deps.person.call(getModerationQueue, me.session.account_id, {}, undefined, rolesOf(me)),
        web.catalog.call(listCategories, {}),
      ]);
      if (!queue.ok) return failed(request, reply, queue);
      if (!categories.ok) return failed(request, reply, categories);
      const notice = noticeOf(request.query);
      const view = { queue: queue.body, categories: flatCategories(categories.body.items), notice };
      return sendPrivate(request, reply, me.frame, ConsoleView(view, me.frame));
    });

    app.get<{ Querystring: { page?: string } }>('/admin/audit', async (request, reply) => {
      const me = await signedIn(request, reply, '/admin/audit');
      if (!me) return reply;
      const page = /^[1-9][0-9]{0,2}$/.test(request.query.page ?? '') ? (request.query.page as string) : '1';
      const actions = await deps.person.call(
        listOperatorActions,
        me.session.account_id,
        { query: { page, per_page: '100' } },
        undefined,
        rolesOf(me),
      );
      if (!actions.ok) return failed(request, reply, actions);
      return sendPrivate(request, reply, me.frame, AuditView({ actions: actions.body }, me.frame));
    });

    /**
     * an operator action posted from the console: the operation called as the operator with the
     * input the form makes (the reason, and what else it holds), then back to the console saying
     * what was done
     */
    const act = async <T = unknown>(
      request: FastifyRequest,
      reply: FastifyReply,
      op: Operation,
      inputOf: (reason: string, form: Form) => { params?: Record<string, unknown>; body: unknown },
      done: string | ((body: T) => string),
    ) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/admin');
      if (!me) return reply;
      const form = (request.body as Form | undefined) ?? {};
      const input = inputOf(textOf(form, 'reason'), form);
      const answer = await deps.person.call(op, me.session.account_id, input, undefined, rolesOf(me));
      if (!answer.ok)
        return failed(request, reply, {
          status: answer.status,
          detail: [answer.detail, ...answer.errors.map((e) => `${e.field}: ${e.message}`)].join('; '),
        });
      return reply.redirect(`/admin?done=${typeof done === 'string' ? done : done(answer.body as T)}`, 303);
    };

    for (const [verb, op, done] of [
      ['hide', hideListing, 'hidden'],
      ['restore', restoreListing, 'restored'],
      ['feature', featureListing, 'featured'],
      ['unfeature', unfeatureListing, 'unfeatured'],
    ] as const)
      app.post<{ Params: { id: string } }>(`/admin/listings/:id/${verb}`, (request, reply) =>
        act(request, reply, op, (reason) => ({ params: { listing_id: request.params.id }, body: { reason } }), done),
      );

    for (const [verb, op, done] of [
      ['remove', removeReview, 'review-removed'],
      ['restore', restoreReview, 'review-restored'],
    ] as const)
      app.post<{ Params: { id: string; reviewer: string } }>(
        `/admin/listings/:id/reviews/:reviewer/${verb}`,
        (request, reply) =>
          act(
            request,
            reply,
            op,
            (reason) => ({
              params: { listing_id: request.params.id, reviewer_id: request.params.reviewer },
              body: { reason },
            }),
            done,
          ),
      );

    // the Accounts form: one email and reason, two buttons (suspend, restore); the gateway's operations
    app.post('/admin/accounts', (request, reply) => {
      const suspend = (request.body as Form | undefined)?.action !== 'restore';
      return act<{ changed: boolean; votes_discounted: number }>(
        request,
        reply,
        suspend ? suspendAccount : restoreAccount,
        (reason, form) => ({ body: { email: textOf(form, 'email'), reason } }),
        (body) =>
          suspend
            ? `${body.changed ? 'account-suspended' : 'account-suspended-already'}&discounted=${body.votes_discounted}`
            : body.changed
              ? 'account-restored'
              : 'account-not-suspended',
      );
    });

    app.post<{ Params: { id: string } }>('/admin/listings/:id/move', (request, reply) =>
      act(
        request,
        reply,
        moveListing,
        (reason, form) => ({
          params: { listing_id: request.params.id },
          body: { category: textOf(form, 'category'), reason },
        }),
        'moved',
      ),
    );

    app.post('/admin/categories', (request, reply) =>
      act(
        request,
        reply,
        addCategory,
        (reason, form) => {
          const parent = textOf(form, 'parent');
          const body = {
            slug: textOf(form, 'slug'),
            name: textOf(form, 'name'),
            description: textOf(form, 'description'),
          };
          return { body: { ...body, ...(parent !== '' ? { parent } : {}), reason } };
        },
        'category-added',
      ),
    );

    app.post<{ Params: { slug: string } }>('/admin/categories/:slug/edit', (request, reply) =>
      act(
        request,
        reply,
        editCategory,
        (reason, form) => ({
          params: { category: request.params.slug },
          body: { name: textOf(form, 'name'), description: textOf(form, 'description'), reason },
        }),
        'category-edited',
      ),
    );

    app.post('/admin/orders/refund', (request, reply) =>
      act(
        request,
        reply,
        refundOrder,
        (reason, form) => ({ params: { number: textOf(form, 'number') }, body: { reason } }),
        'refunded',
      ),
    );
  };
