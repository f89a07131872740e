// `npm run bench:soak`: the all-in-one process (demo catalog) under a fixed rate of mixed traffic
// (REST reads, site pages, MCP tool calls and draft writes) for BENCH_SOAK_SECONDS (default 300),
// sampling its resident memory (RSS, from /proc) every 5 s. Prints RSS over time, RSS after the
// warm-up against the end, and the load's figures per kind of request (REST, pages, MCP reads and
// the draft writes, each its own load with its share of the rate and connections, so the reads'
// p99 is theirs): the sizing budget for a container (docs/benchmarks.md, docs/commands.md).
// BENCH_SOAK_RATE: requests per second over all connections (default 300).
// BENCH_SOAK_KINDS: the kinds of request to send, comma-separated, of rest, site, mcp and draft
// (default all four); each kept kind has the share of the rate it has in the full mix, so
// `BENCH_SOAK_KINDS=rest,site,mcp` is the default mix without its draft writes.
// BENCH_SOAK_NODE_FLAGS: the all-in-one's Node flags, space-separated, instead of the services'
// (SERVICE_NODE_FLAGS, launcher/src/node-flags.ts): to compare V8 settings under the same load.
// BENCH_SOAK_WARMUP_SECONDS: the RSS compared with the end's is the first sample from then (default 60).
// BENCH_SOAK_MODE=cluster: the same traffic against cluster mode (`npm run start:cluster`), each
// process's RSS sampled (every service, nats-server, the launcher): the budget per container.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { someSlug, toolCall } from './mcp-tools.ts';
import { forkServer } from './support.ts';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 60);
const SAMPLE_MS = 5_000;
const KINDS = new Set((process.env.BENCH_SOAK_KINDS ?? 'rest,site,mcp,draft').split(',').map((k) => k.trim()));
const CLUSTER = process.env.BENCH_SOAK_MODE === 'cluster';
const CLI = fileURLToPath(new URL('../launcher/src/cli.ts', import.meta.url));

/** the process's resident set size in MB, from /proc (Linux); 0 once it is gone */
const rssMb = (pid: number): number => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
  } catch {
    return 0;
  }
};

/** the processes a pid started (each of its threads' children), from /proc */
const childrenOf = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );

/** a cluster child by what it runs: `services/<name>/src/server.ts` is <name>, or the program's name */
const nameOf = (pid: number): string => {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const service = args.map((a) => /services\/([\w-]+)\/src\/server\.ts$/.exec(a)?.[1]).find(Boolean);
  return service ?? path.basename(args[0] ?? String(pid));
};

