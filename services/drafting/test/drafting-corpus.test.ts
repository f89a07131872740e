import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractiveDrafter } from '../src/adapters/extractive-drafter.ts';
import { draftCorpusSite, type SiteScore, scoreDraft, serveCorpusSite, totals } from './support/corpus/score.ts';
import { CORPUS } from './support/corpus/sites.ts';
import { HELD_OUT_CORPUS } from './support/held-out/index.ts';

/**
 * The extractive drafter over the labelled corpus (test/support/corpus/sites.ts): each site served on
 * loopback, crawled by the real crawler, drafted and evidence-checked as the service does. The
 * thresholds are the issue's goals; `npm run bench:drafting` prints the same figures with timings.
 */
const scores: SiteScore[] = [];

beforeAll(async () => {
  const drafter = createExtractiveDrafter();
  for (const site of CORPUS) {
    const served = await serveCorpusSite(site);
    try {
      scores.push(scoreDraft(site, served, await draftCorpusSite(served, drafter)));
    } finally {
      await served.close();
    }
  }
}, 120_000);
afterAll(() => {
  scores.length = 0;
});

describe('when the extractive drafter drafts the 54 labelled corpus sites', () => {
  it('then it holds at least 30 sites of every variant the issue names', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CORPUS.map((s) => s.variant))).toEqual(
      new Set([
        'structured-data',
        'json-ld-spa',
        'microdata-rdfa',
        'classic-multi-page',
        'pricing-table',
        'pricing-cards',
        'team-page',
        'no-pricing',
        'pricing-disallowed',
        'non-english',
        'misleading-text',
        'competitor-claims',
        'legal-name',
        'tagline-og-description',
        'founders-in-prose',
        'price-table-rows',
        'country-in-footer',
        'json-ld-evidence',
      ]),
    );
  });

  it('then nothing is invented and nothing from a disallowed page leaks', () => {
    expect(scores.flatMap((s) => s.invented.map((i) => `${s.id}: ${i}`))).toEqual([]);
    expect(scores.flatMap((s) => s.leaks.map((l) => `${s.id}: ${l}`))).toEqual([]);
  });

  it('then every kept quote of every site is a substring of what the site served (visible text or raw HTML)', () => {
    expect(scores.flatMap((s) => s.nonVerbatim.map((q) => `${s.id}: ${q}`))).toEqual([]);
  });

  it('then every drafted value is the labelled one (100% precision)', () => {
    expect(scores.flatMap((s) => s.wrong.map((w) => `${s.id}: ${w}`))).toEqual([]);
  });

  it('then at least 85% of the labelled facts are found', () => {
    if (process.env.CORPUS_MISSES) console.log(scores.flatMap((s) => s.misses.map((m) => `${s.id}: ${m}`)).join('\n'));
    const t = totals(scores);
    expect(
      t.recall,
      `missed: ${scores.flatMap((s) => s.misses.map((m) => `${s.id}: ${m}`)).join('\n')}`,
    ).toBeGreaterThanOrEqual(0.85);
  });
});

/**
 * The held-out corpus (test/support/held-out, written without reading the drafter): its recall is
 * measured by `npm run bench:drafting`, not held to a threshold here; what holds on it as on every
 * site is the evidence: every kept quote of every site is what the site served, nothing is
 * invented, nothing from a disallowed page leaks.
 */
describe('when the extractive drafter drafts the held-out corpus', () => {
  const heldOut: SiteScore[] = [];
  beforeAll(async () => {
    const drafter = createExtractiveDrafter();
    for (const site of HELD_OUT_CORPUS) {
      const served = await serveCorpusSite(site);
      try {
        heldOut.push(scoreDraft(site, served, await draftCorpusSite(served, drafter)));
      } finally {
        await served.close();
      }
    }
  }, 120_000);

  it('then every kept quote of every site is a substring of what the site served, none invented, none leaked', () => {
    expect(heldOut).toHaveLength(HELD_OUT_CORPUS.length);
    // the sites by name only: the held-out pages are not to be read while tuning the drafter
    expect(heldOut.filter((s) => s.nonVerbatim.length > 0).map((s) => s.id)).toEqual([]);
    expect(heldOut.filter((s) => s.invented.length > 0).map((s) => s.id)).toEqual([]);
    expect(heldOut.filter((s) => s.leaks.length > 0).map((s) => s.id)).toEqual([]);
  });
});
