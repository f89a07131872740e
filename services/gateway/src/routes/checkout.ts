import fastifyFormbody from '@fastify/formbody';
import {
  ANONYMOUS,
  type OperationReply,
  type OrderView,
  operationById,
  PENDING_ORDER_TTL_HOURS,
  type Principal,
  payOrder,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Account, IdentityStore } from '../identity/identity-store.ts';
import { escapeHtml } from '../identity/oauth-server.ts';
import { SESSION_COOKIE } from '../identity/pages.ts';
import { siteCsrf, sitePage } from '../site-page.ts';

/** an order number as the contracts spell it (ORDER_NUMBER_PATTERN) */
const NUMBER = new RegExp((payOrder.request.properties.number as unknown as { pattern: string }).pattern);
const operation = (id: string) => {
  const found = operationById(id);
  if (!found) throw new Error(`no operation ${id} in the contracts`);
  return found;
};
const getOrder = operation('get_order');
const listProducts = operation('list_products');
export const checkoutPagePath = (number: string) => `/checkout/${number}`;

type Order = OrderView;
type Answer<T> = { ok: true; body: T } | { ok: false; status: number; detail: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => escapeHtml(usd.format(cents / 100));
const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;
const timeOf = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid: being fulfilled',
  fulfilled: 'Paid and fulfilled',
  expired: 'Expired',
  refused: 'Refused: not charged',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}td.num,th.num{text-align:right}.error{color:#a00}
time{white-space:nowrap}.note{background:#f6f8fa;border:1px solid #ddd;border-radius:4px;padding:.5rem .8rem}
button{font:inherit;padding:.35rem .9rem;border:1px solid #888;border-radius:4px;background:#f4f4f4;cursor:pointer}
button.primary{background:#1f6feb;border-color:#1a5fc8;color:#fff}header button{padding:.1rem .5rem}`;
/** the same frame as the identity pages, so the site looks like one site; order pages stay out of search engines */
const page = (title: string, body: string, account: Account | null, csrf: string): string =>
  sitePage({ title, body, account, csrf, style: PAGE_STYLE, head: '<meta name="robots" content="noindex">\n' });

/** One bus request; a missing or late answer is 503. */
const ask = async <T>(bus: Bus, subject: string, payload: unknown): Promise<Answer<T>> => {
  let reply: OperationReply;
  try {
    reply = (await bus.request(subject, payload, { timeoutMs: 15_000 })) as OperationReply;
  } catch (error) {
    return { ok: false, status: 503, detail: (error as Error).message };
  }
  if (reply && (reply.status === 200 || reply.status === 201) && 'body' in reply)
    return { ok: true, body: reply.body as T };
  if (reply && typeof reply.status === 'number' && 'problem' in reply)
    return { ok: false, status: reply.status, detail: reply.problem.detail ?? reply.problem.title ?? 'refused' };
  return { ok: false, status: 503, detail: 'commerce gave no usable answer' };
};

/**
 * The checkout page (`GET /checkout/{number}`, the `checkout_url` of `create_checkout`) and its pay
 * step (`POST /checkout/{number}/pay`, local development payment provider). The order is read with
 * the signed-in account as principal (`get_order`), so only a session of the account that owns it
 * sees it; anyone else gets the same 404 page as for an unknown number, signed-out people go to
 * sign-in and come back. Paying asks commerce on `commerce.internal.pay_order` once ownership is
 * established. No card fields: real payment providers come later.
 */
export const checkoutRoutes = async (
  app: FastifyInstance,
  options: { bus: Bus; store: IdentityStore; publicUrl: string },
) => {
  const { bus, store } = options;
  const secure = options.publicUrl.startsWith('https:');
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  const { csrfOf, csrfOk } = siteCsrf({ secure });
  const html = (
    reply: FastifyReply,
    status: number,
    title: string,
    body: string,
    account: Account | null,
    csrf: string,
  ) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'; base-uri 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(page(title, body, account, csrf));

  // unknown and someone else's order look exactly alike
  const notFound = (reply: FastifyReply, account: Account | null, csrf: string) =>
    html(
      reply,
      404,
      'Order not found',
      '<p>There is no order with this number for the account you are signed in with. Check the link, or sign in with the account that created the order.</p>',
      account,
      csrf,
    );
  const unavailable = (reply: FastifyReply, account: Account | null, csrf: string, number: string) =>
    html(
      reply,
      503,
      'Try again shortly',
      `<p>Orders cannot be reached right now. <a href="${escapeHtml(checkoutPagePath(number))}">Reload the order</a> in a minute to see where it stands.</p>`,
      account,
      csrf,
    );
  const toSignIn = (reply: FastifyReply, number: string) =>
    reply.redirect(`/signin?next=${encodeURIComponent(checkoutPagePath(number))}`, 303);

  /** the signed-in person, as the principal commerce checks ownership against */
  const principalOf = (account: Account): Principal => ({
    account_id: account.id,
    scopes: getOrder.scope ? [getOrder.scope] : [],
    via: 'session',
  });
  const readOrder = (account: Account, number: string) =>
    ask<Order>(bus, getOrder.subject, {
      operation_id: getOrder.operationId,
      principal: principalOf(account),
      params: { number },
      query: {},
    });
  /** product names for the lines; the slug stands in when the shop cannot be read */
  const productNames = async (): Promise<Map<string, string>> => {
    const answer = await ask<{ items: { slug: string; name: string }[] }>(bus, listProducts.subject, {
      operation_id: listProducts.operationId,
      principal: ANONYMOUS,
      params: {},
      query: {},
    });
    return new Map(answer.ok ? answer.body.items.map((p) => [p.slug, p.name]) : []);
  };

  const orderPage = async (
    reply: FastifyReply,
    order: Order,
    account: Account,
    csrf: string,
    returned: string | undefined,
  ) => {
    const names = await productNames();
    // fulfilment per line means something once paid (an expired or refused order was never charged)
    const paidOrLater = order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded';
    const rows = order.lines
      .map(
        (
          line,
          i,
        ) => `<tr data-line="${i}"><td>${escapeHtml(names.get(line.product) ?? line.product)} <code>${escapeHtml(line.product)}</code></td>
        <td>${line.listing_id !== undefined ? `listing <code>${escapeHtml(String(line.listing_id))}</code>` : ''}</td>
        <td class="num">${money(line.unit_price_cents)}</td>
        ${paidOrLater ? `<td class="fulfilment">${line.fulfilled ? 'Fulfilled' : 'Not fulfilled yet'}</td>` : ''}</tr>`,
      )
      .join('');
    const { totals } = order;
    const billing = order.billing_country
      ? `Billing country <code id="billing-country">${escapeHtml(order.billing_country)}</code>${order.vat_number ? `, VAT number <code id="vat-number">${escapeHtml(order.vat_number)}</code>` : ''}.`
      : 'No billing country was given: the price is shown without VAT.';
    const vatLabel = totals.reverse_charge
      ? `VAT ${percent(totals.vat_rate)} (reverse charge: you account for the VAT)`
      : `VAT ${percent(totals.vat_rate)}`;
    const summary = `<p>Order <code id="order-number">${escapeHtml(order.number)}</code>, created ${timeOf(order.created_at)}.</p>
      <p>Status: <strong id="order-status" data-status="${escapeHtml(order.status)}">${escapeHtml(STATUS_TEXT[order.status] ?? order.status)}</strong></p>
      <table id="order-lines"><thead><tr><th>Product</th><th>For</th><th class="num">Price (excl. VAT)</th>${paidOrLater ? '<th>Fulfilment</th>' : ''}</tr></thead>
      <tbody>${rows}</tbody></table>
      <table id="order-totals"><tbody>
      <tr><th>Subtotal</th><td class="num">${money(totals.subtotal_cents)}</td></tr>
      <tr><th>${escapeHtml(vatLabel)}</th><td class="num">${money(totals.vat_cents)}</td></tr>
      <tr><th>Total (${escapeHtml(totals.currency)})</th><td class="num"><strong id="order-total">${money(totals.total_cents)}</strong></td></tr>
      </tbody></table>
      <p>${billing} VAT was worked out from these when the order was created; to change them, create a new checkout.</p>`;
    let action = '';
    if (order.status === 'pending')
      action = `<section id="pay"><h2>Pay</h2>
        <p>This order can be paid until ${timeOf(order.expires_at ?? order.created_at)}.</p>
        <p class="note">With the <strong>local development provider</strong>, pressing Pay marks the order paid
        without charging anything. Where Stripe is set up, Pay takes you to Stripe Checkout (card, wallets, PayPal or crypto,
        as the shop's account allows) and the order is paid once Stripe confirms it. This site never asks for card details on its own pages.</p>
        ${returned === 'done' ? '<p role="status" id="payment-return">Back from Stripe: the order shows paid as soon as Stripe confirms the payment. Reload this page in a moment.</p>' : ''}
        ${returned === 'cancelled' ? '<p role="status" id="payment-return">The payment was cancelled at Stripe: nothing was charged. You can pay again.</p>' : ''}
        <form method="post" action="${escapeHtml(`${checkoutPagePath(order.number)}/pay`)}">
          <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
          <button type="submit" class="primary">Pay ${money(totals.total_cents)}</button>
        </form></section>`;
    else if (order.status === 'paid')
      action = order.status_reason
        ? `<p role="status" id="status-reason" class="error">${escapeHtml(order.status_reason)}</p>`
        : '<p role="status">Your payment is recorded. What you bought is being set up; reload this page to follow it.</p>';
    else if (order.status === 'fulfilled') action = '<p role="status">Paid, and everything in this order is done.</p>';
    else if (order.status === 'expired')
      action = `<p role="status">This order was not paid within ${PENDING_ORDER_TTL_HOURS} hours and has expired; nothing was charged. Create a new checkout to buy again.</p>`;
    else if (order.status === 'refused')
      action = `<p role="status" id="status-reason" class="error">${escapeHtml(order.status_reason ?? 'This order was refused before payment: nothing was charged.')}</p>`;
    return html(reply, 200, `Order ${order.number}`, `${summary}${action}`, account, csrf);
  };

  app.get('/checkout/:number', async (request, reply) => {
    const number = (request.params as { number: string }).number;
    const account = store.sessionAccount(request.cookies[SESSION_COOKIE]);
    const csrf = csrfOf(request, reply);
    if (!NUMBER.test(number)) return notFound(reply, account, csrf);
    if (!account) return toSignIn(reply, number);
    const order = await readOrder(account, number);
    if (!order.ok)
      return order.status === 404 ? notFound(reply, account, csrf) : unavailable(reply, account, csrf, number);
    return orderPage(reply, order.body, account, csrf, (request.query as { payment?: string }).payment);
  });

  app.post('/checkout/:number/pay', async (request, reply) => {
    const number = (request.params as { number: string }).number;
    const account = store.sessionAccount(request.cookies[SESSION_COOKIE]);
    const csrf = csrfOf(request, reply);
    if (!NUMBER.test(number)) return notFound(reply, account, csrf);
    if (!account) return toSignIn(reply, number);
    if (!csrfOk(request))
      return html(reply, 403, 'Form expired', '<p>Reload the order page and press Pay again.</p>', account, csrf);
    // only the account that owns the order gets past here; the same 404 as an unknown number
    const order = await readOrder(account, number);
    if (!order.ok)
      return order.status === 404 ? notFound(reply, account, csrf) : unavailable(reply, account, csrf, number);
    // paid already (a second press, another tab) or no longer payable: the page says where it stands
    if (order.body.status !== 'pending') return reply.redirect(checkoutPagePath(number), 303);
    const paid = await ask<Order & { payment_url?: string }>(bus, payOrder.subject, { number, account_id: account.id });
    // Stripe: the launch rules hold, so off to its Checkout page; the webhook pays the order
    if (paid.ok && paid.body.payment_url?.startsWith('https://')) return reply.redirect(paid.body.payment_url, 303);
    if (paid.ok || paid.status === 409) return reply.redirect(checkoutPagePath(number), 303);
    if (paid.status === 404) return notFound(reply, account, csrf);
    request.log.warn({ number, status: paid.status, detail: paid.detail }, 'pay_order did not complete');
    return unavailable(reply, account, csrf, number);
  });
};
