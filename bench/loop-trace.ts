// What a server's event loop waited on, for a bench that asks (BENCH_WEB_TRACE in bench/web-pages.ts):
// every garbage collection (its kind and duration, from the 'gc' performance entries) and every
// stall of the event loop (a 1 ms timer that fired late), each with the main thread's CPU time over
// it and, on Linux, its time waiting for a core (/proc/thread-self/schedstat): what is neither was
// the thread blocked (a disk write, a lock), what is CPU was code running; written as JSON
// on exit. Times are epoch milliseconds (performance.timeOrigin + now), so a client's request times
// line up with them; `clock` maps them to the monotonic microseconds of a `--cpu-prof` profile.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  constants,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';

export interface LoopTrace {
  readonly clock: { readonly epochMs: number; readonly monotonicUs: number };
  readonly gcs: { at: number; ms: number; kind: string }[];
  readonly stalls: { at: number; ms: number; cpuMs: number; waitMs: number }[];
  readonly delay: { p50: number; p99: number; max: number };
}

/** a 1 ms timer more than this late is a stall */
const STALL_MS = 4;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP]: 'minor-mark-sweep',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

/** ms the calling thread has waited for a core so far (Linux), or 0 */
const runQueueMs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
};

/**
 * Records this thread's garbage collections and event-loop stalls until `stop()`, which gives
 * them (with the loop's delay percentiles and the clock that maps them to a profile's).
 */
export const recordLoop = () => {
  const epoch = (perfMs: number) => performance.timeOrigin + perfMs;
  const gcs: LoopTrace['gcs'] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      gcs.push({ at: epoch(entry.startTime), ms: entry.duration, kind: GC_KINDS[kind] ?? String(kind) });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const stalls: LoopTrace['stalls'] = [];
  let last = performance.now();
  let lastCpu = process.threadCpuUsage();
  let lastWait = runQueueMs();
  const tick = setInterval(() => {
    const now = performance.now();
    const cpu = process.threadCpuUsage();
    const wait = runQueueMs();
    if (now - last > STALL_MS + 1)
      stalls.push({
        at: epoch(last),
        ms: now - last,
        cpuMs: (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000,
        waitMs: wait - lastWait,
      });
    last = now;
    lastCpu = cpu;
    lastWait = wait;
  }, 1);
  tick.unref();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  return {
    stop: (): LoopTrace => {
      clearInterval(tick);
      observer.disconnect();
      delay.disable();
      return {
        clock: { epochMs: epoch(performance.now()), monotonicUs: Number(process.hrtime.bigint() / 1000n) },
        gcs,
        stalls,
        delay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      };
    },
  };
};

/** records the whole process's loop (`recordLoop`) and writes it to `file` as JSON on exit */
export const startLoopTrace = (file: string) => {
  const recording = recordLoop();
  process.on('exit', () => writeFileSync(file, JSON.stringify(recording.stop())));
};
