import fastifyFormbody from '@fastify/formbody';
import {
  getMyListing,
  getOrder,
  listMyOrders,
  listProducts,
  ORDER_NUMBER_PATTERN,
  type OrderView,
  payOrder,
} from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { listInput, listPageOf, personPages } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { CheckoutView, checkoutPath, MyOrdersView, type OrderListing, type OrderNames } from './view.ts';

const PER_PAGE = 20;
const NUMBER = new RegExp(ORDER_NUMBER_PATTERN);
/** where the pay step may send the browser besides this site: Stripe Checkout, when Stripe is set up */
const PAYMENT_PAGES = 'https://checkout.stripe.com';

/**
 * `/me/orders` (your orders, newest first) and the checkout page of one order (`/checkout/{number}`,
 * the `checkout_url` of `create_checkout`, linked from mails and tools) with its pay step
 * (`POST /checkout/{number}/pay`). Orders are read as the signed-in person (`get_order`,
 * `list_my_orders`), so someone else's order answers the same 404 page as an unknown number.
 * Paying asks commerce on `commerce.internal.pay_order`, which checks the order is theirs again:
 * with the local development provider the order is paid at once; with Stripe the answer carries
 * the Stripe Checkout page the browser is sent to, and Stripe's signed webhook pays the order.
 */
export const meOrdersRoutes =
  (deps: { sessions: Sessions; person: PersonClient; commerce: InternalClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
    const { sendPrivate, message, notFound, refused, signedIn } = personPages(web, deps.sessions);
    const { person } = deps;

    /** the names an order page shows: each listing's (as its owner reads it) and each product's */
    const namesFor = async (accountId: string, orders: readonly OrderView[]): Promise<OrderNames> => {
      const ids = [
        ...new Set(orders.flatMap((o) => o.lines.flatMap((l) => (l.listing_id === undefined ? [] : [l.listing_id])))),
      ];
      const [products, ...listings] = await Promise.all([
        person.call(listProducts, accountId, {}),
        ...ids.map((id) => person.call(getMyListing, accountId, { params: { listing_id: String(id) } })),
      ]);
      const named = new Map<number, OrderListing>();
      listings.forEach((found, i) => {
        if (found.ok) named.set(ids[i] as number, { name: found.body.name });
      });
      return {
        listings: named,
        products: new Map(products.ok ? products.body.items.map((p) => [p.slug, p.name]) : []),
      };
    };
    const unavailable = (request: FastifyRequest, reply: FastifyReply, what: string, href: string) =>
      message(request, reply, 503, {
        title: 'Try again shortly',
        message: `${what} cannot be reached right now.`,
        link: { href, label: 'Reload in a minute to see where it stands' },
      });

    app.get<{ Querystring: { page?: string } }>('/me/orders', async (request, reply) => {
      const me = await signedIn(request, reply, request.url);
      if (!me) return reply;
      const page = listPageOf(request.query.page);
      const found = await person.call(listMyOrders, me.session.account_id, listInput(page, PER_PAGE));
      if (!found.ok) return unavailable(request, reply, 'Your orders', '/me/orders');
      const orders = found.body.items as OrderView[];
      const names = await namesFor(me.session.account_id, orders);
      return sendPrivate(
        request,
        reply,
        me.frame,
        MyOrdersView({ orders, names, page, perPage: PER_PAGE, total: found.body.total }, me.frame),
      );
    });

    // the checkout page: its token-free URL is still a private page, never sent on as a Referer;
    // its form may end at Stripe Checkout (the pay step's redirect), which the CSP then allows
    await app.register(async (checkout) => {
      checkout.addHook('onRequest', (_request, reply, done) => {
        const policy = reply.raw.getHeader('content-security-policy');
        if (typeof policy === 'string')
          reply.raw.setHeader(
            'content-security-policy',
            policy.replace("form-action 'self'", `form-action 'self' ${PAYMENT_PAGES}`),
          );
        reply.raw.setHeader('referrer-policy', 'no-referrer');
        done();
      });
      const noOrder =
        'There is no order with this number for the account you are signed in with. Check the link, or sign in with the account that created the order.';

      /**
       * the signed-in person's order, or null once the answer is sent: off to sign in, or (only
       * the person who owns the order gets past here) the same 404 page as for an unknown number
       */
      const ownOrder = async (request: FastifyRequest, reply: FastifyReply, number: string) => {
        const me = await signedIn(request, reply, checkoutPath(number));
        if (!me) return null;
        const found = await person.call(getOrder, me.session.account_id, { params: { number } });
        if (found.ok) return { me, order: found.body as OrderView };
        if (found.status === 404 || found.status === 400) await notFound(request, reply, me.frame, noOrder);
        else await unavailable(request, reply, 'Orders', checkoutPath(number));
        return null;
      };

      checkout.get<{ Params: { number: string }; Querystring: { payment?: string } }>(
        '/checkout/:number',
        async (request, reply) => {
          const { number } = request.params;
          if (!NUMBER.test(number)) return notFound(request, reply, await web.frameOf(request, reply), noOrder);
          const mine = await ownOrder(request, reply, number);
          if (!mine) return reply;
          const { me, order } = mine;
          const returned =
            request.query.payment === 'done' || request.query.payment === 'cancelled' ? request.query.payment : null;
          const names = await namesFor(me.session.account_id, [order]);
          return sendPrivate(request, reply, me.frame, CheckoutView({ order, names, returned }, me.frame));
        },
      );

      checkout.post<{ Params: { number: string } }>('/checkout/:number/pay', async (request, reply) => {
        const { number } = request.params;
        if (!NUMBER.test(number)) return notFound(request, reply, await web.frameOf(request, reply), noOrder);
        if (await refused(request, reply)) return reply;
        const mine = await ownOrder(request, reply, number);
        if (!mine) return reply;
        const { me, order } = mine;
        // paid already (a second press, another tab) or no longer payable: the page says where it stands
        if (order.status !== 'pending') return reply.redirect(checkoutPath(number), 303);
        const paid = await deps.commerce.send<OrderView & { payment_url?: string }>(payOrder, {
          number,
          account_id: me.session.account_id,
        });
        // Stripe: the launch rules hold, so off to its Checkout page; its webhook pays the order
        if (paid.ok && paid.body.payment_url?.startsWith(`${PAYMENT_PAGES}/`))
          return reply.redirect(paid.body.payment_url, 303);
        if (paid.ok || paid.status === 409) return reply.redirect(checkoutPath(number), 303);
        if (paid.status === 404) return notFound(request, reply, me.frame, noOrder);
        request.log.warn({ number, status: paid.status, detail: paid.detail }, 'pay_order did not complete');
        return unavailable(request, reply, 'Orders', checkoutPath(number));
      });
    });
  };
