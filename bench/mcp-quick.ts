// Only the MCP-beside-REST figures (bench/mcp-tools.ts) against a fresh all-in-one process, for
// quick before/after comparisons: `node bench/mcp-quick.ts` (BENCH_DURATION, BENCH_CONNECTIONS;
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there; BENCH_ONLY=mcp skips
// the REST runs, so that such a profile shows the MCP calls alone).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchMcpBesideRest, type McpBenchFigures, run, someSlug, toolCall } from './mcp-tools.ts';
import { CONNECTIONS, durationSeconds, forkServer } from './support.ts';

const DURATION_S = durationSeconds(5);
const profileDir = process.env.BENCH_CPU_PROF;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-mcp-bench-'));
const server = forkServer(
  'all-in-one-server.ts',
  { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  { execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
);
try {
  const port = await server.ready;
  const figures: McpBenchFigures[] = [];
  if (process.env.BENCH_ONLY === 'mcp') {
    const url = `http://127.0.0.1:${port}/mcp`;
    const slug = await someSlug(`http://127.0.0.1:${port}`);
    for (const [name, args] of [
      ['search_listings', { q: 'app' }],
      ['get_listing', { slug }],
    ] as const)
      figures.push(await run(`MCP tools/call ${name}`, { url, ...toolCall(name, args) }, CONNECTIONS, DURATION_S));
  } else figures.push(...(await benchMcpBesideRest(port, CONNECTIONS, DURATION_S)));
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of figures) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
