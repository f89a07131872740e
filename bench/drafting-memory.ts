// Drafting memory: whether drafts that read a real site leave memory behind. BENCH_MEMORY_DRAFTS
// (default 300) drafts of the 10-page loopback site of `bench/drafting-crawl.ts`, through the
// drafting service in this process (its operations on the in-process bus, the in-process workflow
// runner, the crawl activity: as the all-in-one composes them), BENCH_MEMORY_CONCURRENCY (default
// 10) at a time, the next batch submitted as soon as all of one are ready. Every
// BENCH_MEMORY_EVERY (default 50) drafts it reads the `CheerioCrawler`s alive and the JS heap
// after a full GC at once (the last batch's crawls end a moment before their drafts are ready),
// then again BENCH_MEMORY_SETTLE_MS (default 2000) later, with RSS: what the drafts done so far
// left behind (docs/benchmarks.md, "Memory under a soak"). Since crawls run in the drafting
// worker (a thread of its own, docs/drafting.md), the crawlers and heap read here are the service's
// thread's: no crawler runs there; the process's RSS includes the worker's.
// `node --expose-gc bench/drafting-memory.ts`
import { createRequire } from 'node:module';
import { queryObjects } from 'node:v8';
import { serveSite, startBenchDrafting } from './drafting-crawl.ts';

const DRAFTS = Number(process.env.BENCH_MEMORY_DRAFTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_MEMORY_CONCURRENCY ?? 10);
const EVERY = Number(process.env.BENCH_MEMORY_EVERY ?? 50);
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 2_000);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run it with `node --expose-gc bench/drafting-memory.ts`');
// the drafting service's own copy of Crawlee (the bench package does not depend on it)
const { CheerioCrawler } = createRequire(new URL('../services/drafting/package.json', import.meta.url))(
  '@crawlee/cheerio',
) as { CheerioCrawler: new (...args: never[]) => object };

const MB = 1024 * 1024;
/** live crawlers; `queryObjects` collects garbage first */
const liveCrawlers = () => queryObjects(CheerioCrawler, { format: 'count' });
const heapMb = () => (process.memoryUsage().heapUsed / MB).toFixed(0);
const reading = async (drafts: number) => {
  const atOnce = liveCrawlers();
  const heapAtOnce = heapMb();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const settled = liveCrawlers();
  console.log(
    `${String(drafts).padStart(5)} drafts: at once ${atOnce} live crawlers, heap after GC ${heapAtOnce} MB; ${SETTLE_MS} ms later ${settled}, ${heapMb()} MB, RSS ${(process.memoryUsage().rss / MB).toFixed(0)} MB`,
  );
};

const site = await serveSite();
const drafting = await startBenchDrafting();
try {
  await reading(0);
  const started = performance.now();
  let failed = 0;
  for (let done = 0; done < DRAFTS; ) {
    const batch = Math.min(CONCURRENCY, DRAFTS - done);
    const drafts = await Promise.all(
      Array.from({ length: batch }, async (_, i) => drafting.untilDone(await drafting.submit(site.url(done + i)))),
    );
    failed += drafts.filter((draft) => draft.status !== 'ready').length;
    done += batch;
    if (done % EVERY === 0 || done === DRAFTS) await reading(done);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${DRAFTS} drafts in ${seconds.toFixed(0)} s, readings included (${((DRAFTS / seconds) * 60).toFixed(0)} a minute), ${failed} not ready; ${site.requests()} site requests`,
  );
} finally {
  await drafting.stop();
  await site.close();
}
