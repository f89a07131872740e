// Only the MCP-beside-REST figures (bench/mcp-tools.ts) against a fresh all-in-one process, for
// quick before/after comparisons: `node bench/mcp-quick.ts` (BENCH_DURATION, BENCH_CONNECTIONS;
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there; BENCH_ONLY=mcp skips
// the REST runs, so that such a profile shows the MCP calls alone).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchMcpBesideRest, type McpBenchFigures, run, someSlug, toolCall } from './mcp-tools.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profileDir = process.env.BENCH_CPU_PROF;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-mcp-bench-'));
const child = fork(path.join(ROOT, 'bench/all-in-one-server.ts'), [], {
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
try {
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m.type === 'ready' && resolve(m.port ?? 0));
    child.once('exit', (code) => reject(new Error(`all-in-one exited with ${code}`)));
  });
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
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
