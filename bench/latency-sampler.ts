// A process of its own that times GETs for bench/web-pages.ts, so that the load generator's own
// garbage collections are not in the server's figures: in the bench's own process (which has
// written a catalog and holds every earlier sample) a young-generation collection took 10-20 ms,
// and the requests in flight meanwhile were timed that much slower (docs/benchmarks.md). Here the
// heap holds little more than the sample, it asks with `node:http` (which allocates less per
// request than `fetch`), its young generation is large enough for a sample's garbage (it is forked
// with --max-semi-space-size), and the pauses it still has (collections and event-loop stalls,
// bench/loop-trace.ts) are sent back with the sample.
// Protocol (IPC): a `SampleJob` in, a `Sample` out, as many times as asked; it exits on disconnect.
import { Agent, get } from 'node:http';
import { type LoopTrace, recordLoop } from './loop-trace.ts';

export interface SampleJob {
  readonly base: string;
  readonly paths: readonly string[];
  readonly concurrency: number;
}

/** one request, its start and end in epoch ms (performance.timeOrigin + now) */
export interface Timed {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

export interface Sample {
  readonly timed: Timed[];
  readonly errors: number;
  /** this process's garbage collections during the sample: start (epoch ms), duration, kind */
  readonly gcs: LoopTrace['gcs'];
  /** and its event-loop stalls (a request it timed then may have been answered before it saw it) */
  readonly stalls: LoopTrace['stalls'];
}

const sample = async (job: SampleJob): Promise<Sample> => {
  const recording = recordLoop();
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  /** the answer's status once its body has been read to the end */
  const getStatus = (url: string) =>
    new Promise<number>((resolve, reject) => {
      get(url, { agent }, (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      }).on('error', reject);
    });
  const timed: Timed[] = [];
  let next = 0;
  let errors = 0;
  const worker = async () => {
    while (next < job.paths.length) {
      const path = job.paths[next++] as string;
      const t0 = performance.now();
      const status = await getStatus(`${job.base}${path}`);
      const t1 = performance.now();
      timed.push({ path, start: performance.timeOrigin + t0, end: performance.timeOrigin + t1 });
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  agent.destroy();
  const { gcs, stalls } = recording.stop();
  return { timed, errors, gcs, stalls };
};

if (import.meta.main) {
  process.on('message', (job: SampleJob) => {
    sample(job).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
}
