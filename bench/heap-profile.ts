// What a server's old generation fills with, for a bench that asks (BENCH_HEAP_PROFILE in
// bench/all-in-one-server.ts): V8's sampling heap profiler, keeping the samples of objects a major
// GC collected (and not those a scavenge collected), so the profile is what survived the young
// generation (promoted, then garbage or still alive) by the allocating stack, the objects that make
// a process's heap swing between major GCs. Written as a `.heapprofile` (Chrome DevTools) on stop.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** starts sampling (one sample per 64 KB allocated, on average); the returned function writes `file` */
export const startHeapProfile = async (file: string): Promise<() => Promise<void>> => {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
};
