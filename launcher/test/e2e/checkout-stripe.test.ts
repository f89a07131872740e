import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type RunningStripeMock,
  startStripeMock,
  stripeMockBinary,
  stripeSignature,
} from '../../../services/commerce/test/stripe-mock.ts';
import { browserFor } from '../../../services/gateway/test/site-browser.ts';
import { startAllInOneInProcess } from '../in-process.ts';

const PASSWORD = 'a long enough password';
const WEBHOOK_SECRET = 'whsec_e2e_checkout_stripe';
const found = stripeMockBinary();
const missing = 'missing' in found ? found.missing : null;
if (missing) console.log(`skipping the Stripe checkout end to end: ${missing}`);

/** all-in-one over HTTP with STRIPE_* set (the API at stripe-mock): Pay → Stripe → signed webhook → fulfilled */
describe.skipIf(missing !== null)('the checkout page with Stripe Checkout, end to end in all-in-one mode', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let mock: RunningStripeMock;
  let site: ProductSite;
  let base: string;

  beforeAll(async () => {
    site = await startProductSite();
    mock = await startStripeMock();
    // commerce picks its payment provider from the configuration, as in production
    running = await startAllInOneInProcess({
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: 'http://directory.test',
      STRIPE_SECRET_KEY: 'sk_test_E2eCheckoutStripe0123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: mock.url,
    });
    base = running.base;
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await mock?.stop();
    await site?.close();
  });

  const api = async (key: string | null, method: string, url: string, body?: unknown, headers = {}) => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };
  const webhook = async (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(`${base}/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(payload, secret),
      },
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  };
  /** a completed Checkout Session for `order`, paying `totalCents` USD (the order's total, unless a test says otherwise) */
  const completed = (id: string, order: string, paymentIntent: string, totalCents = 4900) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2026-10-28.endive',
    created: 1_893_585_600,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `cs_test_${id}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: paymentIntent,
        amount_total: totalCents,
        currency: 'usd',
        client_reference_id: order,
        metadata: { order_number: order },
      },
    },
  });

  it('Pay goes to Stripe, the order stays pending until the signed webhook, which pays it once; forged and unknown change nothing', async () => {
    const browser = browserFor(base);
    expect((await browser.submit('/signup', '/signup', { email: 's@example.com', password: PASSWORD })).status).toBe(
      303,
    );
    const { account } = await running.identity.store.ensureAccount('s@example.com');
    const key = (
      await running.identity.store.createApiKey({
        accountId: account.id,
        name: 'tools',
        scopes: ['account:read', 'listings:write', 'orders:write'],
      })
    ).key;
    const made = await api(key, 'POST', '/drafts', { url: site.url });
    expect(made.status).toBe(201);
    await vi.waitFor(async () => expect((await api(key, 'GET', `/drafts/${made.body.id}`)).body.status).toBe('ready'), {
      timeout: 30_000,
      interval: 50,
    });
    const submitted = await api(key, 'POST', `/drafts/${made.body.id}/submit`);
    expect(submitted.status).toBe(200);
    const listingId: number = submitted.body.listing_id;
    const checkout = await api(key, 'POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: listingId }],
      billing_country: 'US',
    });
    expect(checkout.status).toBe(200);
    const number: string = checkout.body.number;
    const pagePath = new URL(checkout.body.checkout_url).pathname;

    // Pay: 303 to the Checkout Session (stripe-mock's URL), the order still pending
    const pressed = await browser.submit(pagePath, `${pagePath}/pay`, {});
    expect(pressed.status).toBe(303);
    expect(pressed.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect((await api(key, 'GET', `/orders/${number}`)).body.status).toBe('pending');
    const back = await browser.get(`${pagePath}?payment=done`);
    expect(back.html).toContain('id="payment-return"');

    // forged: 400, nothing changes; an unknown order: acknowledged
    expect((await webhook(completed('evt_forged', number, 'pi_forged'), 'whsec_not_ours')).status).toBe(400);
    expect((await api(key, 'GET', `/orders/${number}`)).body.status).toBe('pending');
    expect(await webhook(completed('evt_unknown', 'ORD-00000000000000000000', 'pi_u'))).toMatchObject({
      status: 200,
      body: { outcome: 'unknown_order' },
    });

    // the signed completion pays it; the order is fulfilled and the listing live, as with the local provider
    const event = completed('evt_e2e_paid', number, 'pi_e2e_paid', checkout.body.totals.total_cents);
    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } });
    await vi.waitFor(async () => expect((await api(key, 'GET', `/orders/${number}`)).body.status).toBe('fulfilled'), {
      timeout: 20_000,
      interval: 50,
    });
    const mine = await api(key, 'GET', `/me/listings/${listingId}`);
    expect((await api(null, 'GET', `/listings/${mine.body.slug}`)).status).toBe(200);
    // Stripe delivers it again: nothing more
    expect(await webhook(event)).toMatchObject({ status: 200, body: { outcome: 'already_paid' } });
    const page = await browser.get(pagePath);
    expect(page.html).toContain('data-status="fulfilled"');
  });
});
