import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvidenceText } from '../src/adapters/page-content.ts';
import { isServed, servedSources } from '../src/domain/draft/evidence/served-text.ts';
import { type ServedSite, serveCorpusSite } from './support/corpus/score.ts';
import { CORPUS } from './support/corpus/sites.ts';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

/**
 * Issue #18's "must show": a site with JSON-LD (Organization + SoftwareApplication + Offer), a pricing
 * table and a team page, and a roadmap page robots.txt disallows, drafted by the service from a fresh
 * submit_listing.
 */
const site = CORPUS.find((s) => s.id === 'structured-data/ledgerly');
if (!site) throw new Error('the corpus lost its structured-data site');

let served: ServedSite;
let env: Awaited<ReturnType<typeof startTestDrafting>>;
let catalog: Awaited<ReturnType<typeof serveFakeCatalog>>;
// biome-ignore lint/suspicious/noExplicitAny: the draft as the bus answers it (untyped JSON); the assertions below check every field they read
let draft: any;

beforeAll(async () => {
  served = await serveCorpusSite(site);
  env = await startTestDrafting();
  catalog = await serveFakeCatalog(env.bus);
  const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: served.url } });
  expect(created.status).toBe(201);
  draft = await pollDraft(env.bus, ALICE, created.body.id, settledStatus);
});
afterAll(async () => {
  await catalog.stop();
  await env.stop();
  await served.close();
});

describe('when a site publishes JSON-LD, a pricing table and a team page', () => {
  it('then a fresh draft has the name, tagline, description, plans, founders and socials', () => {
    expect(draft.status).toBe('ready');
    expect(draft.fields.name.value).toBe('Ledgerly');
    expect(draft.fields.tagline.value).toBe('Bookkeeping that closes the month for you');
    expect(draft.fields.description.value).toBe(
      'Ledgerly reconciles bank feeds, categorises spending and closes the books for small companies.',
    );
    expect(draft.fields.pricing_summary.value).toBe(
      'Solo: $12 / month; Team: $39 / month; Every plan includes a 14-day free trial.',
    );
    expect(draft.founders.value).toEqual([
      { name: 'Maria Keller', title: 'Co-founder & CEO' },
      { name: 'Tom Brandt', title: 'Co-founder & CTO' },
    ]);
    expect(draft.founder_socials.value).toEqual({ linkedin: 'https://www.linkedin.com/in/mariakeller' });
    expect(draft.company_socials.value).toEqual({
      github: 'https://github.com/ledgerly',
      x: 'https://x.com/ledgerlyapp',
      linkedin: 'https://www.linkedin.com/company/ledgerly',
      website: `${served.origin}/`,
    });
  });

  it('then each of them has evidence quotes verbatim on the page they name', async () => {
    // what the site served: the page's visible text or its raw HTML (never the crawler's metadata lines)
    const evidenceBase = new Map<string, string[]>();
    for (const page of draft.pages as { url: string }[]) {
      const html = await (await fetch(page.url)).text();
      evidenceBase.set(page.url, servedSources({ html, text: pageEvidenceText(html, page.url).text }));
    }
    const slots = [
      draft.fields.name,
      draft.fields.tagline,
      draft.fields.description,
      draft.fields.pricing_summary,
      draft.founders,
      draft.founder_socials,
      draft.company_socials,
    ];
    for (const slot of slots) {
      expect(slot.state).toBe('ai');
      expect(slot.evidence.length).toBeGreaterThan(0);
      for (const e of slot.evidence as { quote: string; url: string }[])
        expect(isServed(evidenceBase.get(e.url) ?? [], e.quote), e.quote).toBe(true);
    }
    // every founder and every social link stands on its own quote
    for (const i of [0, 1])
      expect(draft.founders.evidence.map((e: { field: string }) => e.field)).toContain(`founders[${i}].name`);
    for (const platform of Object.keys(draft.company_socials.value))
      expect(draft.company_socials.evidence.map((e: { field: string }) => e.field)).toContain(
        `company_socials.${platform}`,
      );
  });

  it('then nothing from the robots-disallowed page was fetched or appears in the draft', () => {
    expect(served.requested[0]).toBe('/robots.txt');
    expect(served.requested).toContain('/pricing');
    expect(served.requested).toContain('/team');
    expect(served.requested).not.toContain('/internal/roadmap');
    const body = JSON.stringify(draft);
    for (const secret of site.forbidden) expect(body).not.toContain(secret);
  });
});
