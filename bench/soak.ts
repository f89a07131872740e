// `npm run bench:soak`: the all-in-one process (demo catalog) under a fixed rate of mixed traffic
// (REST reads, site pages, MCP tool calls and draft writes) for BENCH_SOAK_SECONDS (default 300),
// sampling its resident memory (RSS, from /proc) every 5 s. Prints RSS over time and the load's
// figures: the sizing budget for a container (docs/benchmarks.md, README).
// BENCH_SOAK_RATE: requests per second over all connections (default 300).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const SAMPLE_MS = 5_000;
const CLI = fileURLToPath(new URL('../launcher/src/cli.ts', import.meta.url));

/** the process's resident set size in MB, from /proc (Linux) */
const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-soak-'));
// the draft writes come from one account: its daily limit would turn most of them into 429s
const env = {
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'on',
  DRAFTS_PER_ACCOUNT_PER_DAY: '999999',
};
const server = forkServer('all-in-one-server.ts', env);
try {
  const port = await server.ready;
  const pid = server.child.pid as number;
  const origin = `http://127.0.0.1:${port}`;
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
    { method: 'GET', path: '/api/v1/listings?q=app' },
    { method: 'GET', path: `/api/v1/listings/${slug}` },
    { method: 'GET', path: '/api/v1/site' },
    { method: 'GET', path: '/api/v1/leaderboards/community-all-time' },
    { method: 'GET', path: '/api/v1/launches' },
    { method: 'GET', path: '/' },
    { method: 'GET', path: `/listings/${slug}` },
    { method: 'POST', path: '/mcp', headers: mcpSearch.headers, body: mcpSearch.body },
    { method: 'POST', path: '/mcp', headers: mcpListing.headers, body: mcpListing.body },
    {
      method: 'POST',
      path: '/api/v1/drafts',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // an address that resolves nowhere: the draft is written, its crawl fails fast (no network)
      body: JSON.stringify({ url: 'https://soak.invalid' }),
    },
  ] as const;

  const samples: { s: number; rss: number }[] = [{ s: 0, rss: rssMb(pid) }];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ s: Math.round((Date.now() - started) / 1000), rss: rssMb(pid) }),
    SAMPLE_MS,
  );
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: SECONDS,
    requests: requests as never,
  });
  clearInterval(sampler);
  samples.push({ s: SECONDS, rss: rssMb(pid) });

  const rss = samples.map((x) => x.rss);
  console.log(
    `Soak: all-in-one (demo catalog), ${RATE} req/s for ${SECONDS} s, ${CONNECTIONS} connections, Node ${process.version}`,
  );
  console.log('(per cycle of ten: 5 REST reads, 2 site pages, 2 MCP tool calls, 1 draft write)\n');
  console.log('| t (s) | RSS (MB) |\n|---:|---:|');
  const step = Math.max(1, Math.ceil(samples.length / 30));
  for (const [i, sample] of samples.entries())
    if (i % step === 0 || i === samples.length - 1) console.log(`| ${sample.s} | ${sample.rss} |`);
  console.log(
    `\nRSS: start ${rss[0]} MB, max ${Math.max(...rss)} MB, end ${rss.at(-1)} MB; requests ${result.requests.total} (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
