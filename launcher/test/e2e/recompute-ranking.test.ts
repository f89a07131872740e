import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
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
});
