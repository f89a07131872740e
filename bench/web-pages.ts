// `npm run bench` (web part): the site's anonymous listing page and home page at 100,000 listings
// (BENCH_WEB_SIZE), all-in-one, beside GET /api/v1/listings/{slug} on the same server.
// - latency: LATENCY_CONCURRENCY requests at a time over 400 different listings (and the home page
//   400 times), p50 / p99, timed from a process of its own (bench/latency-sampler.ts); the goal is
//   p99 under 20 ms;
// - throughput: BENCH_CONNECTIONS connections on one listing, the API route and the page loaded in
//   alternation BENCH_ROUNDS times (medians); the goal is the page at 50% or more of the API's req/s.
// Alone: `node bench/web-pages.ts` (BENCH_WEB_SIZE=100000 BENCH_DURATION=5 BENCH_ROUNDS=3).
// BENCH_WEB_PROFILE=<dir>: the server runs under `--cpu-prof` and writes its profile there on exit.
// BENCH_WEB_TRACE=<dir>: the server records its garbage collections and event-loop stalls
// (bench/loop-trace.ts), and for the slowest 1% of each latency sample the bench prints what
// overlapped it; the requests and the server's trace are left in <dir> (requests.json, server-trace.json).
// BENCH_WEB_NODE_FLAGS='<flags>': more Node flags for the server, after the services' own (to try one).
// BENCH_WEB_CATALOG=<dir>: a copy of this catalog (a DATA_DIR written by writeBenchCatalog) instead of writing one.
import { fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NODE_FLAGS } from '../launcher/src/node-flags.ts';
import { writeBenchCatalog } from './catalog-data.ts';
import type { Sample, SampleJob, Timed } from './latency-sampler.ts';
import type { LoopTrace } from './loop-trace.ts';
import { CONNECTIONS, durationSeconds, forkServer, measureAlternating } from './support.ts';

