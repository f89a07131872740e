// The search port alone at scale: the embedded index (SQLite FTS5, on disk) beside Typesense 0.24.1,
// with N documents shaped as catalog's toSearchDocument makes them for the bench catalog
// (bench/catalog-data.ts: syllable names, the same text fields, filters and sort keys), written
// straight through the port (no event store: writing 1,000,000 listings through the deciders takes
// longer than the whole bench). Measures the time to index, typo recall in the top 5, and search
// latency of the queries search_listings makes (typo queries; filters in the six sorts), every
// query different, in process. The gateway's own cost is in bench/catalog-search.ts.
// `node bench/search-index-scale.ts` (BENCH_SEARCH_SIZES=100000,1000000;
// BENCH_SEARCH_INDEXES=embedded,typesense).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  openEmbeddedSearchIndex,
  openTypesenseSearchIndex,
  type SearchDocument,
  type SearchIndex,
  type SearchQuery,
} from '@listings/platform/search';
import { startTypesenseServer, typesenseServerAvailable } from '@listings/platform/testing/typesense-server';
import { prng } from '../services/catalog/src/application/demo/demo-data.ts';
import {
  SEARCH_SORTS as SORTS,
  SEARCH_TIE_BREAK as TIE_BREAK,
} from '../services/catalog/src/application/search_listings.ts';
import { LISTING_SEARCH_FIELDS } from '../services/catalog/src/main.ts';
import { ROOTS } from './catalog-data.ts';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number);
const INDEXES = (process.env.BENCH_SEARCH_INDEXES ?? 'embedded,typesense').split(',');
const BATCH = 10_000;

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';
const COUNTRIES = ['us', 'gb', 'de', 'fr', 'nl', 'se', 'in', 'br', 'ca', 'jp'];
const WORDS = ['notes', 'invoices', 'designs', 'tasks', 'emails', 'reports', 'teams', 'code', 'prototypes', 'budgets'];

export const documentsOf = (count: number, seed = 42) => {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const syllable = () => `${pick([...CONSONANTS])}${pick([...VOWELS])}`;
  const names: string[] = [];
  const seen = new Set<string>();
  const docs: SearchDocument[] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let id = 1; id <= count; id++) {
    let name = '';
    do {
      const s = `${syllable()}${syllable()}${syllable()}`;
      name = s[0]?.toUpperCase() + s.slice(1) + (random() < 0.3 ? syllable() : '');
    } while (seen.has(name));
    seen.add(name);
    names.push(name);
    const word = pick(WORDS);
    const root = pick(ROOTS);
    const votes = random() < 0.05 ? 1 + Math.floor(random() * 5) : 0;
    docs.push({
      id: String(id),
      text: {
        name,
        tagline: `${name} keeps your ${word} in order`,
        keywords: `${word} ${word} software`,
        description: `${name} helps teams with ${word}.`,
      },
      filters: {
        status: 'live',
        category: [`${root}-${1 + Math.floor(random() * 4)}`, root],
        stage: pick(['beta', 'launched', 'growing']),
        country: pick(COUNTRIES),
        pricing_model: pick(['free', 'freemium', 'subscription']),
        domain: `${name.toLowerCase()}.example.com`,
      },
      sort: {
        newest: start + Math.floor(random() * 300 * 86_400_000),
        votes,
        trending: votes === 0 ? -1e9 : 150 + random() * 10,
        views: Math.floor(random() * 5000),
        followers: Math.floor(random() * 50),
      },
    });
  }
  return { docs, names };
};

