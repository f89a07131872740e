// The all-in-one service in a process of its own, telling the benchmark its port when ready.
// BENCH_WEB_TRACE=<dir>: once ready, its garbage collections and event-loop stalls are recorded
// and written to <dir>/server-trace.json on exit (bench/loop-trace.ts).
// BENCH_HEAP_PROFILE=<file>: once ready, what survives the young generation is sampled by the
// allocating stack and written to <file> on SIGTERM (bench/heap-profile.ts).
import path from 'node:path';
import { startAllInOne } from '@listings/launcher/all-in-one';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { startHeapProfile } from './heap-profile.ts';
import { startLoopTrace } from './loop-trace.ts';

const running = await startAllInOne(loadConfig(), silentLogger(), { host: '127.0.0.1' });
if (process.env.BENCH_WEB_TRACE) startLoopTrace(path.join(process.env.BENCH_WEB_TRACE, 'server-trace.json'));
const heapFile = process.env.BENCH_HEAP_PROFILE;
const stopHeapProfile = heapFile ? await startHeapProfile(heapFile) : undefined;
process.send?.({ type: 'ready', port: running.port });
// the soak asks for the heap beside the RSS it reads: the service's thread's JS heap (used and
// committed) and the memory outside it (ArrayBuffers and other external memory of that thread)
process.on('message', (m: { type?: string }) => {
  if (m.type !== 'memory') return;
  const { heapUsed, heapTotal, external } = process.memoryUsage();
  process.send?.({ type: 'memory', heapUsed, heapTotal, external });
});
process.on('SIGTERM', async () => {
  await stopHeapProfile?.();
  await running.stop();
  process.exit(0);
});