const SIZE = Number(process.env.BENCH_WEB_SIZE ?? 100_000);
const DURATION_S = durationSeconds(5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY_CONCURRENCY = Number(process.env.BENCH_LATENCY_CONCURRENCY ?? 4);
const SAMPLE = 400;
const PROFILE_DIR = process.env.BENCH_WEB_PROFILE;
const TRACE_DIR = process.env.BENCH_WEB_TRACE;
const CATALOG_DIR = process.env.BENCH_WEB_CATALOG;
const EXTRA_FLAGS = (process.env.BENCH_WEB_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/**
 * Times samples of GETs from a process of its own (bench/latency-sampler.ts), so that this process's
 * garbage collections are not in them; `close` ends that process.
 */
const startSampler = () => {
  const child = fork(path.join(import.meta.dirname, 'latency-sampler.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // room for a whole sample's garbage in the young generation: no collection pauses a sample
    execArgv: [...process.execArgv, '--max-semi-space-size=64'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the latency sampler exited with ${code}`))),
  );
  exited.catch(() => {});
  return {
    /** p50 / p99 of GETs, LATENCY_CONCURRENCY at a time, each path once */
    latency: async (base: string, paths: readonly string[]) => {
      const answered = new Promise<Sample>((resolve) => child.once('message', (m) => resolve(m as Sample)));
      child.send({ base, paths, concurrency: LATENCY_CONCURRENCY } satisfies SampleJob);
      const { timed, errors, gcs, stalls } = await Promise.race([answered, exited]);
      const latencies = timed.map((t) => t.end - t.start);
      return {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        errors,
        timed,
        client: { gcs, stalls },
      };
    },
    close: () => child.disconnect(),
  };
};

/** for the slowest 1% of a sample: the server's garbage collections and event-loop stalls during each, and the requests in flight */
const overlaps = (name: string, timed: readonly Timed[], trace: LoopTrace, client: Pick<Sample, 'gcs' | 'stalls'>) => {
  const from = Math.min(...timed.map((t) => t.start));
  const to = Math.max(...timed.map((t) => t.end));
  const within = <T extends { at: number; ms: number }>(list: readonly T[], a: number, b: number) =>
    list.filter((e) => e.at < b && e.at + e.ms > a);
  const sum = (list: readonly { ms: number }[]) => list.reduce((n, e) => n + e.ms, 0);
  const gcs = within(trace.gcs, from, to);
  const stalls = within(trace.stalls, from, to);
  console.log(
    `\n${name}: ${((to - from) / 1000).toFixed(2)} s; GC ${gcs.length} times, ${sum(gcs).toFixed(0)} ms (` +
      ['minor', 'major', 'incremental', 'minor-mark-sweep', 'weak-callbacks']
        .map((kind) => {
          const some = gcs.filter((g) => g.kind === kind);
          return some.length ? `${kind} ${some.length} × max ${Math.max(...some.map((g) => g.ms)).toFixed(1)} ms` : '';
        })
        .filter(Boolean)
        .join(', ') +
      `); event-loop stalls over ${STALL_SHOWN_MS} ms: ${stalls.filter((s) => s.ms > STALL_SHOWN_MS).length}, the longest ${Math.max(0, ...stalls.map((s) => s.ms)).toFixed(1)} ms`,
  );
  const slowest = [...timed]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, Math.ceil(timed.length / 100));
  for (const t of slowest) {
    const during = (list: readonly { at: number; ms: number }[]) =>
      within(list, t.start, t.end)
        .map(
          (e) =>
            `${(e.at - t.start).toFixed(1)}+${e.ms.toFixed(1)}${'kind' in e ? ` ${e.kind}` : ` cpu ${(e as LoopTrace['stalls'][number]).cpuMs.toFixed(1)} wait ${(e as LoopTrace['stalls'][number]).waitMs.toFixed(1)}`}`,
        )
        .join(', ');
    const inFlight = timed.filter((o) => o !== t && o.start < t.end && o.end > t.start).length;
    console.log(
      `  ${(t.end - t.start).toFixed(1)} ms ${t.path}: ${inFlight} others overlapping; GC [${during(trace.gcs)}]; stalls [${during(trace.stalls)}]; the sampler's GC [${during(client.gcs)}], stalls [${during(client.stalls)}] (offset ms + duration ms)`,
    );
  }
};
/** the stalls counted in a sample's summary */
const STALL_SHOWN_MS = 10;

export const runWebBench = async () => {
  if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `listings-bench-web-${SIZE}-`));
  const lines: string[] = [];
  try {
    let started = performance.now();
    if (CATALOG_DIR) cpSync(CATALOG_DIR, dataDir, { recursive: true });
    else await writeBenchCatalog(dataDir, SIZE);
    lines.push(
      `${SIZE} listings ${CATALOG_DIR ? 'copied' : 'written'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    const server = forkServer(
      'all-in-one-server.ts',
      { DEMO_DATA: 'off', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: dataDir },
      {
        execArgv: [
          ...process.execArgv,
          ...SERVICE_NODE_FLAGS,
          ...EXTRA_FLAGS,
          ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        ],
      },
    );
    try {
      const port = await server.ready;
      lines.push(`all-in-one ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const base = `http://127.0.0.1:${port}`;
      const sampler = startSampler();
      const { latency } = sampler;
      const slugs: string[] = [];
      for (let page = 1; slugs.length < 2 * SAMPLE; page++) {
        const body = (await (await fetch(`${base}/api/v1/listings?sort=newest&per_page=100&page=${page}`)).json()) as {
          items: { slug: string }[];
        };
        if (body.items.length === 0) break;
        slugs.push(...body.items.map((item) => item.slug));
      }
      const warm = slugs.slice(SAMPLE, 2 * SAMPLE);
      const measured = slugs.slice(0, SAMPLE);
      await latency(base, [
        ...warm.map((slug) => `/listings/${slug}`),
        ...warm.map((slug) => `/api/v1/listings/${slug}`),
      ]);
      const rows: [string, Awaited<ReturnType<typeof latency>>][] = [
        [
          'GET /api/v1/listings/{slug} (JSON)',
          await latency(
            base,
            measured.map((slug) => `/api/v1/listings/${slug}`),
          ),
        ],
        [
          'GET /listings/{slug} (the page)',
          await latency(
            base,
            measured.map((slug) => `/listings/${slug}`),
          ),
        ],
        [
          'GET / (the home page)',
          await latency(
            base,
            Array.from({ length: SAMPLE }, () => '/'),
          ),
        ],
      ];
      sampler.close();
      const slug = measured[0] as string;
      const load = await measureAlternating(
        { bare: `${base}/api/v1/listings/${slug}`, service: `${base}/listings/${slug}` },
        { connections: CONNECTIONS, durationS: DURATION_S, rounds: ROUNDS },
      );
      const home = await measureAlternating(
        { bare: `${base}/api/v1/listings/${slug}`, service: `${base}/` },
        { connections: CONNECTIONS, durationS: DURATION_S, rounds: 1 },
      );
      console.log(
        `\nThe site (services/web), all-in-one, ${SIZE} listings, ${os.cpus().length} cores, Node ${process.version}; ${lines.join('; ')}`,
      );
      console.log(`Latency, ${LATENCY_CONCURRENCY} at a time, ${SAMPLE} different listings (goal: pages p99 < 20 ms)`);
      console.log('| request | p50 ms | p99 ms | errors |');
      console.log('|---|---:|---:|---:|');
      for (const [name, r] of rows)
        console.log(`| ${name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
      console.log(
        `\nThroughput, ${CONNECTIONS} connections, ${DURATION_S} s runs, ${ROUNDS} alternating rounds (medians) (goal: the page >= 50% of the API)`,
      );
      console.log('| request | req/s | p50 ms | p99 ms | errors | vs API |');
      console.log('|---|---:|---:|---:|---:|---:|');
      const row = (name: string, r: typeof load.bare, api: typeof load.bare) =>
        console.log(
          `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((100 * r.rps) / api.rps).toFixed(0)}% |`,
        );
      row('GET /api/v1/listings/{slug}', load.bare, load.bare);
      row('GET /listings/{slug}', load.service, load.bare);
      row('GET / (one round)', home.service, home.bare);
      if (TRACE_DIR) {
        await server.stop();
        const trace = JSON.parse(readFileSync(path.join(TRACE_DIR, 'server-trace.json'), 'utf8')) as LoopTrace;
        writeFileSync(
          path.join(TRACE_DIR, 'requests.json'),
          JSON.stringify(rows.map(([name, r]) => ({ name, timed: r.timed }))),
        );
        console.log(
          `\nThe server's event-loop delay over the whole run: p50 ${trace.delay.p50.toFixed(1)} ms, p99 ${trace.delay.p99.toFixed(1)} ms, max ${trace.delay.max.toFixed(1)} ms`,
        );
        for (const [name, r] of rows) overlaps(name, r.timed, trace, r.client);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await runWebBench();
