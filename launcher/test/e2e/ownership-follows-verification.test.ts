import { readOutbox } from '@listings/platform/mail';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';

/**
 * Issue #27, item 5 (docs/claims.md, Ownership follows verification): A submits someone else's
 * site and pays for its launch; B, who runs the site, claims and verifies it. From then on the
 * listing is B's alone: A's owned-listing operations answer 404 like any listing not theirs, A's
 * draft no longer publishes into it (403), A is mailed, and A's paid order stays A's with the launch
 * it bought kept on the listing.
 */
describe('ownership follows a verified claim, end to end in all-in-one mode', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let site: ProductSite;
  /** the verification tag B publishes on the site once B has a claim */
  let meta = '';

  beforeAll(async () => {
    site = await startProductSite((requestPath) =>
      requestPath === '/'
        ? `<!doctype html><head><title>Acme Widgets</title>${meta}</head><h1>Acme Widgets</h1><p>Widgets for teams.</p>`
        : null,
    );
    running = await startAllInOneInProcess({
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: 'http://directory.test',
    });
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const api = async (key: string | null, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${running.base}/api/v1${url}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };

  const person = async (email: string) => {
    const { account } = await running.identity.store.ensureAccount(email);
    const key = (
      await running.identity.store.createApiKey({
        accountId: account.id,
        name: 'tools',
        scopes: ['account:read', 'listings:write', 'orders:write'],
      })
    ).key;
    return { id: account.id, email, key };
  };

  /** asks again until `done` says yes (the catalog hears of a verification a moment later) */
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('when B verifies a claim on the site A submitted and launched then the listing is B’s alone, A is told and keeps the paid order', async () => {
    const a = await person('submitter@example.com');
    const b = await person('owner@acme.example');

    // A drafts the site, submits it and pays for its launch
    const draft = await api(a.key, 'POST', '/drafts', { url: site.url });
    expect(draft.status).toBe(201);
    const draftId = String(draft.body.id);
    await eventually(
      () => api(a.key, 'GET', `/drafts/${draftId}`),
      (d) => d.body?.status === 'ready',
      'the draft',
    );
    expect((await api(a.key, 'PATCH', `/drafts/${draftId}`, { fields: { name: 'Acme Widgets' } })).status).toBe(200);
    const submitted = await api(a.key, 'POST', `/drafts/${draftId}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const listingId: number = submitted.body.listing_id;
    const slug: string = (await api(a.key, 'GET', `/me/listings/${listingId}`)).body.slug;

    const order = { items: [{ product: 'launch', listing_id: listingId }], billing_country: 'DE' };
    const checkout = await api(a.key, 'POST', '/orders/checkout', order);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const number: string = checkout.body.number;
    const paid = (await running.bus.request('commerce.internal.pay_order', { number, account_id: a.id })) as {
      status: number;
    };
    expect(paid.status).toBe(200);
    await eventually(
      () => api(a.key, 'GET', `/orders/${number}`),
      (o) => o.body?.status === 'fulfilled',
      'the order',
    );
    expect((await api(null, 'GET', `/listings/${slug}`)).body).toMatchObject({ status: 'live' });

    // B runs the website: claims the listing, publishes the tag, verifies
    const claim = await api(b.key, 'POST', '/claims', { slug, method: 'meta' });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    meta = /<meta name="listings-verification" content="[0-9a-f]+">/.exec(claim.body.instructions)?.[0] as string;
    expect(meta).toBeTruthy();
    const verified = await api(b.key, 'POST', `/claims/${claim.body.claim_id}/verify`);
    expect(verified.body).toMatchObject({ status: 'verified' });
    await eventually(
      () => api(b.key, 'GET', `/me/listings/${listingId}`),
      (l) => l.status === 200,
      'B owning the listing',
    );

    // A is an owner no more: the owned-listing operations answer like a listing that is not A's
    const unknown = await api(a.key, 'PATCH', '/me/listings/987654', { fields: { tagline: 'x' } });
    const edit = await api(a.key, 'PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'Not yours' } });
    expect(edit.status).toBe(404);
    expect(edit.body.detail.replace(String(listingId), '<id>')).toBe(unknown.body.detail.replace('987654', '<id>'));
    expect((await api(a.key, 'GET', `/me/listings/${listingId}`)).status).toBe(404);
    expect((await api(a.key, 'GET', '/me/listings')).body.items).toEqual([]);
    expect((await api(a.key, 'POST', `/me/listings/${listingId}/updates`, { title: 'Hi', body: 'All' })).status).toBe(
      404,
    );
    const quote = await api(a.key, 'POST', '/orders/quote', order);
    // an order names a listing in its body: not one of yours is a 400 naming the field (docs/commerce.md)
    expect(quote.status).toBe(400);
    expect(quote.body.errors).toEqual([
      { field: 'body.items.0.listing_id', message: `you have no listing ${listingId}` },
    ]);

    // A's draft is still A's, but no longer publishes into the listing, saying why
    const resubmit = await api(a.key, 'POST', `/drafts/${draftId}/submit`);
    expect(resubmit.status).toBe(403);
    expect(resubmit.body.detail).toMatch(/verified a claim/);
    const draftEdit = await api(a.key, 'PATCH', `/drafts/${draftId}`, { fields: { tagline: 'Taken over' } });
    expect(draftEdit.status).toBe(403);
    expect(draftEdit.body.detail).toMatch(/the edit is saved in your draft, but .*verified a claim/);
    expect((await api(a.key, 'GET', `/drafts/${draftId}`)).status).toBe(200);

    // B, the verified owner, edits and posts
    expect(
      (await api(b.key, 'PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'By the owner' } })).status,
    ).toBe(200);
    const posted = await api(b.key, 'POST', `/me/listings/${listingId}/updates`, { title: 'Hello', body: 'From us' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const shown = (await api(null, 'GET', `/listings/${slug}`)).body;
    expect(shown.tagline).toBe('By the owner');
    expect(JSON.stringify(shown)).not.toContain('Taken over');
    // the launch A paid for stays with the listing
    expect(shown).toMatchObject({ status: 'live' });

    // A was told, once
    const told = await eventually(
      async () =>
        (await readOutbox(running.dataDir)).filter((m) => m.to === a.email && /no longer an owner/.test(m.subject)),
      (mails) => mails.length > 0,
      'the mail to A',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`http://directory.test/listings/${slug}`);
    expect(told[0]?.text).toContain('http://directory.test/me/orders');
    expect((await readOutbox(running.dataDir)).some((m) => m.to === b.email && /no longer/.test(m.subject))).toBe(
      false,
    );

    // A's paid order is still A's, paid and fulfilled (not refunded: docs/commerce.md)
    const orders = await api(a.key, 'GET', '/orders');
    expect(orders.body.items).toEqual([expect.objectContaining({ number, status: 'fulfilled' })]);
    expect((await api(a.key, 'GET', `/orders/${number}`)).body).toMatchObject({
      status: 'fulfilled',
      status_reason: null,
    });
    expect((await api(b.key, 'GET', `/orders/${number}`)).status).toBe(404);
  }, 90_000);

  it('when A ordered a launch before B verified and pays after then the catalog refuses the launch and the order says it needs a refund', async () => {
    const a = await person('second-submitter@example.com');
    const b = await person('second-owner@acme.example');
    const other = await startProductSite((requestPath) =>
      requestPath === '/'
        ? `<!doctype html><head><title>Beta Gadgets</title>${meta}</head><h1>Beta Gadgets</h1><p>Gadgets for teams.</p>`
        : null,
    );
    try {
      const draft = await api(a.key, 'POST', '/drafts', { url: other.url });
      const draftId = String(draft.body.id);
      await eventually(
        () => api(a.key, 'GET', `/drafts/${draftId}`),
        (d) => d.body?.status === 'ready',
        'the draft',
      );
      expect((await api(a.key, 'PATCH', `/drafts/${draftId}`, { fields: { name: 'Beta Gadgets' } })).status).toBe(200);
      const listingId: number = (await api(a.key, 'POST', `/drafts/${draftId}/submit`)).body.listing_id;
      // public on the free plan (awaiting its badge), so anyone can claim it
      const free = await api(a.key, 'POST', `/me/listings/${listingId}/free`, {});
      expect(free.status, JSON.stringify(free.body)).toBe(200);
      const slug: string = free.body.slug;
      const checkout = await api(a.key, 'POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: listingId }],
        billing_country: 'DE',
      });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const number: string = checkout.body.number;

      // B verifies while A's order waits for payment
      const claim = await api(b.key, 'POST', '/claims', { slug, method: 'meta' });
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      meta = /<meta name="listings-verification" content="[0-9a-f]+">/.exec(claim.body.instructions)?.[0] as string;
      expect((await api(b.key, 'POST', `/claims/${claim.body.claim_id}/verify`)).body).toMatchObject({
        status: 'verified',
      });
      await eventually(
        () => api(a.key, 'GET', `/me/listings/${listingId}`),
        (l) => l.status === 404,
        'A losing the listing',
      );

      // A pays: the order is A's and paid, but its launch is not carried out, and it says why
      const paid = (await running.bus.request('commerce.internal.pay_order', { number, account_id: a.id })) as {
        status: number;
      };
      expect(paid.status).toBe(200);
      const refused = await eventually(
        () => api(a.key, 'GET', `/orders/${number}`),
        (o) => typeof o.body?.status_reason === 'string',
        'the refusal',
      );
      expect(refused.body.status).toBe('paid');
      expect(refused.body.status_reason).toMatch(/no longer an owner .*This needs a refund\./);
      expect((await api(a.key, 'GET', '/orders')).body.items).toEqual([
        expect.objectContaining({ number, status: 'paid' }),
      ]);
      // the listing was not launched on the paid plan for A's money, and its paid launch is B's to buy
      expect((await api(b.key, 'GET', `/me/listings/${listingId}`)).body).toMatchObject({ plan: 'free' });
      const bOrder = await api(b.key, 'POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: listingId }],
        billing_country: 'DE',
      });
      expect(bOrder.status, JSON.stringify(bOrder.body)).toBe(200);
    } finally {
      await other.close();
    }
  }, 90_000);
});
