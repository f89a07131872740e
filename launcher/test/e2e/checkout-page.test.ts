import path from 'node:path';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, csrfIn } from '../../../services/gateway/test/site-browser.ts';
import { startAllInOneInProcess } from '../in-process.ts';

const PASSWORD = 'a long enough password';

/** a page without its per-request CSP nonce, to compare two pages */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** the checkout page is the web edge's (`/checkout/{number}`), in the site's layout, as the signed-in person */
describe('the checkout page, end to end in all-in-one mode', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let base: string;
  let site: ProductSite;
  let siteUrl: string;

  beforeAll(async () => {
    // the product site a draft is made from: on loopback, so nothing leaves the machine
    site = await startProductSite();
    siteUrl = site.url;
    // temp DATA_DIR, DEMO_DATA=off (testConfig), public links on another origin than the loopback port
    running = await startAllInOneInProcess({
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: 'http://directory.test',
    });
    base = running.base;
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
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

  /** a person who signs up through the form; their API key is made for the same account in the identity store */
  const person = async (email: string) => {
    const browser = browserFor(base);
    const signedUp = await browser.submit('/signup', '/signup', { email, password: PASSWORD });
    expect(signedUp.status).toBe(303);
    const { account, created } = await running.identity.store.ensureAccount(email);
    expect(created).toBe(false);
    const key = (
      await running.identity.store.createApiKey({
        accountId: account.id,
        name: 'tools',
        scopes: ['account:read', 'listings:write', 'orders:write'],
      })
    ).key;
    return { browser, key };
  };

  /** a listing of the loopback product site: draft, polled until ready as a client would, submitted */
  const listingOf = async (key: string) => {
    const made = await api(key, 'POST', '/drafts', { url: siteUrl });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const draft = await api(key, 'GET', `/drafts/${id}`);
      if (draft.body?.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`draft never became ready: ${JSON.stringify(draft.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const submitted = await api(key, 'POST', `/drafts/${id}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return submitted.body.listing_id as number;
  };

  it('when A checks out a launch and pays on the page then the order is fulfilled and the listing is live, and B sees 404', async () => {
    const a = await person('a@example.com');
    const b = await person('b@example.com');
    const listingId = await listingOf(a.key);
    const mine = await api(a.key, 'GET', `/me/listings/${listingId}`);
    expect(mine.status).toBe(200);
    const slug: string = mine.body.slug;
    expect((await api(null, 'GET', `/listings/${slug}`)).status).toBe(404);

    // quote, then the checkout link (Germany, no VAT number: German VAT, B2C)
    const order = { items: [{ product: 'launch', listing_id: listingId }], billing_country: 'DE' };
    const quote = await api(a.key, 'POST', '/orders/quote', order);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.totals.vat_cents).toBeGreaterThan(0);
    const checkout = await api(a.key, 'POST', '/orders/checkout', order, { 'idempotency-key': 'checkout-1' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body).toMatchObject({ status: 'pending', totals: quote.body.totals });
    const number: string = checkout.body.number;
    expect(checkout.body.checkout_url).toBe(`http://directory.test/checkout/${number}`);
    const pagePath = new URL(checkout.body.checkout_url).pathname;

    // signed out: to sign-in, and back to this page afterwards; a pay POST charges nothing
    const anonymous = browserFor(base);
    const signedOut = await anonymous.get(pagePath);
    expect(signedOut).toMatchObject({ status: 303, location: `/signin/email?next=${encodeURIComponent(pagePath)}` });
    expect((await anonymous.post(`${pagePath}/pay`, { csrf: 'x' })).status).toBe(303);
    const signInPage = await anonymous.get(signedOut.location as string);
    expect(signInPage.html).toContain(`name="next" value="${pagePath}"`);
    // the email page links to the password form, which comes back here too
    expect(signInPage.html).toContain(`href="/signin?next=${encodeURIComponent(pagePath)}"`);
    const signedIn = await anonymous.submit(`/signin?next=${encodeURIComponent(pagePath)}`, '/signin', {
      email: 'a@example.com',
      password: PASSWORD,
      next: pagePath,
    });
    expect(signedIn).toMatchObject({ status: 303, location: pagePath });

    // A's page, in the site's layout: lines, the listing by name, prices, VAT, total, a Pay button
    // for the local provider, no card fields
    const pending = await anonymous.get(pagePath);
    expect(pending.status).toBe(200);
    expect(pending.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pending.headers.get('cache-control')).toBe('private, no-store');
    // the site's CSP, whose form-action also allows Stripe Checkout (where Pay goes when Stripe is set up)
    expect(pending.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(pending.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com");
    expect(pending.html).toContain('<a href="/me">a@example.com</a>');
    expect(pending.html).toContain('data-status="pending"');
    expect(pending.html).toContain('Paid launch');
    expect(pending.html).toContain(
      `<a href="/me/listings/${listingId}/edit" data-listing="${listingId}">${mine.body.name}</a>`,
    );
    expect(pending.html).not.toContain(`listing ${listingId}`);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const { totals } = checkout.body;
    expect(pending.html).toContain(dollars(totals.subtotal_cents));
    expect(pending.html).toContain(dollars(totals.vat_cents));
    expect(pending.html).toContain(`VAT ${Number((totals.vat_rate * 100).toFixed(2))}%`);
    expect(pending.html).toContain(`<strong id="order-total">${dollars(totals.total_cents)}</strong>`);
    expect(pending.html).toContain('Billing country <code id="billing-country">DE</code>');
    expect(pending.html).toContain(`can be paid until <time datetime="${checkout.body.expires_at}">`);
    expect(pending.html).toContain('local development provider');
    expect(pending.html).toContain(`action="${pagePath}/pay"`);
    expect(pending.html).not.toMatch(/card[-_ ]?number|cc-number|cvc|cvv|autocomplete="cc-/i);
    const paySection = pending.html.slice(
      pending.html.indexOf('<section id="pay"'),
      pending.html.indexOf('</section>'),
    );
    expect(paySection).toContain('<form method="post"');
    expect(paySection).not.toMatch(/<input(?![^>]*type="hidden")/);

    // /me/orders lists it by the listing's name, with its status, total with VAT and the way to pay
    const orders = await anonymous.get('/me/orders');
    expect(orders.status).toBe(200);
    expect(orders.headers.get('cache-control')).toBe('private, no-store');
    expect(orders.html).toContain(`data-order="${number}"`);
    expect(orders.html).toContain(`data-listing="${listingId}">${mine.body.name}</a>`);
    expect(orders.html).toContain('<td data-status="pending">Waiting for payment</td>');
    expect(orders.html).toContain(`<td class="num">${dollars(totals.total_cents)}</td>`);
    expect(orders.html).toContain(`href="${pagePath}" aria-label="Pay order ${number}"`);

    // a POST without the page's CSRF token pays nothing
    expect((await anonymous.post(`${pagePath}/pay`, { csrf: 'forged' })).status).toBe(403);
    expect((await api(a.key, 'GET', `/orders/${number}`)).body.status).toBe('pending');

    // B: the same 404 page as an unknown number, for the page and for paying; 404 through the API
    const unknownPage = await b.browser.get('/checkout/ORD-00000000000000000000');
    expect(unknownPage.status).toBe(404);
    const stolenPage = await b.browser.get(pagePath);
    expect(stolenPage.status).toBe(404);
    expect(withoutNonce(stolenPage.html)).toBe(withoutNonce(unknownPage.html));
    expect(stolenPage.html).not.toContain(number);
    // (B's form token from a page of B's own)
    const bPay = await b.browser.submit('/me', `${pagePath}/pay`, {});
    expect(bPay.status).toBe(404);
    expect((await api(b.key, 'GET', `/orders/${number}`)).status).toBe(404);
    expect((await b.browser.get('/me/orders')).html).not.toContain(number);
    expect((await api(a.key, 'GET', `/orders/${number}`)).body.status).toBe('pending');

    // A pays: back to the page, which shows the order paid and every line fulfilled
    const paid = await anonymous.submit(pagePath, `${pagePath}/pay`, {});
    expect(paid).toMatchObject({ status: 303, location: pagePath });
    const after = await anonymous.get(pagePath);
    expect(after.status).toBe(200);
    expect(after.html).toMatch(/data-status="(paid|fulfilled)"/);
    expect(after.html).not.toContain(`action="${pagePath}/pay"`);

    const viaApi = await api(a.key, 'GET', `/orders/${number}`);
    expect(viaApi.status).toBe(200);
    expect(['paid', 'fulfilled']).toContain(viaApi.body.status);
    expect(viaApi.body.lines.length).toBeGreaterThan(0);
    expect(viaApi.body.lines.every((line: { fulfilled: boolean }) => line.fulfilled)).toBe(true);
    expect(viaApi.body.status).toBe('fulfilled');
    expect(after.html).toContain('data-status="fulfilled"');
    expect(after.html).toContain('<td class="fulfilment">Fulfilled</td>');
    const ordersAfter = await anonymous.get('/me/orders');
    expect(ordersAfter.html).toContain('<td data-status="fulfilled">Paid and fulfilled</td>');
    expect(ordersAfter.html).not.toContain(`aria-label="Pay order ${number}"`);

    // paying again is a no-op back to the page
    const again = await anonymous.post(`${pagePath}/pay`, { csrf: csrfIn(pending.html) });
    expect(again).toMatchObject({ status: 303, location: pagePath });
    expect((await api(a.key, 'GET', `/orders/${number}`)).body).toEqual(viaApi.body);

    // the listing is public and live
    const listing = await api(null, 'GET', `/listings/${slug}`);
    expect(listing.status, JSON.stringify(listing.body)).toBe(200);
    expect(JSON.stringify(listing.body)).toContain(slug);
    const owned = await api(a.key, 'GET', `/me/listings/${listingId}`);
    expect(owned.body).toMatchObject({ status: 'live' });
  }, 90_000);

  it('when two orders launch one listing and both are paid on the checkout page then one launch, and the other order says why', async () => {
    const c = await person('c@example.com');
    const listingId = await listingOf(c.key);
    const order = { items: [{ product: 'launch', listing_id: listingId }] };
    // two tabs: both checkouts are made before either is paid
    const first = await api(c.key, 'POST', '/orders/checkout', order, { 'idempotency-key': 'twice-1' });
    const second = await api(c.key, 'POST', '/orders/checkout', order, { 'idempotency-key': 'twice-2' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.number).not.toBe(second.body.number);
    const firstPage = new URL(first.body.checkout_url).pathname;
    const secondPage = new URL(second.body.checkout_url).pathname;

    expect(await c.browser.submit(firstPage, `${firstPage}/pay`, {})).toMatchObject({
      status: 303,
      location: firstPage,
    });
    expect((await api(c.key, 'GET', `/orders/${first.body.number}`)).body).toMatchObject({
      status: 'fulfilled',
      status_reason: null,
    });
    // the second order's page still offers to pay; paying is refused before anything is charged
    expect((await c.browser.get(secondPage)).html).toContain(`action="${secondPage}/pay"`);
    expect(await c.browser.submit(secondPage, `${secondPage}/pay`, {})).toMatchObject({
      status: 303,
      location: secondPage,
    });
    const reason = `Listing ${listingId} already has a paid launch, bought in another order. This order was refused before payment: nothing was charged.`;
    const refused = await api(c.key, 'GET', `/orders/${second.body.number}`);
    expect(refused.body).toMatchObject({ status: 'refused', status_reason: reason });
    expect(refused.body.lines.every((line: { fulfilled: boolean }) => !line.fulfilled)).toBe(true);
    const mine = await api(c.key, 'GET', '/orders');
    expect(mine.body.items.find((o: { number: string }) => o.number === second.body.number)).toMatchObject({
      status: 'refused',
      status_reason: reason,
    });
    const page = await c.browser.get(secondPage);
    expect(page.html).toContain('data-status="refused"');
    expect(page.html).toContain('Refused: not charged');
    expect(page.html).toContain(`<p role="status" id="status-reason" class="field-error">${reason}</p>`);
    expect(page.html).not.toContain(`action="${secondPage}/pay"`);
    // pressing Pay again (an old tab) changes nothing
    const csrf = csrfIn((await c.browser.get('/me')).html);
    expect((await c.browser.post(`${secondPage}/pay`, { csrf })).status).toBe(303);
    expect((await api(c.key, 'GET', `/orders/${second.body.number}`)).body.status).toBe('refused');

    // one launch: the catalog recorded the paid launch once, and the listing is live
    const catalogLog = openSqliteEventStore({ path: path.join(running.dataDir, 'catalog', 'events.sqlite') });
    try {
      const launches = (await catalogLog.readAll(0, 100_000)).filter(
        (e) => e.type === 'LaunchScheduled' && (e.data as { listing_id: number }).listing_id === listingId,
      );
      expect(launches.map((e) => (e.data as { plan: string }).plan)).toEqual(['paid']);
    } finally {
      await catalogLog.close();
    }
    expect((await api(c.key, 'GET', `/me/listings/${listingId}`)).body).toMatchObject({ status: 'live' });
    // and a third checkout for it is refused at once
    const third = await api(c.key, 'POST', '/orders/checkout', order, { 'idempotency-key': 'twice-3' });
    expect(third.status).toBe(409);
    expect(third.body.detail).toBe(`listing ${listingId} already has a paid launch (bought in another order)`);
  }, 90_000);

  it('when the number is malformed then the 404 page, and everything on the page is escaped', async () => {
    const visitor = browserFor(base);
    const malformed = await visitor.get(`/checkout/${encodeURIComponent('<script>x</script>')}`);
    expect(malformed.status).toBe(404);
    expect(malformed.html).not.toContain('<script>');
    expect(malformed.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
