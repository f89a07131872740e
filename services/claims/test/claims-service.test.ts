import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  type ClaimVerifiedEventData,
  claimVerifiedEvent,
  getListingForClaim,
  type OperationReply,
  operationById,
  type Principal,
  recordVerifiedClaim,
  verifyEmailClaim,
} from '@listings/contracts';
import { claimsEvents } from '@listings/contracts/events';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { createOutboxMailer, createSmtpMailer, type Mailer, readOutbox } from '@listings/platform/mail';
import { freePort } from '@listings/platform/testing/free-port';
import { storedEventProblems } from '@listings/platform/testing/stored-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetClaimsPersonalData, startClaims } from '../src/main.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read reply bodies freely
type Body = any;

/** The homepage and token file of a product, on loopback; tests set what it publishes. */
const site = { meta: '', file: null as string | null };
let server: Server;
let siteUrl: string;

/** The catalog as claims sees it: two internal requests over the bus. */
type FakeListing = {
  listing_id: number;
  slug: string;
  status: string;
  url: string | null;
  owners: string[];
  verified: boolean;
};
const listings = new Map<string, FakeListing>();
/** the claim_verified events the fake catalog consumed */
const heard: ClaimVerifiedEventData[] = [];
const waiters = new Set<{ listingId: number; resolve: (event: ClaimVerifiedEventData) => void }>();
/** resolves with the first claim_verified event for the listing, once the catalog consumed it */
const catalogHears = (listingId: number): Promise<ClaimVerifiedEventData> => {
  const already = heard.find((e) => e.listing_id === listingId);
  if (already) return Promise.resolve(already);
  return new Promise((resolve) => {
    const waiter = {
      listingId,
      resolve: (event: ClaimVerifiedEventData) => {
        waiters.delete(waiter);
        resolve(event);
      },
    };
    waiters.add(waiter);
  });
};

const principal = (account: string): Principal => ({
  account_id: account,
  scopes: ['account:read', 'listings:write'],
  via: 'api_key',
});

