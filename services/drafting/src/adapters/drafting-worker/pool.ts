import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import type { Drafter } from '../drafter.ts';
import { CrawlInterrupted, type CrawlProgress, type CrawlResult, type SiteCrawler } from '../site-crawler.ts';
import type { FromWorker, ToWorker } from './messages.ts';
import type { DraftingWorkSetup } from './setup.ts';

interface Job {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly onProgress?: (progress: CrawlProgress) => Promise<void>;
}

/** the worker ended (crashed, or was stopped) with this job in it: the activity fails and is retried */
export class DraftingWorkerStopped extends Error {
  constructor(code: number) {
    super(`the drafting worker stopped (exit code ${code})`);
    this.name = 'DraftingWorkerStopped';
  }
}

const errorFrom = (failed: { name: string; message: string }): Error =>
  failed.name === 'CrawlInterrupted'
    ? new CrawlInterrupted()
    : Object.assign(new Error(failed.message), { name: failed.name });

/**
 * The drafting worker: one worker thread that crawls and drafts, at most `concurrency` jobs at a
 * time (a crawl or a drafter call each), the rest queued here in arrival order. What it returns is
 * the service's crawler and drafter ports, so the activities (and the durable workflow around
 * them) are the same in the thread or out of it: progress reports come back to be recorded here,
 * a signal aborts the crawl in the worker, and a worker that dies fails its jobs (retried by the
 * workflow) and is started again on the next job.
 */
export const startDraftingWorker = (
  setup: DraftingWorkSetup,
  options: {
    readonly concurrency: number;
    /** what ended a worker (an uncaught error in it); its jobs fail and are retried */
    readonly onWorkerError?: (error: Error) => void;
  },
) => {
  const limit = pLimit(options.concurrency);
  const jobs = new Map<number, Job>();
  let worker: Worker | null = null;
  let nextJob = 0;
  let closed = false;

  const onMessage = (current: Worker) => (message: FromWorker) => {
    const job = jobs.get(message.job);
    if (!job) return;
    if (message.type === 'progress') {
      const answer = (error?: string) =>
        current.postMessage({ type: 'progressed', ask: message.ask, error } satisfies ToWorker);
      (job.onProgress?.(message.progress) ?? Promise.resolve()).then(
        () => answer(),
        (error: unknown) => answer(error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    jobs.delete(message.job);
    if (message.type === 'done') job.resolve(message.value);
    else job.reject(errorFrom(message));
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = new Worker(new URL('./worker.ts', import.meta.url), { workerData: setup });
    started.on('message', onMessage(started));
    // an uncaught error ends the worker: 'exit' follows and fails its jobs
    started.on('error', (error: Error) => options.onWorkerError?.(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      const lost = [...jobs.values()];
      jobs.clear();
      for (const job of lost) job.reject(new DraftingWorkerStopped(code));
    });
    worker = started;
    return started;
  };

  /** one job in the worker once a place is free; an aborted signal ends it (queued or running) */
  const submit = <T>(
    message: ToWorker & { type: 'crawl' | 'draft' },
    signal?: AbortSignal,
    onProgress?: Job['onProgress'],
  ): Promise<T> =>
    limit(
      () =>
        new Promise<T>((resolve, reject) => {
          if (closed) return reject(new DraftingWorkerStopped(0));
          if (signal?.aborted) return reject(new CrawlInterrupted());
          const target = running();
          const job = message.job;
          const onAbort = () => target.postMessage({ type: 'abort', job } satisfies ToWorker);
          signal?.addEventListener('abort', onAbort, { once: true });
          const done = () => signal?.removeEventListener('abort', onAbort);
          jobs.set(job, {
            resolve: (value) => {
              done();
              resolve(value as T);
            },
            reject: (error) => {
              done();
              reject(error);
            },
            onProgress,
          });
          target.postMessage(message);
        }),
    );
  const nextId = () => {
    nextJob += 1;
    return nextJob;
  };

  const crawler: SiteCrawler = {
    crawl: (url, { onProgress, signal }) =>
      submit<CrawlResult>({ type: 'crawl', job: nextId(), url }, signal, onProgress),
  };
  const drafter: Drafter = {
    name: setup.openAi ? 'openai' : 'extractive',
    draft: (request) => submit({ type: 'draft', job: nextId(), request }),
  };
  return {
    crawler,
    drafter,
    /** jobs in the worker now, and waiting for a place */
    load: () => ({ running: limit.activeCount, queued: limit.pendingCount }),
    /** ends the worker; jobs in it and any still queued fail (the workflows resume them after the restart) */
    async close() {
      closed = true;
      await worker?.terminate();
    },
  };
};

export type DraftingWorker = ReturnType<typeof startDraftingWorker>;
