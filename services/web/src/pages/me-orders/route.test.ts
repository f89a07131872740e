import {
  getMyListing,
  getOrder,
  listMyOrders,
  listProducts,
  type OperationRequest,
  type OrderView,
  payOrder,
} from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, NOT_FOUND_REPLY, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';

/**
 * The orders routes against stand-ins on an in-process bus: identity's session look-up (two
 * people), a commerce that keeps one order of Alice's, and a catalog that knows Alice's listing 7
 * and not listing 8. What the real services do is proven end to end in
 * launcher/test/e2e/checkout-page.test.ts, checkout-stripe.test.ts and web-orders-browser.test.ts.
 */
const NUMBER = 'ORD-0123456789abcdef0123';
const AT = '2026-11-25T12:00:00.000Z';

const orderOf = (status: OrderView['status']): OrderView => ({
  number: NUMBER,
  status,
  status_reason: null,
  totals: {
    subtotal_cents: 10_000,
    vat_cents: 1_900,
    total_cents: 11_900,
    vat_rate: 0.19,
    reverse_charge: false,
    currency: 'USD',
  },
  lines: [
    { product: 'launch', listing_id: 7, unit_price_cents: 5_000, fulfilled: false },
    { product: 'extra-category', listing_id: 8, unit_price_cents: 5_000, fulfilled: false },
  ],
  billing_country: 'DE',
  vat_number: null,
  created_at: AT,
  expires_at: '2026-11-26T12:00:00.000Z',
});

describe('the /me/orders and checkout routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  let order: OrderView;
  /** what pay_order answers next */
  let payAnswer: object;
  const paid: unknown[] = [];

  beforeAll(async () => {
    await serveSessions(bus);
    const notFound = NOT_FOUND_REPLY;
    const alice = (r: OperationRequest) => r.principal.account_id === ALICE.account;
    await bus.serve(getOrder.subject, async (payload) =>
      alice(payload as OperationRequest) && (payload as OperationRequest).params.number === NUMBER
        ? { status: 200, body: order }
        : notFound,
    );
    await bus.serve(listMyOrders.subject, async (payload) => {
      const items = alice(payload as OperationRequest) ? [order] : [];
      return { status: 200, body: { items, page: 1, per_page: 20, total: items.length } };
    });
    await bus.serve(getMyListing.subject, async (payload) =>
      alice(payload as OperationRequest) && (payload as OperationRequest).params.listing_id === 7
        ? { status: 200, body: { listing_id: 7, name: 'Acme <Ledger>', slug: 'acme-ledger', status: 'draft' } }
        : notFound,
    );
    await bus.serve(listProducts.subject, async () => ({
      status: 200,
      body: { items: [{ slug: 'launch', name: 'Paid launch' }] },
    }));
    await bus.serve(payOrder.subject, async (payload) => {
      paid.push(payload);
      return payAnswer;
    });
    app = await startWebApp(bus);
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    order = orderOf('pending');
    payAnswer = { status: 200, body: { ...orderOf('fulfilled') } };
    paid.length = 0;
  });

  const as = (who: typeof ALICE) => ({ cookie: `ld_session=${who.token}` });
  const pay = (who: typeof ALICE, csrf = who.csrf) =>
    app.inject({
      method: 'POST',
      url: `/checkout/${NUMBER}/pay`,
      headers: { ...as(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${csrf}`,
    });

  it('when the owner opens /me/orders then each listing is named (the number only where the name cannot be read), with status, total and a Pay link', async () => {
    const page = await app.inject({ url: '/me/orders', headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<a href="/me/listings/7/edit" data-listing="7">Acme &lt;Ledger></a>');
    expect(page.body).toContain('<span data-listing="8">listing 8</span>');
    expect(page.body).toContain('<td data-status="pending">Waiting for payment</td>');
    expect(page.body).toContain('<td class="num">$119.00</td>');
    expect(page.body).toContain(`href="/checkout/${NUMBER}" aria-label="Pay order ${NUMBER}"`);
    // another person's list has none of them
    expect((await app.inject({ url: '/me/orders', headers: as(BOB) })).body).toContain('No orders yet.');
  });

  it('when the checkout page is opened then its CSP lets the pay form end at Stripe Checkout, and no other page’s does', async () => {
    const page = await app.inject({ url: `/checkout/${NUMBER}`, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Paid launch');
    expect(page.body).toContain('<th scope="row">VAT 19%</th>');
    expect(page.body).toContain(`action="/checkout/${NUMBER}/pay"`);
    expect(page.body).toContain(`name="csrf" value="${ALICE.csrf}"`);
    const orders = await app.inject({ url: '/me/orders', headers: as(ALICE) });
    expect(orders.headers['content-security-policy']).toContain("form-action 'self';");
    expect(orders.headers['content-security-policy']).not.toContain('stripe');
  });

  it('when someone else opens or pays the order then the 404 page, and commerce is never asked to pay', async () => {
    const page = await app.inject({ url: `/checkout/${NUMBER}`, headers: as(BOB) });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('$119.00');
    expect((await pay(BOB)).statusCode).toBe(404);
    expect(paid).toEqual([]);
  });

  it('when the pay form lacks the session’s token or comes from another site then it is refused before commerce is asked', async () => {
    expect((await pay(ALICE, 'forged')).statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: `/checkout/${NUMBER}/pay`,
      headers: { ...as(ALICE), 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: `csrf=${ALICE.csrf}`,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(paid).toEqual([]);
  });

  it('when the owner pays then commerce is asked as that account, and the browser goes back to the page or on to Stripe Checkout', async () => {
    const local = await pay(ALICE);
    expect(local.statusCode).toBe(303);
    expect(local.headers.location).toBe(`/checkout/${NUMBER}`);
    expect(paid).toEqual([{ number: NUMBER, account_id: ALICE.account }]);

    payAnswer = {
      status: 200,
      body: { ...orderOf('pending'), payment_url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    };
    const stripe = await pay(ALICE);
    expect(stripe.headers.location).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    // a payment page anywhere else is not followed
    payAnswer = { status: 200, body: { ...orderOf('pending'), payment_url: 'https://evil.example/pay' } };
    expect((await pay(ALICE)).headers.location).toBe(`/checkout/${NUMBER}`);
    // commerce not answering in time: a 503 page that links back to the order
    payAnswer = { status: 503, problem: { type: 'about:blank', title: 'Unavailable', status: 503 } };
    const down = await pay(ALICE);
    expect(down.statusCode).toBe(503);
    expect(down.body).toContain(`href="/checkout/${NUMBER}"`);
  });

  it('when the order is no longer pending then Pay goes back to the page without asking commerce', async () => {
    order = orderOf('fulfilled');
    const again = await pay(ALICE);
    expect(again.statusCode).toBe(303);
    expect(paid).toEqual([]);
    const page = await app.inject({ url: `/checkout/${NUMBER}`, headers: as(ALICE) });
    expect(page.body).toContain('data-status="fulfilled"');
    expect(page.body).not.toContain(`action="/checkout/${NUMBER}/pay"`);
  });
});
