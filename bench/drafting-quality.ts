// `npm run bench:drafting`: draft quality and time to ready over the labelled corpus
// (services/drafting/test/support/corpus): per-field recall and precision, invented values (a kept
// quote that is not on its page), leaks from robots-disallowed pages, and time from submit_listing
// to `ready` (p50, p99), for the extractive drafter and, when OPENAI_API_KEY is set, the LLM drafter.
// BENCH_LOCAL_MODEL=1 also runs the LLM drafter with a small model on this machine (SmolLM2-135M-
// Instruct from PyPI through scripts/local-model.sh, or DRAFTING_LOCAL_MODEL=<file.gguf>), served on
// loopback as an OpenAI-compatible API (services/drafting/test/support/local-model.ts).
// BENCH_SITES=N scores the first N sites only (to estimate a slow model's time first).
// The drafting service runs in this process on the in-process bus; each site is served on loopback.
// BENCH_REPEAT (default 3) passes over the corpus give the timings.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { DEFAULT_DAILY_LIMITS } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import type { Drafter } from '../services/drafting/src/adapters/drafter.ts';
import { createExtractiveDrafter } from '../services/drafting/src/adapters/extractive-drafter.ts';
import { createOpenAiDrafter } from '../services/drafting/src/adapters/openai-drafter.ts';
import { pageEvidenceText } from '../services/drafting/src/adapters/page-content.ts';
import type { CrawledPage, Proposal } from '../services/drafting/src/domain/draft/draft.ts';
import { verifyProposals } from '../services/drafting/src/domain/evidence/verify-evidence.ts';
import { startDrafting } from '../services/drafting/src/main.ts';
import {
  type CorpusTotals,
  type SiteScore,
  scoreDraft,
  serveCorpusSite,
  totals,
} from '../services/drafting/test/support/corpus/score.ts';
import { CORPUS as ALL_SITES, type CorpusSite, SCORED_FIELDS } from '../services/drafting/test/support/corpus/sites.ts';
import { HELD_OUT_CORPUS } from '../services/drafting/test/support/held-out/index.ts';
import { findLocalModel, startLocalModelServer } from '../services/drafting/test/support/local-model.ts';
import { benchDrafting } from './drafting-crawl.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
// BENCH_CORPUS=held-out: the held-out corpus instead (its values are never printed: counts only)
const HELD_OUT = process.env.BENCH_CORPUS === 'held-out';
const SITES: readonly CorpusSite[] = HELD_OUT ? HELD_OUT_CORPUS : ALL_SITES;
const CORPUS = process.env.BENCH_SITES ? SITES.slice(0, Number(process.env.BENCH_SITES)) : SITES;

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