/** RSS in MB by process: the all-in-one; or the cluster's launcher, each service and nats-server */
const sample = (pid: number): Record<string, number> => {
  if (!CLUSTER) return { 'all-in-one': rssMb(pid) };
  const rss: Record<string, number> = { launcher: rssMb(pid) };
  for (const child of childrenOf(pid)) rss[nameOf(child)] = rssMb(child);
  return rss;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-soak-'));
// the draft writes come from one account: its daily limit would turn most of them into 429s
const env = {
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // BENCH_SOAK_DEMO_DATA=off: an empty catalog (the cluster's start with the demo catalog failed on a loaded machine)
  DEMO_DATA: process.env.BENCH_SOAK_DEMO_DATA ?? 'on',
  DRAFTS_PER_ACCOUNT_PER_DAY: '999999',
};
// the cluster's launcher runs without the services' flags, as `npm run start:cluster` does
const server = CLUSTER
  ? forkServer('cluster-server.ts', env, { execArgv: process.execArgv })
  : forkServer(
      'all-in-one-server.ts',
      env,
      process.env.BENCH_SOAK_NODE_FLAGS === undefined
        ? {}
        : { execArgv: [...process.execArgv, ...process.env.BENCH_SOAK_NODE_FLAGS.split(' ').filter(Boolean)] },
    );
// cluster mode: MCP and the site each have a port of their own
let ports: { mcpPort?: number; webPort?: number } = {};
/** the all-in-one's main-thread heap in MB at each sample (used / committed / external), as it answers */
const heaps: { s: number; used: number; total: number; external: number }[] = [];
let sampledAt = 0;
server.child.on(
  'message',
  (m: {
    type?: string;
    mcpPort?: number;
    webPort?: number;
    heapUsed?: number;
    heapTotal?: number;
    external?: number;
  }) => {
    if (m.type === 'ready') ports = m;
    if (m.type === 'memory') {
      const mb = (bytes = 0) => Math.round(bytes / 1024 / 1024);
      heaps.push({ s: sampledAt, used: mb(m.heapUsed), total: mb(m.heapTotal), external: mb(m.external) });
    }
  },
);
server.child.once('exit', (code, signal) => {
  if (!stopping) console.error(`the server exited during the soak (${signal ?? code})`);
});
let stopping = false;
try {
  const port = await server.ready;
  const pid = server.child.pid as number;
  const origin = `http://127.0.0.1:${port}`;
  const originOf = (kind: 'rest' | 'mcp' | 'site') =>
    kind === 'mcp' && ports.mcpPort
      ? `http://127.0.0.1:${ports.mcpPort}`
      : kind === 'site' && ports.webPort
        ? `http://127.0.0.1:${ports.webPort}`
        : origin;
  const slug = await someSlug(origin);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CLI, 'api-key', 'create', '--email', 'soak@example.com', '--scopes', 'listings:write'],
    { env: { ...process.env, ...env } },
  );
  const key = stdout.trimEnd().split('\n').at(-1) as string;
  const mcpSearch = toolCall('search_listings', { q: 'app' });
  const mcpListing = toolCall('get_listing', { slug });
  // one cycle of ten: five REST reads, two pages of the site, two MCP tool calls, one draft write
  const requests = [
    { kind: 'rest', method: 'GET', path: '/api/v1/listings?q=app' },
    { kind: 'rest', method: 'GET', path: `/api/v1/listings/${slug}` },
    { kind: 'rest', method: 'GET', path: '/api/v1/site' },
    { kind: 'rest', method: 'GET', path: '/api/v1/leaderboards/community-all-time' },
    { kind: 'rest', method: 'GET', path: '/api/v1/launches' },
    { kind: 'site', method: 'GET', path: '/' },
    { kind: 'site', method: 'GET', path: `/listings/${slug}` },
    { kind: 'mcp', method: 'POST', path: '/mcp', headers: mcpSearch.headers, body: mcpSearch.body },
    { kind: 'mcp', method: 'POST', path: '/mcp', headers: mcpListing.headers, body: mcpListing.body },
    {
      kind: 'draft',
      method: 'POST',
      path: '/api/v1/drafts',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // an address that resolves nowhere: the draft is written, its crawl fails fast (no network)
      body: JSON.stringify({ url: 'https://soak.invalid' }),
    },
  ] as const;
  // one load per kind of request (REST, site, MCP, draft), each with its share of the rate and of
  // the connections, at its port (cluster mode: MCP and the site have their own; drafts go to REST)
  const byKind = Object.entries(Object.groupBy(requests, (r) => r.kind)).filter(([kind]) => KINDS.has(kind));
  const loads = byKind.map(([kind, share = []]) =>
    autocannon({
      url: originOf(kind === 'draft' ? 'rest' : (kind as 'rest' | 'mcp' | 'site')),
      connections: Math.max(1, Math.round((CONNECTIONS * share.length) / requests.length)),
      overallRate: (RATE * share.length) / requests.length,
      duration: SECONDS,
      requests: share.map(({ kind: _, ...request }) => request) as never,
    }),
  );
  const loadAverage = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  const loadAtStart = loadAverage();

  const samples: { s: number; rss: Record<string, number> }[] = [{ s: 0, rss: sample(pid) }];
  const started = Date.now();
  const sampler = setInterval(() => {
    sampledAt = Math.round((Date.now() - started) / 1000);
    samples.push({ s: sampledAt, rss: sample(pid) });
    if (!CLUSTER) server.child.send({ type: 'memory' });
  }, SAMPLE_MS);
  const results = await Promise.all(loads);
  clearInterval(sampler);
  samples.push({ s: SECONDS, rss: sample(pid) });
  const loadAtEnd = loadAverage();
  const total = (field: 'total' | 'average', of: 'requests') => results.reduce((n, r) => n + r[of][field], 0);
  const result = {
    requests: { total: total('total', 'requests'), average: total('average', 'requests') },
    // the slowest kind's figures: what a client of the whole service meets at worst
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
  const kinds = byKind.map(([kind, share = []], i) => ({ kind, share: share.length, result: results[i] }));

  const names = [...new Set(samples.flatMap((x) => Object.keys(x.rss)))];
  const sum = (rss: Record<string, number>) => Object.values(rss).reduce((n, v) => n + v, 0);
  const of = (name: string) => samples.map((x) => x.rss[name] ?? 0);
  console.log(
    `Soak: ${CLUSTER ? 'cluster mode' : 'all-in-one'} (${env.DEMO_DATA === 'off' ? 'empty catalog' : 'demo catalog'}), ${RATE} req/s for ${SECONDS} s, ${CONNECTIONS} connections, Node ${process.version}${process.env.BENCH_SOAK_NODE_FLAGS === undefined ? '' : `, flags: ${process.env.BENCH_SOAK_NODE_FLAGS}`}`,
  );
  console.log(
    `(per cycle of ten: 5 REST reads, 2 site pages, 2 MCP tool calls, 1 draft write; sent: ${[...KINDS].join(', ')})\n`,
  );
  const columns = CLUSTER ? [...names, 'total'] : names;
  const heapColumns = CLUSTER ? '' : ' heap used / committed / external (MB) |';
  console.log(`| t (s) | ${columns.map((n) => `${n} RSS (MB)`).join(' | ')} |${heapColumns}`);
  console.log(`|---:|${columns.map(() => '---:').join('|')}|${CLUSTER ? '' : '---:|'}`);
  const step = Math.max(1, Math.ceil(samples.length / 30));
  const heapAt = (s: number) => {
    const h = heaps.find((x) => x.s === s);
    return CLUSTER ? '' : ` ${h ? `${h.used} / ${h.total} / ${h.external}` : ''} |`;
  };
  for (const [i, x] of samples.entries())
    if (i % step === 0 || i === samples.length - 1)
      console.log(
        `| ${x.s} | ${[...names.map((n) => x.rss[n] ?? 0), ...(CLUSTER ? [sum(x.rss)] : [])].join(' | ')} |${heapAt(x.s)}`,
      );
  console.log('');
  for (const name of names) {
    const rss = of(name);
    console.log(`${name} RSS: start ${rss[0]} MB, max ${Math.max(...rss)} MB, end ${rss.at(-1)} MB`);
  }
  if (CLUSTER) console.log(`total RSS: max ${Math.max(...samples.map((x) => sum(x.rss)))} MB`);
  // RSS after the warm-up against the end (the goal of #33: within 10%)
  const warm = samples.find((x) => x.s >= WARMUP_SECONDS) ?? samples[0];
  const end = samples.at(-1) ?? warm;
  const warmTotal = warm ? sum(warm.rss) : 0;
  const endTotal = end ? sum(end.rss) : 0;
  console.log(
    `RSS${CLUSTER ? ' (all processes)' : ''} after warm-up (${warm?.s} s) ${warmTotal} MB, end (${end?.s} s) ${endTotal} MB: ${endTotal >= warmTotal ? '+' : ''}${((100 * (endTotal - warmTotal)) / Math.max(1, warmTotal)).toFixed(1)}%`,
  );
  console.log(`\n| requests | asked (req/s) | reached (req/s) | p50 ms | p99 ms | errors | non-2xx |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { kind, share, result: r } of kinds)
    if (r)
      console.log(
        `| ${kind === 'draft' ? 'draft writes' : `${kind} reads`} | ${(RATE * share) / requests.length} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors} | ${r.non2xx} |`,
      );
  console.log(
    `\nrequests ${result.requests.total} (${Math.round(result.requests.average)}/s of ${RATE} asked), slowest kind's p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
  console.log(`load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAtEnd}`);
} finally {
  stopping = true;
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