const typo = (name: string) => {
  const lower = name.toLowerCase();
  const i = Math.max(1, Math.floor(lower.length / 2) - 1);
  return `${lower.slice(0, i)}${lower[i + 1]}${lower[i]}${lower.slice(i + 2)}`;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

const timed = async (index: SearchIndex, queries: readonly SearchQuery[]) => {
  const latencies: number[] = [];
  const answers: string[][] = [];
  for (const query of queries) {
    const t0 = performance.now();
    answers.push((await index.search(query)).ids);
    latencies.push(performance.now() - t0);
  }
  return { answers, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
};

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const measureIndex = async (
  label: string,
  index: SearchIndex,
  docs: readonly SearchDocument[],
  names: readonly string[],
  rss: () => number,
) => {
  const before = rss();
  const started = performance.now();
  for (let i = 0; i < docs.length; i += BATCH)
    await index.apply({ upsert: docs.slice(i, i + BATCH), remove: [] }, i + 1);
  const indexS = (performance.now() - started) / 1000;
  const sample = names.filter((_, i) => i % Math.ceil(names.length / 300) === 0).slice(0, 300);
  const warm = names.filter((_, i) => i % Math.ceil(names.length / 300) === 1).slice(0, 100);
  const typoQuery = (name: string): SearchQuery => ({
    text: typo(name),
    filters: { status: 'live' },
    tieBreak: TIE_BREAK,
    offset: 0,
    limit: 5,
  });
  const filtered: SearchQuery[] = [];
  for (const [s, sort] of Object.keys(SORTS).entries())
    for (let r = 0; r < ROOTS.length; r++)
      for (let c = 0; c < 4; c++) {
        const order = SORTS[sort];
        filtered.push({
          filters: { status: 'live', category: ROOTS[r] as string, country: COUNTRIES[(s + r + c) % 10] as string },
          ...(order ? { sort: order } : {}),
          tieBreak: TIE_BREAK,
          offset: 20 * c,
          limit: 20,
        });
      }
  await timed(index, warm.map(typoQuery));
  const typos = await timed(index, sample.map(typoQuery));
  // ids are 1-based positions in `names`
  const found = sample.filter((name, i) => typos.answers[i]?.includes(String(names.indexOf(name) + 1)));
  const sorted = await timed(index, filtered);
  return `| ${docs.length} | ${label} | ${indexS.toFixed(1)} s | ${rss() - before} MB | ${found.length}/${sample.length} | ${typos.p50.toFixed(1)} / ${typos.p99.toFixed(1)} | ${sorted.p50.toFixed(1)} / ${sorted.p99.toFixed(1)} (${filtered.length}) |`;
};

export const runSearchIndexScaleBench = async () => {
  const rows: string[] = [];
  for (const size of SIZES) {
    const { docs, names } = documentsOf(size);
    const dir = mkdtempSync(path.join(os.tmpdir(), `listings-bench-search-${size}-`));
    try {
      if (INDEXES.includes('embedded')) {
        const index = openEmbeddedSearchIndex({ path: path.join(dir, 'search.sqlite'), fields: LISTING_SEARCH_FIELDS });
        rows.push(await measureIndex('embedded (in process)', index, docs, names, () => rssMb(process.pid)));
        await index.close();
        global.gc?.();
      }
      if (INDEXES.includes('typesense') && typesenseServerAvailable()) {
        mkdirSync(path.join(dir, 'typesense'));
        const server = await startTypesenseServer({ dataDir: path.join(dir, 'typesense') });
        try {
          const index = await openTypesenseSearchIndex({
            url: server.url,
            apiKey: server.apiKey,
            collection: 'catalog_listings',
            fields: LISTING_SEARCH_FIELDS,
          });
          rows.push(
            await measureIndex('Typesense 0.24.1 (loopback HTTP)', index, docs, names, () => rssMb(server.pid)),
          );
          await index.close();
        } finally {
          await server.stop();
        }
      } else if (INDEXES.includes('typesense'))
        rows.push(`| ${size} | Typesense: not installed (scripts/stand-ins/typesense-nats.sh) |`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\nSearch port at scale, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(
    '| documents | index | indexing | memory added | typo recall (top 5) | typo query p50 / p99 ms | filtered + sorted p50 / p99 ms (queries) |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
};

if (import.meta.main) await runSearchIndexScaleBench();