const runCorpus = async (label: string, env: Record<string, string>, drafter?: Drafter) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drafting-quality-'));
  const bus = createInProcessBus();
  const service = await startDrafting({
    bus,
    logger: silentLogger(),
    config: {
      dataDir,
      publicUrl: 'http://localhost:3000',
      fetchAllowPrivateNetworks: true,
      // one account submits every site (three times): past the default daily limit (20)
      dailyLimits: { ...DEFAULT_DAILY_LIMITS, draftsPerAccount: 1_000_000 },
    },
    env,
    ...(drafter ? { overrides: { drafter } } : {}),
  });
  const principal = { account_id: 'bench', scopes: ['account:read', 'listings:write'], via: 'api_key' };
  const call = (subject: string, extra: object): Promise<DraftBody> =>
    bus.request(subject, { operation_id: subject.split('.')[1], principal, params: {}, query: {}, ...extra });
  const scores: SiteScore[] = [];
  const times: number[] = [];
  try {
    for (let pass = 0; pass < REPEAT; pass += 1) {
      for (const site of CORPUS) {
        const served = await serveCorpusSite(site);
        try {
          const started = performance.now();
          const id = (await call('drafting.submit_listing', { body: { url: served.url } })).body.id as string;
          let draft: DraftBody;
          for (;;) {
            draft = (await call('drafting.get_draft', { params: { id } })).body;
            if (draft.status === 'ready' || draft.status === 'failed') break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          const ms = performance.now() - started;
          times.push(ms);
          process.stderr.write(
            `${label}: site ${times.length}/${CORPUS.length * REPEAT} ready in ${(ms / 1000).toFixed(1)} s\n`,
          );
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
  return { label, scores, totals: { ...totals(scores), p50: at(0.5), p99: at(0.99) }, samples: times.length };
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const print = (run: { label: string; scores: SiteScore[]; totals: CorpusTotals; samples: number }) => {
  const t = run.totals;
  console.log(`\n## ${run.label}: ${CORPUS.length} sites, ${run.samples} timed drafts\n`);
  console.log('| field | recall | precision | found | wrong | missed |');
  console.log('|---|---|---|---|---|---|');
  for (const field of SCORED_FIELDS) {
    const f = t.perField[field];
    if (f) console.log(`| ${field} | ${pct(f.recall)} | ${pct(f.precision)} | ${f.tp} | ${f.fp} | ${f.fn} |`);
  }
  console.log(`| **all** | **${pct(t.recall)}** | **${pct(t.precision)}** | | | |`);
  console.log(`\ninvented values: ${t.invented}; leaks from disallowed pages: ${t.leaks}`);
  console.log(`time to ready: p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms`);
  const details = run.scores.flatMap((s) => [
    ...s.wrong.map((w) => `  wrong   ${s.id}: ${w}`),
    ...s.misses.map((m) => `  missed  ${s.id}: ${m}`),
    ...s.invented.map((i) => `  INVENTED ${s.id}: ${i}`),
    ...s.leaks.map((l) => `  LEAK    ${s.id}: ${l}`),
  ]);
  if (details.length > 0 && !HELD_OUT) console.log(`\n${details.join('\n')}`);
};

print(await runCorpus('extractive drafter', {}));
if (process.env.OPENAI_API_KEY) {
  const env: Record<string, string> = { OPENAI_API_KEY: process.env.OPENAI_API_KEY };
  if (process.env.OPENAI_BASE_URL) env.OPENAI_BASE_URL = process.env.OPENAI_BASE_URL;
  if (process.env.OPENAI_MODEL) env.OPENAI_MODEL = process.env.OPENAI_MODEL;
  print(await runCorpus(`LLM drafter (${env.OPENAI_MODEL ?? 'gpt-4o-mini'})`, env));
} else
  console.log('\nLLM drafter: not run (no OPENAI_API_KEY; OPENAI_BASE_URL points it at any OpenAI-compatible server)');

if (process.env.BENCH_LOCAL_MODEL) {
  const local = findLocalModel();
  if (local.path === null) console.log(`\nLLM drafter with a local model: not run (${local.reason})`);
  else {
    const threads = Number(process.env.LOCAL_MODEL_THREADS ?? 0);
    const server = await startLocalModelServer({ modelPath: local.path, ...(threads > 0 ? { threads } : {}) });
    try {
      // the service's OpenAI drafter as configured by OPENAI_*, with a longer timeout than its 60 s:
      // a completion on two shared cores can take longer
      const extractive = createExtractiveDrafter();
      const openAi = createOpenAiDrafter({
        apiKey: 'local',
        baseURL: server.baseURL,
        model: server.model,
        timeoutMs: 10 * 60_000,
        candidates: extractive,
      });
      // what the model itself proposed (the slots the extractive drafter left blank), and which of
      // those pass the evidence check the service runs next
      const proposed: string[] = [];
      const quoted: string[] = [];
      const drafter: Drafter = {
        name: openAi.name,
        async draft(request) {
          const all = await openAi.draft(request);
          const found = await extractive.draft(request);
          const own = Object.fromEntries(Object.entries(all).filter(([key]) => !(key in found)));
          const site = new URL(request.pages[0]?.url ?? 'http://unknown/').host;
          for (const [key, p] of Object.entries(own))
            proposed.push(`${site} ${key}: ${JSON.stringify(p.value).slice(0, 80)}`);
          for (const [key, p] of Object.entries(verifyProposals(request.pages, own, request.keys).proposals))
            quoted.push(`${site} ${key}: ${JSON.stringify(p.value).slice(0, 80)}`);
          return all;
        },
      };
      const run = await runCorpus(`LLM drafter, local model (${server.model})`, {}, drafter);
      print(run);
      const s = server.stats;
      console.log(
        `local model: ${s.completions} completions (${(s.ms / Math.max(1, s.completions) / 1000).toFixed(1)} s each on average), ` +
          `${s.cutOff} cut off at the answer limit, ${s.promptsShortened} prompts shortened to its context; ` +
          `its own proposals (slots the extractive drafter left blank): ${proposed.length}, of which ${quoted.length} pass the evidence check`,
      );
      const shown = HELD_OUT ? quoted.map((q) => q.split(':')[0]) : quoted;
      if (shown.length > 0) console.log(`\n${shown.map((q) => `  kept    ${q}`).join('\n')}`);
    } finally {
      await server.close();
    }
  }
}

const tenPages = await benchDrafting();
console.log(
  `\n10-page loopback site (bench/drafting-crawl.ts): ready in ${tenPages.singleMs.toFixed(0)} ms (${tenPages.singlePages} pages read); ` +
    `${tenPages.ready}/${tenPages.concurrent} drafted at once in ${tenPages.concurrentMs.toFixed(0)} ms`,
);
