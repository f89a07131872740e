// Drafting benchmark: time from submit_listing to `ready` for a 10-page loopback site with the
// extractive drafter, and drafts completed per minute with 20 submitted at once. The drafting
// service runs in this process on the in-process bus (the figure is the crawl and draft, not HTTP).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { startDrafting } from '../services/drafting/src/main.ts';

const PAGES = ['', 'about', 'pricing', 'features', 'faq', 'contact', 'team', 'legal', 'privacy', 'terms'];

const page = (name: string) => `<!doctype html><html><head><title>Benchmark Co ${name}</title>
<meta name="description" content="Benchmark Co makes fast, dependable widgets for teams.">
<meta property="og:site_name" content="Benchmark Co"></head><body>
<nav>${PAGES.map((p) => `<a href="/${p}">${p || 'home'}</a>`).join(' ')}</nav>
<main><h1>Benchmark Co ${name}</h1>
${Array.from({ length: 20 }, (_, i) => `<p>Paragraph ${i} of the ${name || 'home'} page, long enough to be a real paragraph of facts about widgets.</p>`).join('\n')}
<h2>Features</h2><ul><li>Fast widgets</li><li>Dependable widgets</li><li>Widgets for teams</li></ul>
<h3>Is there a free plan?</h3><p>Yes, there is a free plan for small teams.</p>
<a href="mailto:hello@benchmark.test">hello@benchmark.test</a></main></body></html>`;

/** a 10-page product site on loopback; `url(n)` is the n-th draft's address of it */
export const serveSite = async () => {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    const name = ((req.url ?? '/').split('?')[0] as string).slice(1);
    if (name === 'robots.txt') return res.end('User-agent: *\nDisallow: /private/\n');
    if (!PAGES.includes(name)) {
      res.statusCode = 404;
      return res.end('nope');
    }
    res.setHeader('content-type', 'text/html');
    res.end(page(name));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (n: number) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/?site=${n}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export interface DraftingBenchFigures {
  readonly singleMs: number;
  readonly singlePages: number;
  readonly concurrent: number;
  readonly concurrentMs: number;
  readonly perMinute: number;
  readonly ready: number;
  readonly failure?: string;
}

/**
 * The drafting service in this process on the in-process bus (as the all-in-one composes it), one
 * bench account past the daily draft limit: submit a draft and wait until it is ready or failed.
 */
export const startBenchDrafting = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drafting-bench-'));
  const bus = createInProcessBus();
  const service = await startDrafting({
    bus,
    logger: silentLogger(),
    config: {
      dataDir,
      publicUrl: 'http://localhost:3000',
      fetchAllowPrivateNetworks: true,
      // one bench account starts every draft: past the default DRAFTS_PER_ACCOUNT_PER_DAY
      dailyLimits: { draftsPerAccount: 100_000, claimsPerAccount: 10, apiKeysPerAccount: 20, reportsPerAccount: 20 },
    },
    env: {},
  });
  const principal = { account_id: 'bench', scopes: ['account:read', 'listings:write'], via: 'api_key' };
  // biome-ignore lint/suspicious/noExplicitAny: bus replies
  const call = (subject: string, extra: object): Promise<any> =>
    bus.request(subject, { operation_id: subject.split('.')[1], principal, params: {}, query: {}, ...extra });
  const submit = async (url: string) => (await call('drafting.submit_listing', { body: { url } })).body.id as string;
  // biome-ignore lint/suspicious/noExplicitAny: a draft body
  const untilDone = async (id: string): Promise<any> => {
    for (;;) {
      const draft = (await call('drafting.get_draft', { params: { id } })).body;
      if (draft.status === 'ready' || draft.status === 'failed') return draft;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    submit,
    untilDone,
    stop: async () => {
      await service.stop();
      await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const benchDrafting = async (): Promise<DraftingBenchFigures> => {
  const site = await serveSite();
  const drafting = await startBenchDrafting();
  const submit = (n: number) => drafting.submit(site.url(n));
  const { untilDone } = drafting;
  try {
    const started = performance.now();
    const single = await untilDone(await submit(0));
    const singleMs = performance.now() - started;

    const concurrent = 20;
    const t0 = performance.now();
    const ids = await Promise.all(Array.from({ length: concurrent }, (_, i) => submit(i + 1)));
    const drafts = await Promise.all(ids.map(untilDone));
    const concurrentMs = performance.now() - t0;
    return {
      singleMs,
      singlePages: single.progress.pages_read,
      ...(single.status === 'failed' ? { failure: single.failure_reason } : {}),
      concurrent,
      concurrentMs,
      perMinute: (drafts.filter((d) => d.status === 'ready').length / concurrentMs) * 60_000,
      ready: drafts.filter((d) => d.status === 'ready').length,
    };
  } finally {
    await drafting.stop();
    await site.close();
  }
};

if (import.meta.main) {
  const f = await benchDrafting();
  console.log(JSON.stringify(f, null, 2));
}
