import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { getRankingRules, getVoteLedger } from '@listings/contracts';
import { checkValue } from '@listings/platform/validation';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { ROOT } from '../support.ts';

const execFileAsync = promisify(execFile);

interface Recomputed {
  week_start: string;
  rules_version: number;
  board: { rank: number; listing: string; votes: number }[];
  mismatches: unknown[];
}

/** #31: the week's board recomputed from the public ledger and rules (scripts/recompute-ranking.mjs) is the site's. */
describe('recomputing a week from the vote ledger (all-in-one, demo votes)', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
  }, 120_000);
  afterAll(() => running?.stop());

  const siteBoard = async (week: string) => {
    const body = (await (await fetch(`${running.base}/api/v1/launches/weeks/${week}`)).json()) as {
      week_start: string;
      items: { slug: string; week_votes: number }[];
    };
    return {
      week_start: body.week_start,
      board: body.items.filter((item) => item.week_votes > 0).map((item) => [item.slug, item.week_votes]),
    };
  };
  const recompute = async (week: string): Promise<Recomputed> => {
    const { stdout } = await execFileAsync(process.execPath, [
      path.join(ROOT, 'scripts/recompute-ranking.mjs'),
      '--week',
      week,
      '--base',
      running.base,
      '--json',
    ]);
    return JSON.parse(stdout) as Recomputed;
  };

  it.each(['last', 'this'])(
    "when %s week's ledger and rules are recomputed by the script then its board is the site's board",
    async (ref) => {
      const site = await siteBoard(ref);
      expect(site.board.length).toBeGreaterThan(1);
      const mine = await recompute(site.week_start);
      expect(mine.week_start).toBe(site.week_start);
      expect(mine.mismatches).toEqual([]);
      expect(mine.board.map((row) => [row.listing, row.votes])).toEqual(site.board);
      expect(mine.board.map((row) => row.rank)).toEqual(site.board.map((_, i) => i + 1));
    },
    60_000,
  );

  it('when the rules and a ledger page are read over REST and as MCP tools then both answer their schemas, alike', async () => {
    const week = (await siteBoard('last')).week_start;
    const rest = {
      rules: await (await fetch(`${running.base}/api/v1/ranking-rules`)).json(),
      ledger: await (await fetch(`${running.base}/api/v1/launches/weeks/${week}/ledger?per_page=5`)).json(),
    };
    expect(checkValue(getRankingRules.response as object, rest.rules)).toEqual([]);
    expect(checkValue(getVoteLedger.response as object, rest.ledger)).toEqual([]);
    expect(rest.ledger.items).toHaveLength(5);
    const client = new Client({ name: 'ranking-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${running.base}/mcp`)));
    try {
      const rules = await client.callTool({ name: 'get_ranking_rules', arguments: {} });
      const ledger = await client.callTool({ name: 'get_vote_ledger', arguments: { week, per_page: 5 } });
      expect(rules.structuredContent).toEqual(rest.rules);
      expect(ledger.structuredContent).toEqual(rest.ledger);
    } finally {
      await client.close();
    }
  });

  it("when a vote ring of fresh accounts from one network votes this week then the ledger shows each vote discounted with its reason, and the script still prints the site's board", async () => {
    const site = await siteBoard('this');
    const target = site.board[site.board.length - 1]?.[0] as string;
    const now = Date.now();
    for (let i = 1; i <= 5; i++) {
      // what the web edge sends for a signed-in person (identity's facts and the client's /24)
      const reply = (await running.bus.request('catalog.internal.cast_vote', {
        slug: target,
        account_id: `e2e-ring-${i}`,
        email_confirmed: true,
        account_created_at: new Date(now - 3_600_000).toISOString(),
        email_disposable: false,
        suspended: false,
        network: '203.0.113.0/24',
      })) as { status: number };
      expect(reply.status).toBe(200);
    }
    const ledger = (await (
      await fetch(`${running.base}/api/v1/launches/weeks/${site.week_start}/ledger?per_page=100&page=1`)
    ).json()) as { total: number; items: { listing: string; weight: number; reason: string | null }[] };
    const pages = [ledger.items];
    for (let page = 2; (page - 1) * 100 < ledger.total; page++)
      pages.push(
        (
          (await (
            await fetch(`${running.base}/api/v1/launches/weeks/${site.week_start}/ledger?per_page=100&page=${page}`)
          ).json()) as typeof ledger
        ).items,
      );
    const ring = pages.flat().slice(-5);
    expect(ring.map((e) => [e.listing, e.weight, e.reason])).toEqual(
      Array.from({ length: 5 }, () => [target, 0, 'network_burst']),
    );
    const after = await siteBoard('this');
    expect(after.board).toEqual(site.board);
    const mine = await recompute(site.week_start);
    expect(mine.mismatches).toEqual([]);
    expect(mine.board.map((row) => [row.listing, row.votes])).toEqual(after.board);
  }, 60_000);
});
