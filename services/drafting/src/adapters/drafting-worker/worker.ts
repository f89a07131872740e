/**
 * The drafting worker thread: crawls sites and runs the drafter off the service's event loop, so
 * the reads that thread answers never wait behind HTML parsing or extraction. It holds no state
 * that matters: the draft's events are written by the service's thread, so a worker that dies
 * loses nothing (the activity fails and is retried, on a new worker).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type CrawlProgress, createSiteCrawler } from '../site-crawler.ts';
import type { FromWorker, ToWorker } from './messages.ts';
import { crawlerFetch, type DraftingWorkSetup, drafterFor, ROBOTS_TOKEN } from './setup.ts';

const setup = workerData as DraftingWorkSetup;
const port = parentPort as NonNullable<typeof parentPort>;
const crawler = createSiteCrawler({
  safeFetch: crawlerFetch(setup),
  robotsToken: ROBOTS_TOKEN,
  limits: setup.crawlLimits,
});
const drafter = drafterFor(setup.openAi);

const aborts = new Map<number, AbortController>();
const progressAsks = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
let nextAsk = 0;
const send = (message: FromWorker) => port.postMessage(message);

/** a progress report goes to the service's thread, which records it; the crawl waits for that */
const reportProgress = (job: number) => (progress: CrawlProgress) =>
  new Promise<void>((resolve, reject) => {
    nextAsk += 1;
    progressAsks.set(nextAsk, { resolve, reject });
    send({ type: 'progress', job, ask: nextAsk, progress });
  });

const settle = (job: number, work: Promise<unknown>) =>
  work.then(
    (value) => send({ type: 'done', job, value }),
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      send({ type: 'failed', job, name: failure.name, message: failure.message });
    },
  );

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'crawl': {
      const abort = new AbortController();
      aborts.set(message.job, abort);
      void settle(
        message.job,
        crawler.crawl(message.url, { signal: abort.signal, onProgress: reportProgress(message.job) }),
      ).finally(() => aborts.delete(message.job));
      return;
    }
    case 'draft':
      void settle(message.job, drafter.draft(message.request));
      return;
    case 'abort':
      aborts.get(message.job)?.abort();
      return;
    case 'progressed': {
      const ask = progressAsks.get(message.ask);
      progressAsks.delete(message.ask);
      if (message.error === undefined) ask?.resolve();
      else ask?.reject(new Error(message.error));
      return;
    }
  }
});
