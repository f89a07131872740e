import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { mailAccount, WEBHOOKS_PER_LISTING_MAX } from '@listings/contracts';
import { createSafeFetch } from '@listings/platform/outbound';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addListing, type Reply, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/** One request as the receiver got it. */
interface Received {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * A webhook receiver on loopback, as a maker would write one with the Standard Webhooks library:
 * it verifies the signature and the timestamp (five minutes either way), refuses a `webhook-id` it
 * has already taken (a replay), and while `down` answers 503 to everything.
 */
const startReceiver = async () => {
  const state = { secret: '', down: false, failures: 0 };
  const accepted: { id: string; payload: { type: string; data: Record<string, unknown> }; raw: Received }[] = [];
  const seen = new Set<string>();
  /** what the receiver decides for one request: 204 taken, 400 bad signature or stale, 409 a replay */
  const receive = (request: Received): number => {
    try {
      const payload = new Webhook(state.secret).verify(
        request.body,
        request.headers,
      ) as (typeof accepted)[number]['payload'];
      const id = request.headers['webhook-id'] as string;
      if (seen.has(id)) return 409;
      seen.add(id);
      accepted.push({ id, payload, raw: request });
      return 204;
    } catch {
      return 400;
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.down) {
        state.failures += 1;
        res.writeHead(503).end();
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      res.writeHead(receive({ headers, body: Buffer.concat(chunks).toString('utf8') })).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/listings`;
  return { state, accepted, receive, url, close: () => new Promise<void>((r) => server.close(() => r())) };
};

const OWNER_SCOPES = ['account:read', 'listings:write'];
const as =
  (t: TestCatalog, account: string) =>
  async (operation: string, params: object, body?: unknown, query: object = {}) =>
    (await t.bus.request(`catalog.${operation}`, {
      operation_id: operation,
      principal: { account_id: account, scopes: OWNER_SCOPES, via: 'api_key' },
      params,
      query,
      ...(body !== undefined ? { body } : {}),
    })) as Reply;

/**
 * The webhook subjects in the catalog's key vault (its SQLite key file): all, a key or an erased
 * key's tombstone each, or (`kept`) those that still have their key.
 */
const webhookKeysOf = (t: TestCatalog, which: 'kept' | 'all' = 'all'): string[] => {
  const db = new DatabaseSync(path.join(t.dir, 'catalog', 'personal-data.sqlite'), { readOnly: true });
  const where = which === 'kept' ? 'AND key IS NOT NULL' : '';
  try {
    const rows = db
      .prepare(`SELECT subject FROM subject_keys WHERE subject LIKE 'webhook-%' ${where} ORDER BY subject`)
      .all();
    return rows.map((r) => String(r.subject));
  } finally {
    db.close();
  }
};

const webhookFetch = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'webhook-test', maxRedirects: 0 });

describe('signed webhooks to a receiver on loopback', () => {
  let t: TestCatalog;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let listing: { listing_id: number; slug: string };
  let owner: ReturnType<typeof as>;
  const mailed: Record<string, unknown>[] = [];
  // the retries wait 20 ms, 40 ms, 80 ms, ... (doubling) for up to a minute: short, not slept by the test
  const start = (dir?: string) =>
    startTestCatalog({
      now: new Date().toISOString(),
      ...(dir ? { dir } : {}),
      webhooks: { fetch: webhookFetch, retry: { firstMs: 20, forMs: 60_000 } },
    });
  const serveMail = async (catalog: TestCatalog) =>
    catalog.bus.serve(mailAccount.subject, async (payload) => {
      mailed.push(payload as Record<string, unknown>);
      return { status: 200, body: { sent: true } };
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await start();
    await serveMail(t);
    await seedCategories(t);
    listing = await addListing(t, 'Hooked', { categories: ['Design'] });
    owner = as(t, 'owner-of-Hooked');
  });
  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
  });

  it('when an owner registers an endpoint and a person votes and follows then the receiver gets both, signed, verifies them and refuses a replay', async () => {
    const created = await owner(
      'create_webhook',
      { listing_id: listing.listing_id },
      { url: receiver.url, events: ['vote.counted', 'follower.added'] },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: receiver.url,
      status: 'active',
      events: ['vote.counted', 'follower.added'],
    });
    expect(created.body.secret).toMatch(/^whsec_/);
    receiver.state.secret = created.body.secret;

    expect(
      (await t.internal('cast_vote', { slug: listing.slug, account_id: 'voter-1', email_confirmed: true })).status,
    ).toBe(200);
    expect((await t.internal('follow_listing', { slug: listing.slug, account_id: 'fan-1' })).status).toBe(200);
    await vi.waitFor(() => expect(receiver.accepted).toHaveLength(2), { timeout: 10_000, interval: 20 });

    const [vote, follow] = receiver.accepted;
    expect(vote?.payload).toMatchObject({ type: 'vote.counted', data: { listing_id: listing.listing_id, votes: 1 } });
    expect(follow?.payload).toMatchObject({
      type: 'follower.added',
      data: { listing_id: listing.listing_id, followers: 1 },
    });
    // ids and counts only: never who voted or followed
    for (const d of receiver.accepted) expect(d.raw.body).not.toMatch(/voter-1|fan-1|@/);
    expect(vote?.raw.headers['webhook-signature']).toMatch(/^v1,/);

    // the same request again: the signature holds, the receiver has seen its webhook-id
    expect(receiver.receive((vote as (typeof receiver.accepted)[number]).raw)).toBe(409);
    // signed now with a timestamp ten minutes old: the library refuses it as stale
    const stale = new Date(Date.now() - 10 * 60_000);
    const body = vote?.raw.body as string;
    const staleHeaders = {
      'webhook-id': 'msg_00000000000000000000000000000001',
      'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
      'webhook-signature': new Webhook(receiver.state.secret).sign('msg_00000000000000000000000000000001', stale, body),
    };
    expect(receiver.receive({ headers: staleHeaders, body })).toBe(400);
    // and a body changed on the way does not verify
    expect(
      receiver.receive({
        headers: { ...(vote?.raw.headers as Record<string, string>), 'webhook-id': 'msg_x' },
        body: body.replace('1', '2'),
      }),
    ).toBe(400);

    // an attempt is recorded once the receiver has answered: the log may be a moment behind it
    await vi.waitFor(
      async () => {
        const listed = await owner('list_webhooks', { listing_id: listing.listing_id });
        expect(listed.status).toBe(200);
        expect(JSON.stringify(listed.body)).not.toContain('whsec_');
        expect(
          listed.body.items[0].deliveries.map((d: { event: string; status_code: number }) => [d.event, d.status_code]),
        ).toEqual([
          ['follower.added', 204],
          ['vote.counted', 204],
        ]);
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it('when the receiver is down for a while then every delivery arrives once it is back, in order', async () => {
    const before = receiver.accepted.length;
    receiver.state.down = true;
    for (const voter of ['voter-2', 'voter-3', 'voter-4'])
      await t.internal('cast_vote', { slug: listing.slug, account_id: voter, email_confirmed: true });
    // retried with backoff while it answers 503
    await vi.waitFor(() => expect(receiver.state.failures).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
      interval: 10,
    });
    const [hook] = (await owner('list_webhooks', { listing_id: listing.listing_id })).body.items;
    expect(hook.pending).toBe(3);
    expect(hook.deliveries[0]).toMatchObject({ event: 'vote.counted', status_code: 503, ok: false });
    receiver.state.down = false;
    await vi.waitFor(() => expect(receiver.accepted.length).toBe(before + 3), { timeout: 10_000, interval: 20 });
    expect(receiver.accepted.slice(before).map((d) => d.payload.data.votes)).toEqual([2, 3, 4]);
  });

  it('when the service restarts while deliveries wait then they are sent after the start', async () => {
    const before = receiver.accepted.length;
    receiver.state.down = true;
    const failures = receiver.state.failures;
    await t.internal('follow_listing', { slug: listing.slug, account_id: 'fan-2' });
    await vi.waitFor(() => expect(receiver.state.failures).toBeGreaterThan(failures), {
      timeout: 10_000,
      interval: 10,
    });
    await t.stop(false);
    receiver.state.down = false;
    t = await start(t.dir);
    await serveMail(t);
    owner = as(t, 'owner-of-Hooked');
    await vi.waitFor(() => expect(receiver.accepted.length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    expect(receiver.accepted.at(-1)?.payload).toMatchObject({ type: 'follower.added', data: { followers: 2 } });
  });

  it('when the secret is rotated then deliveries carry a signature by each secret, and either verifies', async () => {
    const [hook] = (await owner('list_webhooks', { listing_id: listing.listing_id })).body.items;
    const old = receiver.state.secret;
    const rotated = await owner('rotate_webhook_secret', {
      listing_id: listing.listing_id,
      webhook_id: hook.webhook_id,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(old);
    const before = receiver.accepted.length;
    const test = await owner('send_test_webhook', { listing_id: listing.listing_id, webhook_id: hook.webhook_id });
    expect(test.body).toMatchObject({ queued: true, delivery_id: expect.stringMatching(/^msg_/) });
    await vi.waitFor(() => expect(receiver.accepted.length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    const got = receiver.accepted.at(-1) as (typeof receiver.accepted)[number];
    expect(got.payload.type).toBe('webhook.test');
    expect(got.raw.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.body.secret).verify(got.raw.body, got.raw.headers)).not.toThrow();
    receiver.state.secret = rotated.body.secret;

    // a delivery of the log sent again keeps its id: the receiver knows it
    const redelivered = await owner('redeliver_webhook', {
      listing_id: listing.listing_id,
      webhook_id: hook.webhook_id,
      delivery_id: got.id,
    });
    expect(redelivered.status).toBe(200);
    await vi.waitFor(
      async () => {
        const [now] = (await owner('list_webhooks', { listing_id: listing.listing_id })).body.items;
        expect(now.deliveries[0]).toMatchObject({ delivery_id: got.id, status_code: 409 });
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe('webhook endpoints: who may, and where to', () => {
  let t: TestCatalog;
  let listing: { listing_id: number; slug: string };
  beforeEach(async () => {
    t = await startTestCatalog({ now: new Date().toISOString() });
    listing = await addListing(t, 'Guarded');
  });
  afterEach(() => t.stop());
  const create = (account: string, body: unknown) =>
    as(t, account)('create_webhook', { listing_id: listing.listing_id }, body);

  it('when the URL is http, or names a loopback or private address, then 400 names body.url', async () => {
    for (const url of [
      'http://hooks.example.com/in',
      'http://127.0.0.1:8080/in',
      'https://127.0.0.1/in',
      'https://10.1.2.3/in',
      'https://[::1]/in',
      'https://localhost/in',
      'https://169.254.169.254/latest',
    ]) {
      const r = await create('owner-of-Guarded', { url, events: ['vote.counted'] });
      expect(r.status, url).toBe(400);
      expect(r.problem?.errors?.[0]?.field, url).toBe('body.url');
    }
    expect(
      (await create('owner-of-Guarded', { url: 'https://hooks.example.com/in', events: ['vote.counted'] })).status,
    ).toBe(201);
  });

  it('when an event is unknown or missing then 400 names the field', async () => {
    const unknown = await create('owner-of-Guarded', { url: 'https://hooks.example.com/in', events: ['vote.bought'] });
    expect(unknown.status).toBe(400);
    expect(unknown.problem?.errors?.[0]?.field).toMatch(/^body\.events/);
    const none = await create('owner-of-Guarded', { url: 'https://hooks.example.com/in', events: [] });
    expect(none.status).toBe(400);
    expect(none.problem?.errors?.[0]?.field).toMatch(/^body\.events/);
  });

  it('when a create is refused (the same URL again, or one endpoint too many) then no key is left in the vault', async () => {
    const at = (n: number) => ({ url: `https://hooks.example.com/in-${n}`, events: ['vote.counted'] });
    expect((await create('owner-of-Guarded', at(1))).status).toBe(201);
    const one = webhookKeysOf(t);
    expect(one).toHaveLength(1);
    expect((await create('owner-of-Guarded', at(1))).status).toBe(409);
    expect(webhookKeysOf(t)).toEqual(one);
    for (let n = 2; n <= WEBHOOKS_PER_LISTING_MAX; n += 1)
      expect((await create('owner-of-Guarded', at(n))).status).toBe(201);
    const full = webhookKeysOf(t);
    expect(full).toHaveLength(WEBHOOKS_PER_LISTING_MAX);
    expect((await create('owner-of-Guarded', at(WEBHOOKS_PER_LISTING_MAX + 1))).status).toBe(409);
    expect(webhookKeysOf(t)).toEqual(full);
  });

  it('when two creates for one URL race then one endpoint is made and the loser’s key is erased', async () => {
    const body = { url: 'https://hooks.example.com/in', events: ['vote.counted'] };
    const both = await Promise.all([create('owner-of-Guarded', body), create('owner-of-Guarded', body)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(webhookKeysOf(t, 'kept')).toEqual([`webhook-${both.find((r) => r.status === 201)?.body.webhook_id}`]);
  });

  it('when someone else than the owner lists, creates, tests or deletes then 404, and the endpoint stays', async () => {
    const made = await create('owner-of-Guarded', { url: 'https://hooks.example.com/in', events: ['vote.counted'] });
    const ids = { listing_id: listing.listing_id, webhook_id: made.body.webhook_id };
    const stranger = as(t, 'someone-else');
    expect((await create('someone-else', { url: 'https://x.example.com/', events: ['vote.counted'] })).status).toBe(
      404,
    );
    expect((await stranger('list_webhooks', { listing_id: listing.listing_id })).status).toBe(404);
    expect((await stranger('send_test_webhook', ids)).status).toBe(404);
    expect((await stranger('rotate_webhook_secret', ids)).status).toBe(404);
    expect((await stranger('delete_webhook', ids)).status).toBe(404);
    const listed = await as(t, 'owner-of-Guarded')('list_webhooks', { listing_id: listing.listing_id });
    expect(listed.body.total).toBe(1);
    expect((await as(t, 'owner-of-Guarded')('delete_webhook', ids)).body).toEqual({
      deleted: true,
      webhook_id: ids.webhook_id,
    });
    expect((await as(t, 'owner-of-Guarded')('list_webhooks', { listing_id: listing.listing_id })).body.total).toBe(0);
  });
});

describe('an endpoint that never answers 2xx', () => {
  it('when every retry of a delivery fails then the endpoint is disabled, its owner is mailed once and nothing more is sent', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // waits of 5, 10, 20 ms and the rest of 50 ms: five attempts in all
    const t = await startTestCatalog({
      now: new Date().toISOString(),
      webhooks: { fetch: webhookFetch, retry: { firstMs: 5, forMs: 50 } },
    });
    const mailed: Record<string, unknown>[] = [];
    await t.bus.serve(mailAccount.subject, async (payload) => {
      mailed.push(payload as Record<string, unknown>);
      return { status: 200, body: { sent: true } };
    });
    try {
      const listing = await addListing(t, 'Broken');
      const owner = as(t, 'owner-of-Broken');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
      const made = await owner(
        'create_webhook',
        { listing_id: listing.listing_id },
        { url, events: ['follower.added'] },
      );
      await t.internal('follow_listing', { slug: listing.slug, account_id: 'fan' });
      await vi.waitFor(
        async () => {
          const [hook] = (await owner('list_webhooks', { listing_id: listing.listing_id })).body.items;
          expect(hook).toMatchObject({ status: 'disabled', pending: 1 });
          expect(hook.disabled_reason).toContain('4 retries');
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(requests).toBe(5);
      await vi.waitFor(() => expect(mailed).toHaveLength(1), { timeout: 5_000, interval: 20 });
      expect(mailed[0]).toMatchObject({ account_id: 'owner-of-Broken', kind: 'webhook-disabled' });
      expect(String(mailed[0]?.text)).toContain(url);
      expect(String(mailed[0]?.text)).not.toContain('whsec_');
      // a disabled endpoint is sent nothing more, and a redelivery is refused
      await t.internal('follow_listing', { slug: listing.slug, account_id: 'fan-2' });
      const [hook] = (await owner('list_webhooks', { listing_id: listing.listing_id })).body.items;
      const again = await owner('redeliver_webhook', {
        listing_id: listing.listing_id,
        webhook_id: made.body.webhook_id,
        delivery_id: hook.deliveries[0].delivery_id,
      });
      expect(again.status).toBe(409);
      expect(requests).toBe(5);
    } finally {
      await t.stop();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

/**
 * A catalog on Wednesday of the launch week 2026-11-16 .. 2026-11-22 (categories seeded) and a
 * receiver on loopback that takes every delivery (204) and keeps its body: `test` runs with both,
 * which are stopped after. `launch(name, events)` adds a listing of that week and, for `events`,
 * its owner's endpoint to the receiver.
 */
const inLaunchWeek = async <Body>(
  test: (week: {
    t: TestCatalog;
    bodies: Body[];
    launch: (name: string, events?: string[]) => Promise<{ listing_id: number; slug: string }>;
  }) => Promise<void>,
) => {
  const bodies: Body[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
  const t = await startTestCatalog({
    now: '2026-11-18T12:00:00.000Z',
    webhooks: { fetch: webhookFetch, retry: { firstMs: 20, forMs: 60_000 } },
  });
  const launch = async (name: string, events: string[] = []) => {
    const listing = await addListing(t, name, { categories: ['Design'] }, { week: '2026-11-16' });
    if (events.length > 0) {
      const made = await as(t, `owner-of-${name}`)(
        'create_webhook',
        { listing_id: listing.listing_id },
        { url, events },
      );
      expect(made.status).toBe(201);
    }
    return listing;
  };
  try {
    await seedCategories(t);
    await test({ t, bodies, launch });
  } finally {
    await t.stop();
    await new Promise<void>((r) => server.close(() => r()));
  }
};

describe('a launch week that runs', () => {
  it('when votes move a listing on its week’s board then its endpoint hears of each new place, once', () =>
    inLaunchWeek<{ type: string; data: { rank: number } }>(async ({ t, bodies, launch }) => {
      const alpha = await launch('Alpha');
      const beta = await launch('Beta', ['rank.changed']);
      const vote = (slug: string, voter: string) =>
        t.internal('cast_vote', { slug, account_id: voter, email_confirmed: true });
      await vote(beta.slug, 'b1');
      await vi.waitFor(() => expect(bodies.at(-1)?.data.rank).toBe(1), { timeout: 10_000, interval: 20 });
      await vote(alpha.slug, 'a1');
      await vote(alpha.slug, 'a2');
      await vi.waitFor(() => expect(bodies.at(-1)?.data.rank).toBe(2), { timeout: 10_000, interval: 20 });
      // Alpha's first vote may tie or not; never the same place twice in a row
      const ranks = bodies.map((b) => b.data.rank);
      expect(ranks.every((r, i) => i === 0 || r !== ranks[i - 1])).toBe(true);
      expect(bodies.every((b) => b.type === 'rank.changed')).toBe(true);
    }));
});

describe('a launch week that ends', () => {
  it('when the week of a listing is over then its endpoint hears of it with the week’s votes and its award', () =>
    inLaunchWeek<{ type: string; data: Record<string, unknown> }>(async ({ t, bodies, launch }) => {
      const listing = await launch('Weekly', ['launch_week.ended']);
      for (const voter of ['v1', 'v2'])
        await t.internal('cast_vote', { slug: listing.slug, account_id: voter, email_confirmed: true });
      t.clock.set('2026-11-23T00:00:01.000Z');
      await t.catalog.ticker.tick();
      await vi.waitFor(() => expect(bodies).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(bodies[0]).toMatchObject({
        type: 'launch_week.ended',
        data: { listing_id: listing.listing_id, launch_week: '2026-11-16', votes: 2, award_rank: 1 },
      });
    }));
});
