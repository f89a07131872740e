import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVoterAdmin } from '../src/application/voter-admin.ts';
import { resolveWeek, type Week } from '../src/domain/weeks.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

const execFileAsync = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/recompute-ranking.mjs');

interface Entry {
  listing: string;
  voter: string;
  cast_at: string;
  weight: number;
  reason: string | null;
  reason_words: string | null;
  discounted_at: string | null;
}

const OLD = '2025-06-01T00:00:00.000Z';
/** a day before the ring votes: younger than the rules' 3 days */
const FRESH = '2026-12-28T20:00:00.000Z';

/**
 * #31, must show: vote rings simulated through the web edge's `cast_vote` (each voter's facts as
 * identity and the edge give them), the ledger shows their votes discounted with reasons, the
 * recompute script's board (over REST, from the ledger and the rules) equals the site's, and
 * ordinary votes (old accounts, different networks) count in full.
 */
describe('vote rings: discounted with reasons in the ledger, ordinary votes in full', () => {
  let t: TestCatalog;
  let week: Week;
  let rest: Server;
  let base: string;
  const slugs: Record<string, string> = {};
  /** which account each vote came from, by the order the ledger lists them (pseudonyms hide it) */
  const votes: { account: string; listing: string }[] = [];
  const at = (iso: string) => t.clock.set(iso);
  const vote = async (
    listing: string,
    account: string,
    facts: { created?: string; network?: string; disposable?: boolean; suspended?: boolean } = {},
  ) => {
    const reply = await t.internal('cast_vote', {
      slug: slugs[listing],
      account_id: account,
      email_confirmed: true,
      account_created_at: facts.created ?? OLD,
      email_disposable: facts.disposable ?? false,
      suspended: facts.suspended ?? false,
      network: facts.network ?? `net-of-${account}`,
    });
    expect(reply.status).toBe(200);
    votes.push({ account, listing });
  };
  const ledger = async () =>
    (await t.call('get_vote_ledger', { params: { week: week.start }, query: { per_page: 100 } })).body as {
      items: Entry[];
      rules_version: number;
    };
  /** the ledger's entries by the account that cast them (the test knows the order it voted in) */
  const byAccount = async () => {
    const { items } = await ledger();
    expect(items).toHaveLength(votes.length);
    return new Map(items.map((entry, i) => [votes[i]?.account as string, entry]));
  };

  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-12-29T09:00:00.000Z' }); // a Tuesday
    await seedCategories(t);
    week = resolveWeek('this', t.clock.now(), 'week');
    for (const name of ['Honest', 'Ring', 'Slow', 'Suspect'])
      slugs[name] = (await addListing(t, name, { categories: ['Design'] }, { plan: 'paid' })).slug;

    // ordinary people: old accounts, each on a network of their own
    const ordinary = [
      ['Honest', 'ann'],
      ['Honest', 'bob'],
      ['Honest', 'cat'],
      ['Ring', 'dan'],
      ['Ring', 'ann'],
      ['Slow', 'bob'],
      ['Honest', 'eve'], // suspended later by the operators
    ] as const;
    for (const [i, [listing, account]] of ordinary.entries()) {
      at(`2026-12-29T09:1${i}:00.000Z`);
      await vote(listing, account);
    }

    // a ring of fresh accounts from one network, voting within minutes
    for (const [i, minute] of [0, 2, 4, 6, 8].entries()) {
      at(`2026-12-29T10:0${minute}:00.000Z`);
      await vote('Ring', `ring-${i + 1}`, { created: FRESH, network: '203.0.113.0/24' });
    }
    // a ring of aged (bought) accounts from one network: counted until the burst shows
    for (const minute of [0, 1, 2, 3]) {
      at(`2026-12-29T11:0${minute}:00.000Z`);
      await vote('Suspect', `aged-${minute + 1}`, { network: '198.18.0.0/24' });
    }
    // fresh accounts on different networks piling onto one listing within minutes
    for (const minute of [0, 1, 2, 3]) {
      at(`2026-12-29T12:0${minute}:00.000Z`);
      await vote('Honest', `fresh-${minute + 1}`, { created: FRESH, network: `10.${minute}.0.0/24` });
    }
    // a ring spread over days: each account made the day before it votes, from one network
    for (const [i, day] of ['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01'].entries()) {
      at(`${day}T13:00:00.000Z`);
      await vote('Slow', `slow-${i + 1}`, {
        created: new Date(Date.parse(`${day}T13:00:00.000Z`) - 86_400_000).toISOString(),
        network: '203.0.113.0/24',
      });
    }
    at('2027-01-01T14:00:00.000Z');
    await vote('Slow', 'temp-1', { disposable: true });
    at('2027-01-01T14:01:00.000Z');
    await vote('Slow', 'mal', { suspended: true });

    // the operators suspend eve (the CLI's `account suspend`, beside the running service)
    at('2027-01-02T09:00:00.000Z');
    const admin = openVoterAdmin({ dataDir: t.dir });
    try {
      const { discounted, position } = await admin.discountVotesOfSuspended('eve', t.clock.now());
      expect(discounted).toBe(1);
      await t.catalog.readModel.waitFor(position);
    } finally {
      await admin.close();
    }

    // the REST edge's two public reads, relayed to the catalog (what the gateway does), on loopback
    rest = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const ledgerPath = /^\/api\/v1\/launches\/weeks\/([0-9-]+)\/ledger$/.exec(url.pathname);
      const reply = ledgerPath
        ? t.call('get_vote_ledger', {
            params: { week: ledgerPath[1] },
            query: { page: Number(url.searchParams.get('page')), per_page: Number(url.searchParams.get('per_page')) },
          })
        : t.call('get_ranking_rules');
      void reply.then((r) =>
        response.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body)),
      );
    });
    await new Promise<void>((resolve) => rest.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(rest.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => rest?.close(resolve));
    await t.stop();
  });

  it('when fresh accounts from one network vote within minutes then all their votes count 0: young at first, then the burst, the earlier ones discounted later', async () => {
    const entries = await byAccount();
    const ring = ['ring-1', 'ring-2', 'ring-3', 'ring-4', 'ring-5'].map((a) => entries.get(a));
    expect(ring.map((e) => [e?.weight, e?.reason, e?.discounted_at])).toEqual([
      [0, 'network_burst', '2026-12-29T10:06:00.000Z'],
      [0, 'network_burst', '2026-12-29T10:06:00.000Z'],
      [0, 'network_burst', '2026-12-29T10:06:00.000Z'],
      [0, 'network_burst', null],
      [0, 'network_burst', null],
    ]);
    expect(ring[0]?.reason_words).toBe('more than 3 votes from one network on this listing within 60 minutes');
  });

  it('when aged accounts from one network vote within minutes then they count until the burst shows, and then every vote of it counts 0 with the change in the ledger', async () => {
    const entries = await byAccount();
    expect(
      ['aged-1', 'aged-2', 'aged-3', 'aged-4'].map((a) => [entries.get(a)?.weight, entries.get(a)?.discounted_at]),
    ).toEqual([
      [0, '2026-12-29T11:03:00.000Z'],
      [0, '2026-12-29T11:03:00.000Z'],
      [0, '2026-12-29T11:03:00.000Z'],
      [0, null],
    ]);
  });

  it('when many fresh accounts on different networks vote for one listing within minutes then fresh_account_burst', async () => {
    const entries = await byAccount();
    expect(['fresh-1', 'fresh-2', 'fresh-3', 'fresh-4'].map((a) => entries.get(a)?.reason)).toEqual([
      'fresh_account_burst',
      'fresh_account_burst',
      'fresh_account_burst',
      'fresh_account_burst',
    ]);
  });

  it('when a ring is spread over days then no burst shows, and each vote of an account younger than 3 days counts 0 with that reason', async () => {
    const entries = await byAccount();
    for (const account of ['slow-1', 'slow-2', 'slow-3', 'slow-4'])
      expect(entries.get(account)).toMatchObject({
        weight: 0,
        reason: 'young_account',
        reason_words: 'account younger than 3 days',
        discounted_at: null,
      });
  });

  it('when a voter is at a disposable domain, or suspended (when voting, or later by the operators) then the vote counts 0 with that reason', async () => {
    const entries = await byAccount();
    expect(entries.get('temp-1')).toMatchObject({ weight: 0, reason: 'disposable_email' });
    expect(entries.get('mal')).toMatchObject({ weight: 0, reason: 'account_suspended', discounted_at: null });
    expect(entries.get('eve')).toMatchObject({
      weight: 0,
      reason: 'account_suspended',
      reason_words: 'account suspended by operators',
      discounted_at: '2027-01-02T09:00:00.000Z',
    });
  });

  it('when ordinary people (old accounts, their own networks) vote then every vote counts in full', async () => {
    const { items, rules_version } = await ledger();
    expect(rules_version).toBe(2);
    const ordinary = items.filter((_, i) => ['ann', 'bob', 'cat', 'dan'].includes(votes[i]?.account as string));
    expect(ordinary).toHaveLength(6);
    for (const entry of ordinary)
      expect(entry).toMatchObject({ weight: 1, reason: null, reason_words: null, discounted_at: null });
  });

  it("when the recompute script reads the rules and the ledger over REST then its board is the site's board, and the boards count the weights", async () => {
    const site = (await t.call('get_launch_week', { params: { week: week.start } })).body as {
      items: { slug: string; week_votes: number }[];
      rules_version: number;
    };
    expect(site.rules_version).toBe(2);
    expect(site.items.map((item) => [item.slug, item.week_votes])).toEqual([
      [slugs.Honest, 3],
      [slugs.Ring, 2],
      [slugs.Slow, 1],
      [slugs.Suspect, 0],
    ]);
    const { stdout } = await execFileAsync(process.execPath, [SCRIPT, '--week', week.start, '--base', base, '--json']);
    const mine = JSON.parse(stdout) as { board: { listing: string; votes: number }[]; mismatches: unknown[] };
    expect(mine.mismatches).toEqual([]);
    expect(mine.board.map((row) => [row.listing, row.votes])).toEqual(
      site.items.filter((item) => item.week_votes > 0).map((item) => [item.slug, item.week_votes]),
    );
    const allTime = (await t.call('get_leaderboard', { params: { board: 'community-all-time' } })).body as {
      items: { listing: { slug: string }; metric: { value: number } }[];
    };
    expect(allTime.items.slice(0, 3).map((row) => [row.listing.slug, row.metric.value])).toEqual([
      [slugs.Honest, 3],
      [slugs.Ring, 2],
      [slugs.Slow, 1],
    ]);
    expect((await t.call('get_listing', { params: { slug: slugs.Suspect } })).body.votes).toBe(0);
  });

  it('when the operator console suspends a voter (catalog.internal.discount_votes_of_suspended) then its standing vote counts 0 from then on, once', async () => {
    const weekVotes = async () =>
      (
        (await t.call('get_launch_week', { params: { week: week.start } })).body as {
          items: { slug: string; week_votes: number }[];
        }
      ).items.find((item) => item.slug === slugs.Slow)?.week_votes;
    at('2027-01-02T10:00:00.000Z');
    await vote('Slow', 'zed');
    expect(await weekVotes()).toBe(2);
    at('2027-01-02T11:00:00.000Z');
    const reply = await t.internal('discount_votes_of_suspended', { account_id: 'zed' });
    expect(reply).toMatchObject({ status: 200, body: { discounted: 1 } });
    expect(await weekVotes()).toBe(1);
    expect((await byAccount()).get('zed')).toMatchObject({
      weight: 0,
      reason: 'account_suspended',
      discounted_at: '2027-01-02T11:00:00.000Z',
    });
    expect((await t.internal('discount_votes_of_suspended', { account_id: 'zed' })).body).toEqual({ discounted: 0 });
  });
});
