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
const seen: {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type: string; json_schema: { strict: boolean } };
}[] = [];

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

      // the structured facts go first: the model hears what was found and is asked only for the rest
      const prompt = seen.at(-1)?.messages?.find((m) => m.role === 'user')?.content ?? '';
      expect(prompt).toContain(`- name: "${FACTS.name}"`);
      const asked = prompt.match(/^Draft only these fields, and only what the pages state: (.*)\.$/m)?.[1]?.split(', ');
      expect(asked).toEqual(expect.arrayContaining(['city', 'founded_year', 'founders', 'stage']));
      for (const key of ['name', 'tagline', 'features', 'faqs', 'company_socials']) expect(asked).not.toContain(key);

      // found by the extractive candidates, kept with their evidence; the model's other values ignored
      expect(draft.fields.name).toMatchObject({ value: FACTS.name, state: 'ai', evidence: [{ quote: FACTS.name }] });
      expect(draft.fields.tagline.value).toBe(FACTS.tagline);
      expect(draft.fields.features.value).toEqual(FACTS.features);
      expect(draft.company_socials.value).toMatchObject({ github: FACTS.github });
      expect(draft.faqs.value).toEqual([{ question: FACTS.faqQuestion, answer: FACTS.faqAnswer }]);
      // asked of the model and dropped: a quote from a page not crawled, a copyright year as founding
      // year, a founder whose quote is not on the pages
      for (const key of ['city', 'founded_year'])
        expect(draft.fields[key]).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(draft.founders).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(JSON.stringify(draft)).not.toContain('Is it free?');
      expect(JSON.stringify(draft)).not.toContain('Jane Invented');
      expect(draft.completeness.missing).toEqual(expect.arrayContaining(['city', 'founded_year', 'founders']));
    } finally {
      await env.stop();
    }
  });
});
