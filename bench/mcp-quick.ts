// Only the MCP-beside-REST figures (bench/mcp-tools.ts) against a fresh all-in-one process, for
// quick before/after comparisons: `node bench/mcp-quick.ts` (BENCH_MCP_DURATION, default 3 s per
// run; BENCH_MCP_ROUNDS, default 3 REST/MCP pairs per operation; BENCH_CONNECTIONS;
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there; BENCH_ONLY=mcp or
// BENCH_ONLY=rest runs one side only, so that such a profile shows those calls alone).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NODE_FLAGS } from '../launcher/src/node-flags.ts';
import { benchMcpBesideRest, operationsToCompare, printSideBySide, run, someSlug } from './mcp-tools.ts';
import { CONNECTIONS, cpuMsOf, forkServer } from './support.ts';

const DURATION_S = Number(process.env.BENCH_MCP_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_MCP_ROUNDS ?? 3);
const profileDir = process.env.BENCH_CPU_PROF;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-mcp-bench-'));
const server = forkServer(
  'all-in-one-server.ts',
  { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  profileDir ? { execArgv: [...SERVICE_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
);
try {
  const port = await server.ready;
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, ${os.cpus().length} cores, Node ${process.version}`,
  );
  const only = process.env.BENCH_ONLY;
  if (only === 'mcp' || only === 'rest') {
    const origin = `http://127.0.0.1:${port}`;
    console.log('| call | req/s | p50 ms | p99 ms | server CPU µs/call | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const { operation, mcp, rest } of operationsToCompare(origin, await someSlug(origin))) {
      const options = only === 'mcp' ? mcp : rest;
      await run('warm-up', options, CONNECTIONS, 1, 0);
      const cpuBefore = cpuMsOf(server.child.pid);
      const r = await run(`${only === 'mcp' ? 'MCP' : 'REST'} ${operation}`, options, CONNECTIONS, DURATION_S, 0);
      const cpuAfter = cpuMsOf(server.child.pid);
      const cpuUs =
        cpuBefore === undefined || cpuAfter === undefined || !r.requests
          ? '?'
          : Math.round(((cpuAfter - cpuBefore) * 1000) / r.requests);
      console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${cpuUs} | ${r.errors} |`);
    }
  } else printSideBySide(await benchMcpBesideRest(port, CONNECTIONS, DURATION_S, ROUNDS, server.child.pid));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
