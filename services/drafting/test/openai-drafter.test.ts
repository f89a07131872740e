import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, type FixtureSite, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

/**
 * A fake OpenAI-compatible server: answers chat completions with a fixed structured answer that
 * mixes a well-evidenced value, a value without evidence, a quote that is not on the pages, and a
 * founding year taken from a copyright line.
 */
let site: FixtureSite;
let server: http.Server;
let baseURL: string;
const seen: { model?: string; response_format?: { type: string; json_schema: { strict: boolean } } }[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  const aboutUrl = `${site.url}about`;
  const homeUrl = site.url;
  const answer = {
    fields: [
      { key: 'name', text: FACTS.name, list: null, evidence: [{ url: homeUrl, quote: `og:site_name: ${FACTS.name}` }] },
      { key: 'tagline', text: 'The best invoicing tool in the world', list: null, evidence: [] },
      {
        key: 'short_description',
        text: 'Trusted by 10,000 companies',
        list: null,
        evidence: [{ url: homeUrl, quote: 'Trusted by 10,000 companies worldwide' }],
      },
      {
        key: 'founded_year',
        text: FACTS.copyrightYear,
        list: null,
        evidence: [{ url: homeUrl, quote: `© ${FACTS.copyrightYear} ${FACTS.name}` }],
      },
      { key: 'city', text: 'Berlin', list: null, evidence: [{ url: 'https://elsewhere.example/', quote: 'Berlin' }] },
      {
        key: 'features',
        list: ['Multi-currency invoices', 'AI bookkeeping'],
        text: null,
        evidence: [{ url: `${site.url}features`, quote: 'Multi-currency invoices' }],
      },
    ],
    faqs: [
      {
        question: FACTS.faqQuestion,
        answer: FACTS.faqAnswer,
        evidence: [{ url: `${site.url}faq`, quote: FACTS.faqAnswer }],
      },
      { question: 'Is it free?', answer: 'Yes, forever.', evidence: [] },
    ],
    founders: [
      { name: 'Jane Invented', title: 'CEO', bio: null, evidence: [{ url: aboutUrl, quote: 'Jane Invented, CEO' }] },
    ],
    company_socials: [{ platform: 'github', url: FACTS.github, evidence: [{ url: homeUrl, quote: FACTS.github }] }],
  };
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push(JSON.parse(body));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 0,
          model: 'fake-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: JSON.stringify(answer), refusal: null },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await site.close();
});

describe('the OpenAI drafter against an OpenAI-compatible server', () => {
  it('when the model proposes values then only those whose quotes are on the crawled pages are kept', async () => {
    const env = await startTestDrafting({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'fake-model' },
    });
    try {
      await serveFakeCatalog(env.bus);
      const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
      const draft = await pollDraft(env.bus, ALICE, created.body.id, settledStatus);
      expect(draft.status).toBe('ready');
      expect(seen.at(-1)?.model).toBe('fake-model');
      expect(seen.at(-1)?.response_format?.type).toBe('json_schema');
      expect(seen.at(-1)?.response_format?.json_schema.strict).toBe(true);

      // kept, with its evidence
      expect(draft.fields.name).toEqual({
        value: FACTS.name,
        state: 'ai',
        evidence: [{ url: site.url, quote: `og:site_name: ${FACTS.name}` }],
      });
      expect(draft.company_socials.value).toEqual({ github: FACTS.github });
      expect(draft.faqs.value).toEqual([{ question: FACTS.faqQuestion, answer: FACTS.faqAnswer }]);
      // a list keeps only the items its quotes hold
      expect(draft.fields.features.value).toEqual(['Multi-currency invoices']);
      // dropped: no evidence, a quote not on the pages, a page not crawled, a copyright year as founding year
      for (const key of ['tagline', 'short_description', 'city', 'founded_year'])
        expect(draft.fields[key]).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(draft.founders).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(JSON.stringify(draft)).not.toContain('Is it free?');
      expect(draft.completeness.missing).toEqual(expect.arrayContaining(['tagline', 'founded_year', 'founders']));
    } finally {
      await env.stop();
    }
  });
});