describe('the claims service', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-'));
  const bus = createInProcessBus({ eventLogPath: path.join(dataDir, 'bus.sqlite') });
  const clock = manualClock('2025-03-03T10:00:00.000Z');
  const txt = new Map<string, string[][]>();
  let claims: Awaited<ReturnType<typeof startClaims>>;
  // the outbox, unless a test puts another mailer in
  const outbox = createOutboxMailer({ dataDir, now: () => clock.now() });
  let mailer: Mailer = outbox;

  const call = async (
    operationId: string,
    account: string,
    input: { params?: object; query?: object; body?: object },
  ) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    const reply = (await bus.request(op.subject, {
      operation_id: operationId,
      principal: principal(account),
      params: input.params ?? {},
      query: input.query ?? {},
      ...(input.body ? { body: input.body } : {}),
    })) as OperationReply;
    return { status: reply.status, body: ('body' in reply ? reply.body : reply.problem) as Body };
  };
  const listing = (slug: string, extra: Partial<FakeListing> = {}) => {
    const l = {
      listing_id: listings.size + 1,
      slug,
      status: 'live',
      url: siteUrl,
      owners: ['founder'],
      verified: false,
      ...extra,
    };
    listings.set(slug, l);
    return l;
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/') {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><head>${site.meta}</head><h1>Acme</h1>`);
      } else if (request.url === '/.well-known/listings-verification.txt' && site.file !== null) {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(site.file);
      } else response.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    await bus.serve(getListingForClaim.subject, async (request) => {
      const found = listings.get((request as { slug: string }).slug);
      return found
        ? { status: 200, body: found }
        : { status: 404, problem: { type: 'x', title: 'Not found', status: 404, detail: 'no listing' } };
    });
    await bus.serve(recordVerifiedClaim.subject, async (request) => {
      const r = request as { listing_id: number; account_id: string };
      const found = [...listings.values()].find((l) => l.listing_id === r.listing_id) as FakeListing;
      if (found.verified && !found.owners.includes(r.account_id))
        return {
          status: 409,
          problem: { type: 'x', title: 'Conflict', status: 409, detail: 'verified by its owners' },
        };
      found.verified = true;
      if (!found.owners.includes(r.account_id)) found.owners.push(r.account_id);
      return { status: 200, body: { listing_id: found.listing_id, verified: true, owner: true } };
    });
    // the catalog's consumer of events.claims.claim_verified (idempotent, like the real one)
    await bus.consume({
      durable: 'fake-catalog',
      filter: claimVerifiedEvent.subject,
      handler: async (event) => {
        const d = event.data as ClaimVerifiedEventData;
        const found = [...listings.values()].find((l) => l.listing_id === d.listing_id) as FakeListing;
        if (!found.verified) {
          found.verified = true;
          if (!found.owners.includes(d.account_id)) found.owners.push(d.account_id);
        }
        heard.push(d);
        for (const waiter of [...waiters]) if (waiter.listingId === d.listing_id) waiter.resolve(d);
      },
    });
    claims = await startClaims({
      bus,
      logger: silentLogger(),
      config: { dataDir, publicUrl: 'https://listings.test', fetchAllowPrivateNetworks: true },
      overrides: { clock, resolveTxt: async (name) => txt.get(name) ?? [], mailer: { send: (m) => mailer.send(m) } },
    });
  });
  afterAll(async () => {
    await claims?.stop();
    await bus.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the slug is unknown then claim_listing is 404', async () => {
    const r = await call('claim_listing', 'alice', { body: { slug: 'nope', method: 'dns' } });
    expect(r.status).toBe(404);
  });

  it('when the meta tag is missing the check fails with the reason and the claim stays pending; once published it verifies', async () => {
    listing('meta-co');
    site.meta = '';
    const started = await call('claim_listing', 'alice', { body: { slug: 'meta-co', method: 'meta' } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ slug: 'meta-co', method: 'meta', status: 'pending' });
    const token = /content="([0-9a-f]+)"/.exec(started.body.instructions)?.[1] as string;
    expect(started.body.instructions).toContain(`<meta name="listings-verification" content="${token}">`);

    const again = await call('claim_listing', 'alice', { body: { slug: 'meta-co', method: 'meta' } });
    expect(again.body.claim_id).toBe(started.body.claim_id);
    expect((await call('claim_listing', 'alice', { body: { slug: 'meta-co', method: 'dns' } })).status).toBe(409);

    const failed = await call('verify_claim', 'alice', { params: { claim_id: started.body.claim_id } });
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('pending');
    expect(failed.body.last_check.reason).toMatch(/no <meta name="listings-verification">/);

    site.meta = `<meta content='${token}' name="listings-verification">`;
    const ok = await call('verify_claim', 'alice', { params: { claim_id: started.body.claim_id } });
    expect(ok.body.status).toBe('verified');
    // the catalog learns of it from the integration event, published from the claims log
    const event = await catalogHears(listings.get('meta-co')?.listing_id as number);
    expect(event).toMatchObject({ claim_id: started.body.claim_id, account_id: 'alice' });
    expect(listings.get('meta-co')).toMatchObject({ verified: true, owners: ['founder', 'alice'] });
  });

  it('when someone else claims a verified listing then 409; a racing pending claim is rejected when the other verifies', async () => {
    listing('race-co');
    site.file = null;
    const bob = await call('claim_listing', 'bob', { body: { slug: 'race-co', method: 'file' } });
    const carol = await call('claim_listing', 'carol', { body: { slug: 'race-co', method: 'file' } });
    const bobToken = /containing the line ([0-9a-f]+)/.exec(bob.body.instructions)?.[1] as string;
    const carolToken = /containing the line ([0-9a-f]+)/.exec(carol.body.instructions)?.[1] as string;
    expect(bob.body.instructions).toContain(`${siteUrl}.well-known/listings-verification.txt`);

    const missing = await call('verify_claim', 'bob', { params: { claim_id: bob.body.claim_id } });
    expect(missing.body).toMatchObject({ status: 'pending', last_check: { passed: false } });
    expect(missing.body.last_check.reason).toMatch(/HTTP 404/);

    site.file = `${bobToken}\n${carolToken}\n`;
    expect((await call('verify_claim', 'bob', { params: { claim_id: bob.body.claim_id } })).body.status).toBe(
      'verified',
    );
    // bob's verification rejected carol's open claim in the same append
    const carolsClaims = await call('list_my_claims', 'carol', {});
    expect(carolsClaims.body.items.find((c: Body) => c.claim_id === carol.body.claim_id)).toMatchObject({
      status: 'rejected',
      last_check: { reason: 'another claimant verified this listing first' },
    });
    const lost = await call('verify_claim', 'carol', { params: { claim_id: carol.body.claim_id } });
    expect(lost.body).toMatchObject({
      status: 'rejected',
      last_check: { reason: 'another claimant verified this listing first' },
    });
    expect((await call('claim_listing', 'dave', { body: { slug: 'race-co', method: 'dns' } })).status).toBe(409);
  });

  it('when the TXT record is absent the dns check fails; at _listings-verification it passes', async () => {
    listing('dns-co', { url: 'https://www.dns-co.example/' });
    const started = await call('claim_listing', 'alice', { body: { slug: 'dns-co', method: 'dns' } });
    const value = /"(listings-verification=[0-9a-f]+)"/.exec(started.body.instructions)?.[1] as string;
    expect(started.body.instructions).toContain('at dns-co.example');
    txt.set('dns-co.example', [['v=spf1 -all'], ['listings-verification=wrong']]);
    const failed = await call('verify_claim', 'alice', { params: { claim_id: started.body.claim_id } });
    expect(failed.body.status).toBe('pending');
    expect(failed.body.last_check.reason).toMatch(/no TXT record/);
    txt.set('_listings-verification.dns-co.example', [[value.slice(0, 10), value.slice(10)]]);
    expect((await call('verify_claim', 'alice', { params: { claim_id: started.body.claim_id } })).body.status).toBe(
      'verified',
    );
  });

  it('when the email is not at the domain then 400 names body.email; the emailed link verifies the claim', async () => {
    listing('mail-co', { url: 'https://app.mail-co.example/' });
    const wrong = await call('claim_listing', 'erin', {
      body: { slug: 'mail-co', method: 'email', email: 'e@gmail.com' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'body.email', message: 'must be an address at app.mail-co.example' }]);

    const started = await call('claim_listing', 'erin', {
      body: { slug: 'mail-co', method: 'email', email: 'erin@mail-co.example' },
    });
    expect(started.status).toBe(200);
    expect((await call('verify_claim', 'erin', { params: { claim_id: started.body.claim_id } })).status).toBe(409);
    const mail = (await readOutbox(dataDir)).find(
      (m) => m.kind === 'claim-verification' && m.to === 'erin@mail-co.example',
    );
    const token = /\/claims\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    expect(JSON.stringify(await call('list_my_claims', 'erin', {}))).not.toContain(token);

    const bad = (await bus.request(verifyEmailClaim.subject, { token: 'A'.repeat(43) })) as OperationReply;
    expect(bad.status).toBe(404);
    const opened = (await bus.request(verifyEmailClaim.subject, { token })) as OperationReply;
    expect(opened).toEqual({
      status: 200,
      body: { claim_id: started.body.claim_id, slug: 'mail-co', status: 'verified' },
    });
    const listed = await call('list_my_claims', 'erin', {});
    expect(listed.body.items[0]).toMatchObject({ claim_id: started.body.claim_id, status: 'verified' });
  });

  it('when the same email claim is asked for again then a new link is mailed (at most once a minute) and only it works', async () => {
    listing('relink-co', { url: 'https://relink-co.example/' });
    const body = { slug: 'relink-co', method: 'email', email: 'fay@relink-co.example' };
    const tokens = async () =>
      (await readOutbox(dataDir))
        .filter((m) => m.kind === 'claim-verification' && m.to === 'fay@relink-co.example')
        .map((m) => /\/claims\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] as string);
    const first = await call('claim_listing', 'fay', { body });
    expect(first.status).toBe(200);
    expect(await tokens()).toHaveLength(1);
    // asked again at once: the same claim, no second mail
    expect((await call('claim_listing', 'fay', { body })).body.claim_id).toBe(first.body.claim_id);
    expect(await tokens()).toHaveLength(1);

    clock.advance(2 * 60_000);
    const again = await call('claim_listing', 'fay', { body });
    expect(again.body.claim_id).toBe(first.body.claim_id);
    const [oldToken, newToken] = await tokens();
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    const old = (await bus.request(verifyEmailClaim.subject, { token: oldToken })) as OperationReply;
    expect(old.status).toBe(404);
    const opened = (await bus.request(verifyEmailClaim.subject, { token: newToken })) as OperationReply;
    expect(opened).toMatchObject({ status: 200, body: { claim_id: first.body.claim_id, status: 'verified' } });
  });

  it('when the mail server is down then the email claim is saved and the 503 says so; asking again a minute later mails a link that works', async () => {
    listing('downmail-co', { url: 'https://downmail-co.example/' });
    const body = { slug: 'downmail-co', method: 'email', email: 'gus@downmail-co.example' };
    // a real SMTP client towards a loopback port nobody listens on
    mailer = createSmtpMailer({
      smtp: { secure: false, host: '127.0.0.1', port: await freePort(), user: null, password: null },
      from: 'no-reply@listings.test',
    });
    const failed = await call('claim_listing', 'gus', { body });
    expect(failed.status).toBe(503);
    expect(failed.body.detail).toMatch(
      /^claim \d+ is saved, but the mail could not be sent: the mail server could not be reached; ask for the same email claim again in a minute for a new link$/,
    );
    const claimId = Number(/^claim (\d+)/.exec(failed.body.detail)?.[1]);
    expect((await call('list_my_claims', 'gus', {})).body.items).toMatchObject([
      { claim_id: claimId, status: 'pending' },
    ]);

    mailer = outbox;
    clock.advance(61_000);
    const again = await call('claim_listing', 'gus', { body });
    expect(again).toMatchObject({ status: 200, body: { claim_id: claimId } });
    const mails = (await readOutbox(dataDir)).filter((m) => m.to === 'gus@downmail-co.example');
    expect(mails).toHaveLength(1);
    const token = /\/claims\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]?.text ?? '')?.[1];
    const opened = (await bus.request(verifyEmailClaim.subject, { token })) as OperationReply;
    expect(opened).toMatchObject({ status: 200, body: { claim_id: claimId, status: 'verified' } });
  });

  it('when 14 days pass without verification then the claim expires and a new one may start', async () => {
    listing('slow-co');
    const started = await call('claim_listing', 'frank', { body: { slug: 'slow-co', method: 'dns' } });
    clock.advance(15 * 86_400_000);
    const expired = await call('verify_claim', 'frank', { params: { claim_id: started.body.claim_id } });
    expect(expired.body.status).toBe('expired');
    const fresh = await call('claim_listing', 'frank', { body: { slug: 'slow-co', method: 'dns' } });
    expect(fresh.body.claim_id).not.toBe(started.body.claim_id);
    const page = await call('list_my_claims', 'frank', { query: { page: 1, per_page: 1 } });
    expect(page.body).toMatchObject({ page: 1, per_page: 1, total: 2 });
    expect(page.body.items.map((c: Body) => c.claim_id)).toEqual([fresh.body.claim_id]);
  });

  it('when claims stored events then each is declared and carries its schema version', async () => {
    listing('stored-co');
    await call('claim_listing', 'ivan', { body: { slug: 'stored-co', method: 'dns' } });
    expect(await storedEventProblems(path.join(dataDir, 'claims', 'events.sqlite'), claimsEvents)).toEqual([]);
  });

  it('when an email claim is stored then its address is sealed in the log; once the claimant is erased it reads as nothing', async () => {
    listing('sealed-co', { url: 'https://sealed-co.example/' });
    const started = await call('claim_listing', 'nadia', {
      body: { slug: 'sealed-co', method: 'email', email: 'nadia@sealed-co.example' },
    });
    expect(started.status).toBe(200);
    expect(started.body.email).toBe('nadia@sealed-co.example');
    const rawLog = () => {
      const db = new DatabaseSync(path.join(dataDir, 'claims', 'events.sqlite'));
      try {
        return JSON.stringify(db.prepare('SELECT data FROM events').all());
      } finally {
        db.close();
      }
    };
    expect(rawLog()).not.toContain('nadia@sealed-co.example');
    expect((await call('list_my_claims', 'nadia', {})).body.items[0].email).toBe('nadia@sealed-co.example');

    await forgetClaimsPersonalData({ dataDir, accountId: 'nadia' });
    const after = (await call('list_my_claims', 'nadia', {})).body.items[0];
    expect(after.claim_id).toBe(started.body.claim_id);
    expect(after.email).toBeUndefined();
    expect(after.instructions).toContain('an address since erased');
    // the read model holds the sealed value only
    const readModels = new DatabaseSync(path.join(dataDir, 'claims', 'read-models.sqlite'));
    try {
      expect(JSON.stringify(readModels.prepare('SELECT * FROM docs').all())).not.toContain('nadia@sealed-co');
    } finally {
      readModels.close();
    }
  });

  it("when another account's claim id is verified then 404 exactly like an unknown id", async () => {
    listing('own-co');
    const mine = await call('claim_listing', 'gina', { body: { slug: 'own-co', method: 'dns' } });
    const stolen = await call('verify_claim', 'harry', { params: { claim_id: mine.body.claim_id } });
    const unknown = await call('verify_claim', 'harry', { params: { claim_id: 987654 } });
    expect(stolen.status).toBe(404);
    expect(stolen.body.detail.replace(String(mine.body.claim_id), '<id>')).toBe(
      unknown.body.detail.replace('987654', '<id>'),
    );
    expect((await call('list_my_claims', 'harry', {})).body.total).toBe(0);
  });

  it('when one claimant asks for the same claim 20 times at once then one claim is open and every answer is it', async () => {
    listing('busy-co');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('claim_listing', 'ivan', { body: { slug: 'busy-co', method: 'meta' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.claim_id)).size).toBe(1);
    const mine = await call('list_my_claims', 'ivan', {});
    expect(mine.body.items.filter((c: Body) => c.slug === 'busy-co' && c.status === 'pending')).toHaveLength(1);
  });

  it('when a claim was started before claims moved into their listing stream then it still verifies', async () => {
    const old = listing('old-co');
    site.meta = '<meta name="listings-verification" content="oldtoken">';
    const store = openSqliteEventStore({ path: path.join(dataDir, 'claims', 'events.sqlite') });
    try {
      await store.append(
        'claim-900',
        [
          {
            id: randomUUID(),
            type: 'ClaimStarted',
            data: {
              claim_id: 900,
              account_id: 'judy',
              listing_id: old.listing_id,
              slug: 'old-co',
              domain: '127.0.0.1',
              homepage: siteUrl,
              method: 'meta',
              token: 'oldtoken',
              email: null,
              email_token_hash: null,
              at: clock.now().toISOString(),
              expires_at: new Date(clock.now().getTime() + 86_400_000).toISOString(),
            },
          },
        ],
        'no_stream',
      );
    } finally {
      await store.close();
    }
    const verified = await call('verify_claim', 'judy', { params: { claim_id: 900 } });
    expect(verified.body).toMatchObject({ claim_id: 900, status: 'verified' });
    expect(listings.get('old-co')).toMatchObject({ verified: true, owners: ['founder', 'judy'] });
    // the next new claim id comes after it
    listing('after-co');
    const next = await call('claim_listing', 'judy', { body: { slug: 'after-co', method: 'dns' } });
    expect(next.status).toBe(200);
    expect(next.body.claim_id).not.toBe(900);
  });

  // last: it moves the shared clock to the next day
  it('when an account starts more claims than the day allows (CLAIMS_PER_ACCOUNT_PER_DAY, 10) then 429 names the limit, until the next UTC day', async () => {
    for (let i = 1; i <= 11; i++) listing(`busy-${i}`, { url: `https://busy-${i}.example/` });
    const replies = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        call('claim_listing', 'busy', { body: { slug: `busy-${i + 1}`, method: 'dns' } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.detail).toContain('at most 10 times a day (CLAIMS_PER_ACCOUNT_PER_DAY)');
    // asking again for a listing it claimed today answers that claim: not counted again
    const again = await call('claim_listing', 'busy', { body: { slug: 'busy-1', method: 'dns' } });
    expect(again.status).toBe(200);
    const refusedSlug = `busy-${replies.findIndex((r) => r.status === 429) + 1}`;
    expect((await call('claim_listing', 'busy', { body: { slug: refusedSlug, method: 'dns' } })).status).toBe(429);
    clock.set(new Date(Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00.000Z`) + 86_400_000));
    expect((await call('claim_listing', 'busy', { body: { slug: refusedSlug, method: 'dns' } })).status).toBe(200);
  });
});
