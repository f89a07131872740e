import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;
type Rules = {
  version: number;
  integrity: { young_account_days: number; network_burst_votes: number };
  boards: {
    board: string;
    summary: string;
    counted: string;
    closes: string | null;
    weights: { reason: string | null; weight: number; words: string }[];
    tie_breaks: { words: string }[];
  }[];
};
type Entry = {
  listing: string;
  listing_id: number;
  voter: string;
  cast_at: string;
  withdrawn_at: string | null;
  weight: number;
  reason: string | null;
  reason_words: string | null;
  discounted_at: string | null;
};

/** the text of HTML as a reader sees it (the template escapes &, <, >, quotes) */
const htmlText = (text: string) =>
  text
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** #31 on the site: the published ranking rules page, the week's vote ledger as CSV, awards linking to it. */
describe('rankings anyone can check, on the site (all-in-one, demo votes)', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
  }, 120_000);
  afterAll(() => running?.stop());

  const get = async (path: string) => {
    const response = await fetch(`${running.base}${path}`, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const api = async <T>(path: string): Promise<T> => {
    const response = await get(`/api/v1${path}`);
    expect(response.status).toBe(200);
    return JSON.parse(response.text) as T;
  };
  /** every entry of the week's ledger, through the public API's pages */
  const apiLedger = async (week: string): Promise<Entry[]> => {
    const all: Entry[] = [];
    for (let page = 1; ; page++) {
      const r = await api<{ items: Entry[]; total: number }>(`/launches/weeks/${week}/ledger?per_page=7&page=${page}`);
      all.push(...r.items);
      if (all.length >= r.total || r.items.length === 0) return all;
    }
  };
  const lastWeek = async () => (await api<{ week_start: string }>('/launches/weeks/last')).week_start;

  it('when /ranking is asked for then it shows every board of get_ranking_rules: what counts, weights with reasons, tie-breaks, closing, version and the recompute command', async () => {
    const rules = await api<Rules>('/ranking-rules');
    const r = await get('/ranking');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).not.toContain('unsafe-inline');
    const text = htmlText(r.text);
    expect(text).toContain(`Rules version <strong>${rules.version}</strong>`);
    expect(rules.boards.length).toBeGreaterThan(0);
    for (const board of rules.boards) {
      expect(text).toContain(`>${board.board}</h2>`);
      expect(text).toContain(board.summary);
      expect(text).toContain(board.counted);
      if (board.closes) expect(text).toContain(board.closes);
      for (const weight of board.weights) {
        expect(text).toContain(
          `<td>${weight.reason ?? '(none: counted in full)'}</td><td>${weight.weight}</td><td>${weight.words}</td>`,
        );
      }
      for (const tie of board.tie_breaks) expect(text).toContain(tie.words);
    }
    // the vote-integrity numbers, from the rules' data (#31 rules version 2)
    expect(text).toContain(`younger than ${rules.integrity.young_account_days} days when they vote`);
    expect(text).toContain(`more than ${rules.integrity.network_burst_votes} votes on one listing within the window`);
    expect(text).toMatch(/node scripts\/recompute-ranking\.mjs --week \d{4}-\d{2}-\d{2} --base http:\/\//);
  });

  it('when a launch week page is shown then it links the ranking rules and its vote ledger CSV, and the footer links /ranking', async () => {
    const week = await lastWeek();
    const r = await get(`/launches/weeks/${week}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('href="/ranking"');
    expect(r.text).toContain(`href="/launches/weeks/${week}/ledger.csv"`);
    const home = await get('/');
    expect(home.text).toMatch(/<footer[\s\S]*href="\/ranking"/);
  });

  it("when a week's ledger.csv is downloaded then it is text/csv with a filename and its rows are every entry of get_vote_ledger's pages", async () => {
    const week = await lastWeek();
    const expected = await apiLedger(week);
    expect(expected.length).toBeGreaterThan(7);
    const r = await get(`/launches/weeks/${week}/ledger.csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="vote-ledger-${week}.csv"`);
    // no field of the ledger needs quoting (slugs, base64url pseudonyms, times, numbers, reasons and their words)
    expect(r.text).not.toContain('"');
    const [header, ...rows] = r.text.trimEnd().split('\n');
    expect(header).toBe('listing,listing_id,voter,cast_at,withdrawn_at,weight,reason,reason_words,discounted_at');
    expect(rows.map((row) => row.split(','))).toEqual(
      expected.map((e) => [
        e.listing,
        String(e.listing_id),
        e.voter,
        e.cast_at,
        e.withdrawn_at ?? '',
        String(e.weight),
        e.reason ?? '',
        e.reason_words ?? '',
        e.discounted_at ?? '',
      ]),
    );
  });

  it('when ledger.csv is asked for a week that is not a date then the answer is 400 naming the week, not a 500', async () => {
    const r = await get('/launches/weeks/not-a-week/ledger.csv');
    expect(r.status).toBe(400);
    expect(r.text).toContain('week');
  });

  it("when the awards page is shown then each week's awards link that week's vote ledger, which downloads", async () => {
    const r = await get('/awards');
    expect(r.status).toBe(200);
    const weeks = [...r.text.matchAll(/<h2><a href="\/launches\/weeks\/(\d{4}-\d{2}-\d{2})">/g)].map((m) => m[1]);
    expect(weeks.length).toBeGreaterThan(0);
    for (const week of weeks) expect(r.text).toContain(`href="/launches/weeks/${week}/ledger.csv"`);
    const csv = await get(`/launches/weeks/${weeks[0]}/ledger.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n').length).toBeGreaterThan(2);
  });
});
