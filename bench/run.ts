// `npm run bench`: req/s and latency of GET /api/v1/site through gateway → bus → catalog, in
// all-in-one and cluster mode, beside a bare Fastify route serving the same JSON from memory; then
// MCP tools/call beside REST for three operations (bench/mcp-tools.ts), and the other benches.
// Every server runs in its own process; the load generator (autocannon) runs here.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster } from '@listings/launcher/cluster';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { benchDrafting } from './drafting-crawl.ts';
import { benchMcpBesideRest, printSideBySide, type SideBySide } from './mcp-tools.ts';
import {
  CONNECTIONS,
  cpuMsOf,
  descendantsCpuMs,
  durationSeconds,
  forkServer,
  type LoadFigures,
  measure,
} from './support.ts';

const DURATION_S = durationSeconds(10);
const MCP_DURATION_S = Number(process.env.BENCH_MCP_DURATION ?? 3);
const MCP_ROUNDS = Number(process.env.BENCH_MCP_ROUNDS ?? 3);

interface Figures extends LoadFigures {
  name: string;
  /** the servers' CPU per request (µs): what a setup costs whatever else the machine runs */
  cpuUs?: number;
}

/** One setup loaded (2 s of warm-up, then the measured run); `cpuMs` reads the CPU its server processes have used so far (ms) */
const load = async (name: string, url: string, cpuMs: () => number | undefined): Promise<Figures> => {
  await measure({ url }, CONNECTIONS, 2, 0);
  const before = cpuMs();
  const figures = await measure({ url }, CONNECTIONS, DURATION_S, 0);
  const after = cpuMs();
  if (before === undefined || after === undefined || !figures.requests) return { name, ...figures };
  return { name, ...figures, cpuUs: ((after - before) * 1000) / figures.requests };
};
/** the CPU (ms) used so far by every process this one started and their children (a cluster) */
const clusterCpuMs = () => [...descendantsCpuMs(process.pid).values()].reduce((sum, ms) => sum + ms, 0);

const results: Figures[] = [];
let mcpResults: SideBySide[] = [];
// printed as soon as measured (and again at the end): a later part that fails does not lose it
const printMcpResults = () => {
  console.log(
    `\nMCP (2026-07-28 tools/call) beside REST, all-in-one, ${CONNECTIONS} connections, ${MCP_ROUNDS} rounds of ${MCP_DURATION_S} s each, interleaved`,
  );
  printSideBySide(mcpResults);
};
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-bench-'));

try {
  // all-in-one: the real entry point, in its own process
  const allInOne = forkServer('all-in-one-server.ts', {
    PORT: '0',
    DATA_DIR: path.join(dataDir, 'all-in-one'),
    LOG_LEVEL: 'silent',
  });
  const allInOnePort = await allInOne.ready;
  const siteUrl = (port: number) => `http://127.0.0.1:${port}/api/v1/site`;
  const body = await (await fetch(siteUrl(allInOnePort))).text();

  const bare = forkServer('bare-server.ts', { BENCH_BODY: body });
  const barePort = await bare.ready;
  results.push(await load('bare Fastify (same JSON from memory)', siteUrl(barePort), () => cpuMsOf(bare.child.pid)));
  await bare.stop();

  results.push(
    await load('all-in-one: gateway → in-process bus → catalog', siteUrl(allInOnePort), () =>
      cpuMsOf(allInOne.child.pid),
    ),
  );
  // short interleaved runs (REST, MCP, REST, MCP, ...): BENCH_MCP_DURATION s each, BENCH_MCP_ROUNDS pairs
  mcpResults = await benchMcpBesideRest(allInOnePort, CONNECTIONS, MCP_DURATION_S, MCP_ROUNDS, allInOne.child.pid);
  printMcpResults();
  await allInOne.stop();

  if (process.env.BENCH_CLUSTER === 'off') console.log('cluster mode skipped: BENCH_CLUSTER=off');
  else if (natsServerAvailable()) {
    const config = loadConfig({ PORT: '0', DATA_DIR: path.join(dataDir, 'cluster'), LOG_LEVEL: 'silent' });
    const cluster = await startCluster(config, silentLogger(), { ...process.env, LOG_LEVEL: 'silent' });
    results.push(
      await load('cluster: gateway → NATS → catalog (separate processes)', siteUrl(cluster.port), clusterCpuMs),
    );
    await cluster.stop();
  } else {
    console.log('cluster mode skipped: nats-server is not on the PATH');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const baseline = results[0] as Figures;
console.log(
  `\nGET /api/v1/site, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`,
);
console.log('| setup | req/s | p50 ms | p99 ms | errors | req/s vs bare | server CPU µs/req |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((100 * r.rps) / baseline.rps).toFixed(0)}% | ${r.cpuUs === undefined ? '-' : Math.round(r.cpuUs)} |`,
  );
}
printMcpResults();

{
  const d = await benchDrafting();
  console.log('\nDrafting: submit_listing to ready, 10-page loopback site, extractive drafter (in-process bus)');
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(`| one draft: submit to ready | ${Math.round(d.singleMs)} ms (${d.singlePages} pages) |`);
  console.log(
    `| ${d.concurrent} submitted at once: all ready after | ${Math.round(d.concurrentMs)} ms (${d.ready} ready) |`,
  );
  console.log(`| drafts completed per minute | ${Math.round(d.perMinute)} |`);
}

// read models: restart over 1,000,000 commerce events, and an explicit rebuild
if (process.env.BENCH_READ_MODELS !== 'off') {
  const { benchReadModels, printReadModelFigures } = await import('./read-models.ts');
  printReadModelFigures(await benchReadModels());
}

// the site: listing and home pages at 100k listings, beside the API's get_listing
if (process.env.BENCH_WEB !== 'off') await (await import('./web-pages.ts')).runWebBench();

// catalog: search_listings and get_listing at 10k and 100k listings, rebuild speed, typo recall
if (process.env.BENCH_CATALOG !== 'off') await (await import('./catalog-search.ts')).runCatalogBench();
