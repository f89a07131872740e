// `npm run bench:bulk` (issue #33, item 5): the bulk loader and the run table at scale.
// 1. Loads N listings (BULK_LISTINGS, default 1,000,000) with their categories and votes, as the
//    catalog's deciders emit them (bench/catalog-data.ts), appended in batches (appends in flight
//    together share one commit), into DATA_DIR/catalog/events.sqlite.
// 2. Per store set (BULK_STORES, default `embedded,production`): starts the all-in-one on a copy of
//    those events. Its first start is the bulk read-model write: the catalog's read model catches up
//    in pages and writes its documents in batches (SQLite; or MongoDB, `insertMany`, on FerretDB),
//    and the search index imports each batch (embedded; or Typesense's bulk import). `production`
//    is FerretDB + Typesense, the stand-ins the production-stores tests start (the event store stays
//    SQLite: no KurrentDB server exists here).
// 3. Through the gateway, from a process of its own (bench/latency-sampler.ts, as bench/web-pages.ts
//    does), BULK_CONCURRENCY (4) at a time, every request different: search_listings with typos,
//    with filters and each sort, get_listing, the listing page and the home page; p50 / p99.
// Prints the table: load time, ready time, the all-in-one's RSS after start, once idle
// (BULK_SETTLE_S, 60) and after the samples,
// p50 / p99 per request, per store set. `BULK_KEEP=<dir>`: the loaded DATA_DIR is kept there;
// `BULK_EVENTS=<dir>`: a DATA_DIR loaded before (by BULK_KEEP) is used, step 1 skipped;
// `BULK_SERVER=<file>`: another all-in-one server script (another checkout's
// bench/all-in-one-server.ts, relative to this bench/ folder) beside this one's, on the same
// events in the same run (a before/after comparison).
import { fork } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LISTING_SORTS } from '@listings/contracts';
import { newIdentitySecrets } from '@listings/platform/edge';
import { ferretDbMissing, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { startTypesenseServer, typesenseServerAvailable } from '@listings/platform/testing/typesense-server';
import { ROOTS, writeBenchCatalog } from './catalog-data.ts';
import type { Sample, SampleJob } from './latency-sampler.ts';
import { forkServer } from './support.ts';

const SIZE = Number(process.env.BULK_LISTINGS ?? 1_000_000);
const STORES = (process.env.BULK_STORES ?? 'embedded,production').split(',');
const CONCURRENCY = Number(process.env.BULK_CONCURRENCY ?? 4);
/**
 * seconds the restarted service is left idle before its RSS is read again: what it holds once the
 * start's garbage is collected (V8 collects it when the process goes idle, not at once)
 */
const SETTLE_S = Number(process.env.BULK_SETTLE_S ?? 60);
/** requests per row of the table (each different) */
const SAMPLE = Number(process.env.BULK_SAMPLE ?? 300);
const COUNTRIES = ['us', 'gb', 'de', 'fr', 'nl', 'se', 'in', 'br', 'ca', 'jp'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
/** a line of the table, printed as it comes too (a long run shows its progress) */
const say = (lines: string[], line: string) => {
  lines.push(line);
  console.log(line);
};
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const rssMb = (pid: number | undefined): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};
/** two middle letters swapped: a typo the search must forgive */
const typo = (name: string) => {
  const lower = name.toLowerCase();
  const i = Math.max(1, Math.floor(lower.length / 2) - 1);
  return `${lower.slice(0, i)}${lower[i + 1]}${lower[i]}${lower.slice(i + 2)}`;
};

/** the rows of the table: a name and its paths, every one different (the catalog caches repeats) */
const requestsOf = (names: readonly string[], offset: number): [string, string[]][] => {
  const picked = Array.from({ length: SAMPLE }, (_, i) => names[(offset * SAMPLE + i) % names.length] as string);
  const slugs = picked.map((name) => name.toLowerCase());
  const filtered = (sort: string) =>
    Array.from({ length: SAMPLE }, (_, i) => {
      const root = ROOTS[i % ROOTS.length] as string;
      const page = 1 + ((i + offset * 7) % 20);
      return i % 2 === 0
        ? `/api/v1/listings?category=${root}&sort=${sort}&page=${page}`
        : `/api/v1/listings?category=${root}-${1 + (i % 4)}&country=${COUNTRIES[i % COUNTRIES.length]}&sort=${sort}&page=${page}`;
    });
  return [
    [
      'search_listings, a typo in the name',
      picked.map((name) => `/api/v1/listings?q=${encodeURIComponent(typo(name))}`),
    ],
    ...LISTING_SORTS.map((sort): [string, string[]] => [`search_listings, filters, sort=${sort}`, filtered(sort)]),
    ['get_listing', slugs.map((slug) => `/api/v1/listings/${slug}`)],
    ['the listing page', slugs.map((slug) => `/listings/${slug}`)],
    ['the home page', Array.from({ length: SAMPLE }, () => '/')],
  ];
};

/** names of listings spread over the catalog: pages of the newest, two samples' worth */
const namesFrom = async (base: string): Promise<string[]> => {
  const names: string[] = [];
  for (let page = 1; names.length < 2 * SAMPLE; page += 37) {
    const body = (await (await fetch(`${base}/api/v1/listings?sort=newest&per_page=100&page=${page}`)).json()) as {
      items: { name: string }[];
    };
    if (body.items.length === 0) break;
    names.push(...body.items.map((item) => item.name));
  }
  return names;
};

const startSampler = () => {
  const child = fork(path.join(import.meta.dirname, 'latency-sampler.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, '--max-semi-space-size=64'],
  });
  return {
    sample: (base: string, paths: readonly string[]) =>
      new Promise<Sample>((resolve) => {
        child.once('message', (m) => resolve(m as Sample));
        child.send({ base, paths, concurrency: CONCURRENCY } satisfies SampleJob);
      }),
    close: () => child.disconnect(),
  };
};

interface StoreSet {
  readonly env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const storeSet = async (name: string): Promise<StoreSet | string> => {
  if (name === 'embedded') return { env: {}, stop: async () => {} };
  const missing = ferretDbMissing() ?? (typesenseServerAvailable() ? undefined : 'no Typesense binary');
  if (missing) return missing;
  const ferret = await startFerretDb();
  const typesense = await startTypesenseServer();
  // on the production stores the gateway's keys are given, not generated under DATA_DIR
  const secrets = newIdentitySecrets();
  return {
    env: {
      OAUTH_JWKS: JSON.stringify(secrets.jwks),
      COOKIE_KEYS: secrets.cookieKeys.join(','),
      MONGO_URL: ferret.url,
      MONGO_DB: 'bulk',
      TYPESENSE_URL: typesense.url,
      TYPESENSE_API_KEY: typesense.apiKey,
    },
    stop: async () => {
      await typesense.stop();
      await ferret.stop();
    },
  };
};

const measure = async (name: string, server: string, loaded: string, lines: string[]) => {
  const stores = await storeSet(name.split(' ')[0] as string);
  if (typeof stores === 'string') {
    say(lines, `| ${name} | not run: ${stores} |`);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `listings-bulk-${name.replace(/\W+/g, '-')}-`));
  try {
    cpSync(loaded, dataDir, { recursive: true });
    const start = () =>
      forkServer(server, { DEMO_DATA: 'off', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: dataDir, ...stores.env });
    // the first start builds the read models and the search index from the events (the bulk writes)
    let started = performance.now();
    const first = start();
    let built: string;
    try {
      await first.ready;
      built = `first start (read models and search built from the events) ${seconds(started)} s, RSS then ${rssMb(first.child.pid)} MB`;
    } finally {
      await first.stop();
    }
    // then a restart on what it built: what the service holds after starting at this size
    started = performance.now();
    const running = start();
    try {
      const port = await running.ready;
      const ready = seconds(started);
      const rssReady = rssMb(running.child.pid);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
      const rssSettled = rssMb(running.child.pid);
      const base = `http://127.0.0.1:${port}`;
      const names = await namesFrom(base);
      const sampler = startSampler();
      // a warm-up pass on other listings and pages, then the measured one
      for (const [, paths] of requestsOf(names, 1)) await sampler.sample(base, paths);
      for (const [request, paths] of requestsOf(names, 0)) {
        const { timed, errors } = await sampler.sample(base, paths);
        const ms = timed.map((t) => t.end - t.start);
        say(
          lines,
          `| ${name} | ${request} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${errors} |`,
        );
      }
      sampler.close();
      say(
        lines,
        `| ${name} | ${built}; restart ${ready} s, RSS after the restart ${rssReady} MB, ${SETTLE_S} s later (idle) ${rssSettled} MB, after the samples ${rssMb(running.child.pid)} MB; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} | | | |`,
      );
    } finally {
      await running.stop();
    }
  } finally {
    await stores.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const runBulkBench = async () => {
  const loaded =
    process.env.BULK_EVENTS ?? process.env.BULK_KEEP ?? mkdtempSync(path.join(os.tmpdir(), 'listings-bulk-events-'));
  try {
    const started = performance.now();
    const written = process.env.BULK_EVENTS ? undefined : await writeBenchCatalog(loaded, SIZE);
    const lines = [
      written
        ? `${SIZE} listings (${written.events} events, with their categories and votes) appended in ${seconds(started)} s`
        : `the listings loaded before in ${loaded}`,
      `${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      `Through the gateway, ${CONCURRENCY} at a time, ${SAMPLE} different requests per row (goal: p99 < 20 ms)`,
      '| stores | request | p50 ms | p99 ms | errors |',
      '|---|---|---:|---:|---:|',
    ];
    for (const name of STORES) {
      if (process.env.BULK_SERVER)
        await measure(`${name} (${process.env.BULK_SERVER})`, process.env.BULK_SERVER, loaded, lines);
      await measure(name, 'all-in-one-server.ts', loaded, lines);
    }
    console.log(`\n${lines.join('\n')}`);
  } finally {
    if (!process.env.BULK_KEEP && !process.env.BULK_EVENTS) rmSync(loaded, { recursive: true, force: true });
  }
};

if (import.meta.main) await runBulkBench();
