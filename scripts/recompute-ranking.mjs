#!/usr/bin/env node
// Recomputes a launch week's community board from the public vote ledger and the published
// ranking rules, over the REST API only: nothing of the site's own ranking is trusted.
//
//   node scripts/recompute-ranking.mjs --week 2026-11-23 --base https://example.com [--json]
//
// It reads GET /api/v1/ranking-rules and every page of GET /api/v1/launches/weeks/{week}/ledger,
// checks each entry's weight against the rules (a weight the rules do not give is reported and the
// exit code is 2), then ranks the week's launches by the rules' tie-breaks and prints the board
// (rank, counted votes, listing). Launches without a counted vote are not in the ledger's board.
// Withdrawn and cast-outside-the-week are recomputed from the entry's times; the vote-integrity
// discounts (young accounts, disposable domains, bursts, suspensions) look at facts the ledger does
// not publish (account ages, networks), so for those the entry's stated reason is taken and its
// weight checked against the weight the rules give that reason.
import { parseArgs } from 'node:util';

const BOARD = 'community-weekly';
const PER_PAGE = 100;

const getJson = async (url) => {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
};

/** every entry of the week's ledger, in its order, and the week it answered for */
const fetchLedger = async (base, week) => {
  const entries = [];
  for (let page = 1; ; page++) {
    const body = await getJson(`${base}/api/v1/launches/weeks/${week}/ledger?page=${page}&per_page=${PER_PAGE}`);
    entries.push(...body.items);
    if (body.items.length === 0 || entries.length >= body.total)
      return { entries, week_start: body.week_start, week_end: body.week_end, rules_version: body.rules_version };
  }
};

const DAY_MS = 86_400_000;

/** the reasons recomputed here from the entry's times; any other reason is the ledger's own */
const TIME_REASONS = new Set(['withdrawn', 'cast_outside_week']);

/** the weight and reason the rules give one entry (the rules' `reason` keys, read as data) */
const weightByRules = (rules, entry, ledger) => {
  const weights = new Map(rules.weights.map((w) => [w.reason, w.weight]));
  const start = Date.parse(`${ledger.week_start}T00:00:00.000Z`);
  const end = Date.parse(`${ledger.week_end}T00:00:00.000Z`) + DAY_MS;
  const cast = Date.parse(entry.cast_at);
  const stated = entry.reason !== null && !TIME_REASONS.has(entry.reason) && weights.has(entry.reason);
  const reason =
    entry.withdrawn_at !== null && weights.has('withdrawn')
      ? 'withdrawn'
      : (cast < start || cast >= end) && weights.has('cast_outside_week')
        ? 'cast_outside_week'
        : stated
          ? entry.reason
          : null;
  return { weight: weights.get(reason) ?? 1, reason };
};

/** tie-break keys the rules may name, each a value per launch */
const KEYS = {
  votes: (launch) => launch.votes,
  // the ledger is in exact cast order: a later position is a later vote, whatever the minute shows
  last_counted_vote_at: (launch) => launch.lastCounted,
  listing_id: (launch) => launch.listing_id,
};

/** the board the rules give for the ledger's entries, and the entries whose weight the rules do not give */
const recomputeBoard = (rulesDoc, ledger) => {
  const rules = rulesDoc.boards.find((b) => b.board === BOARD);
  if (!rules) throw new Error(`the rules (version ${rulesDoc.version}) have no ${BOARD} board`);
  const unknown = rules.tie_breaks.filter((t) => !(t.by in KEYS)).map((t) => t.by);
  if (unknown.length > 0) throw new Error(`rules version ${rulesDoc.version}: unknown tie-break ${unknown.join(', ')}`);
  const launches = new Map();
  const mismatches = [];
  ledger.entries.forEach((entry, position) => {
    const expected = weightByRules(rules, entry, ledger);
    if (expected.weight !== entry.weight || expected.reason !== entry.reason) mismatches.push({ entry, expected });
    const launch = launches.get(entry.listing) ?? {
      listing: entry.listing,
      listing_id: entry.listing_id,
      votes: 0,
      lastCounted: -1,
    };
    if (expected.weight > 0) {
      launch.votes += expected.weight;
      launch.lastCounted = position;
    }
    launches.set(entry.listing, launch);
  });
  const compare = (a, b) => {
    for (const { by, order } of rules.tie_breaks) {
      const d = KEYS[by](a) - KEYS[by](b);
      if (d !== 0) return order === 'desc' ? -d : d;
    }
    return 0;
  };
  const board = [...launches.values()]
    .filter((launch) => launch.votes > 0)
    .sort(compare)
    .map((launch, i) => ({ rank: i + 1, listing: launch.listing, votes: launch.votes }));
  return { board, mismatches };
};

const main = async () => {
  const { values } = parseArgs({
    options: { week: { type: 'string' }, base: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (!values.week || !values.base) {
    console.error('usage: node scripts/recompute-ranking.mjs --week YYYY-MM-DD --base https://host [--json]');
    process.exit(1);
  }
  const base = values.base.replace(/\/+$/, '');
  const rulesDoc = await getJson(`${base}/api/v1/ranking-rules`);
  const ledger = await fetchLedger(base, values.week);
  if (ledger.rules_version !== rulesDoc.version)
    console.error(
      `note: the ledger was weighted under rules ${ledger.rules_version}, the rules read are ${rulesDoc.version}`,
    );
  const { board, mismatches } = recomputeBoard(rulesDoc, ledger);
  if (values.json)
    console.log(JSON.stringify({ week_start: ledger.week_start, rules_version: rulesDoc.version, board, mismatches }));
  else {
    console.log(
      `week ${ledger.week_start} to ${ledger.week_end}, rules version ${rulesDoc.version}, ${ledger.entries.length} ledger entries`,
    );
    for (const row of board)
      console.log(`${String(row.rank).padStart(4)}  ${String(row.votes).padStart(5)}  ${row.listing}`);
    for (const m of mismatches)
      console.error(`weight differs from the rules: ${JSON.stringify(m.entry)} (rules: ${JSON.stringify(m.expected)})`);
  }
  if (mismatches.length > 0) process.exitCode = 2;
};

await main();
