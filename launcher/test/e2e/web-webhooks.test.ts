import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { formClient, hidden, mailedPath } from './web-support.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

/**
 * The must-show of issue #32 in the all-in-one: a maker registers a webhook through the REST API,
 * a person signs in on the site, votes and follows there, and a receiver on loopback gets both
 * deliveries and verifies them with the Standard Webhooks library. Private networks are allowed
 * (FETCH_ALLOW_PRIVATE_NETWORKS) so the endpoint may be plain http on loopback.
 */
describe('signed webhooks from the site (all-in-one)', () => {
  let running: Running;
  let server: http.Server;
  const received: { headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running = await startAllInOneInProcess({ DEMO_DATA: 'on', FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    await new Promise<void>((r) => server?.close(() => r()));
  });

  it('when a maker registers an endpoint and a person votes and follows on the site then the receiver verifies both deliveries', async () => {
    // the maker: an account that owns a live demo listing (its claim verified), with an API key
    const { account } = await running.identity.store.ensureAccount('maker@example.com');
    const { key } = await running.identity.store.createApiKey({
      accountId: account.id,
      name: 'webhooks',
      scopes: ['account:read', 'listings:write'],
    });
    const board = (await (await fetch(`${running.base}/api/v1/leaderboards/community-weekly?per_page=50`)).json()) as {
      items: { listing: { slug: string } }[];
    };
    let listing: { listing_id: number; slug: string } | undefined;
    for (const { slug } of board.items.map((i) => i.listing)) {
      const found = (await running.bus.request('catalog.internal.get_listing_for_claim', { slug })) as {
        body: { listing_id: number; verified: boolean; status: string };
      };
      if (found.body.verified || found.body.status !== 'live') continue;
      const claimed = (await running.bus.request('catalog.internal.record_verified_claim', {
        listing_id: found.body.listing_id,
        account_id: account.id,
        claim_id: 1,
      })) as { status: number };
      expect(claimed.status).toBe(200);
      listing = { listing_id: found.body.listing_id, slug };
      break;
    }
    if (!listing) throw new Error('no live unverified demo listing');

    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const created = await fetch(`${running.base}/api/v1/me/listings/${listing.listing_id}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['vote.counted', 'follower.added'] }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };

    // a person signs in by the mailed link, then votes and follows on the listing's page
    const email = 'voter@example.com';
    const c = formClient(running.base);
    const form = await c.go('/signin/email?next=/me');
    await c.go('/signin/email', {
      method: 'POST',
      form: { email, next: '/me', form_id: hidden(form.text, 'form_id') },
    });
    const token = new URLSearchParams((await mailedPath(running.dataDir, email, '/signin/link')).split('?')[1]).get(
      'token',
    );
    expect((await c.go('/signin/link', { method: 'POST', form: { token: token as string } })).status).toBe(303);
    const csrf = hidden((await c.go('/me')).text, 'csrf');
    expect((await c.go(`/listings/${listing.slug}/vote`, { method: 'POST', form: { csrf } })).status).toBe(303);
    expect((await c.go(`/listings/${listing.slug}/follow`, { method: 'POST', form: { csrf } })).status).toBe(303);

    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 20_000, interval: 50 });
    const verifier = new Webhook(secret);
    const payloads = received.map(
      (r) => verifier.verify(r.body, r.headers) as { type: string; data: { listing_id: number } },
    );
    expect(payloads.map((p) => p.type)).toEqual(['vote.counted', 'follower.added']);
    expect(payloads.every((p) => p.data.listing_id === listing?.listing_id)).toBe(true);
    for (const r of received) expect(r.body).not.toContain(email);
  }, 120_000);
});
