// What the benchmarks share: the load run (autocannon, a warm-up then the measured run), and a
// server in a process of its own that says `{ type: 'ready', port }` over IPC once it listens.
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVICE_NODE_FLAGS } from '../launcher/src/node-flags.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The benchmarks measure throughput, not the limiter's refusals: every server a bench script
// starts (forked or in its own process) inherits these unless the caller set its own.
process.env.RATE_LIMIT_ANONYMOUS ??= '999999999/60';
process.env.RATE_LIMIT_AUTHENTICATED ??= '999999999/60';

/** BENCH_CONNECTIONS, default 50 */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_DURATION in seconds per measured run, or `fallback` */
export const durationSeconds = (fallback: number) => Number(process.env.BENCH_DURATION ?? fallback);

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** requests answered in the measured run */
  requests?: number;
}

/** `warmUpS` (default 2 s) of warm-up, then `durationS` measured; errors count failed requests and non-2xx answers */
export const measure = async (
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  connections: number,
  durationS: number,
  warmUpS = 2,
): Promise<LoadFigures> => {
  if (warmUpS > 0) await autocannon({ ...options, connections, duration: warmUpS });
  const result = await autocannon({ ...options, connections, duration: durationS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
};

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere.
 * Per request, it tells what a server spends on a call whatever else runs on the machine.
 */
export const cpuMsOf = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (in parentheses, which may hold spaces): utime is the 12th, stime the 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
};
/** the ids of a process's children (Linux: /proc/<pid>/task/<thread>/children), none elsewhere */
const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
};

/**
 * CPU time (ms, as cpuMsOf) used so far by each process under `pid` (its children, theirs, ...; not
 * `pid` itself), by process id: what a cluster started from this process spends (its services and
 * nats-server), however many processes it is.
 */
export const descendantsCpuMs = (pid: number): Map<number, number> => {
  const out = new Map<number, number>();
  const visit = (parent: number) => {
    for (const child of childrenOf(parent)) {
      const ms = cpuMsOf(child);
      if (ms !== undefined) out.set(child, ms);
      visit(child);
    }
  };
  visit(pid);
  return out;
};

/** USER_HZ: 100 on every Linux this runs on */
const CLOCK_TICKS_PER_SECOND = 100;

/** the median of some figures (the lower middle one for an even count) */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/**
 * Loads a server and its bare baseline in alternation, `rounds` times, and gives the median of each
 * (req/s, p50, p99; errors summed). On a shared machine whose speed drifts from one minute to the
 * next, alternating keeps every baseline next to the run it is compared with.
 */
export const measureAlternating = async (
  urls: { readonly bare: string; readonly service: string },
  options: { connections: number; durationS: number; rounds: number },
): Promise<{ bare: LoadFigures; service: LoadFigures }> => {
  const runs = { bare: [] as LoadFigures[], service: [] as LoadFigures[] };
  for (let round = 0; round < options.rounds; round++)
    for (const which of ['bare', 'service'] as const)
      runs[which].push(
        await measure({ url: urls[which] }, options.connections, options.durationS, round === 0 ? 2 : 0.5),
      );
  const summary = (figures: LoadFigures[]): LoadFigures => ({
    rps: median(figures.map((f) => f.rps)),
    p50: median(figures.map((f) => f.p50)),
    p99: median(figures.map((f) => f.p99)),
    errors: figures.reduce((n, f) => n + f.errors, 0),
  });
  return { bare: summary(runs.bare), service: summary(runs.service) };
};

/** SIGTERM, then wait for the exit (at once if it has exited already) */
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * Forks `bench/<file>` with `env` over this process's environment (its stdout dropped, stderr
 * shown) and the services' Node flags; `ready` is the port it reports, or a rejection if it exits first.
 */
export const forkServer = (file: string, env: NodeJS.ProcessEnv, options: { execArgv?: string[] } = {}) => {
  const child = fork(path.join(ROOT, 'bench', file), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // every server, the bare baselines too, runs with the flags the services run with in production
    execArgv: options.execArgv ?? [...process.execArgv, ...SERVICE_NODE_FLAGS],
  });
  const ready = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m.type === 'ready' && resolve(m.port ?? 0));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, ready, stop: () => stop(child) };
};
