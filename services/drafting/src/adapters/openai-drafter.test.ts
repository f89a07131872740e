import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Drafter } from './drafter.ts';
import { createOpenAiDrafter, draftPrompt, parseDraftAnswer } from './openai-drafter.ts';
import { pageEvidenceText } from './page-content.ts';

describe('the OpenAI drafter with candidates', () => {
  it('when the candidates fill every slot asked for then the model is not called', async () => {
    const candidates: Drafter = {
      name: 'fixed',
      draft: async () => ({ name: { value: 'Acme', evidence: [{ quote: 'Acme', url: 'https://acme.example/' }] } }),
    };
    // nothing listens there: a call would fail the draft
    const drafter = createOpenAiDrafter({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 2000,
      candidates,
    });
    const proposals = await drafter.draft({ pages: [], keys: ['name'], categoryNames: [] });
    expect(proposals).toEqual({ name: { value: 'Acme', evidence: [{ quote: 'Acme', url: 'https://acme.example/' }] } });
  });

  it("when the model's answer is cut off at its token limit then the candidates' proposals stand and the draft does not fail", async () => {
    // a loopback OpenAI-compatible server whose answer stops mid-object (finish_reason `length`)
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: '{"fields": [{"key": "city", "text": "Lis' },
              finish_reason: 'length',
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const name = { value: 'Acme', evidence: [{ quote: 'Acme', url: 'https://acme.example/' }] };
      const drafter = createOpenAiDrafter({
        apiKey: 'k',
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        model: 'm',
        timeoutMs: 5000,
        candidates: { name: 'fixed', draft: async () => ({ name }) },
      });
      const page = { url: 'https://acme.example/', title: 'Acme', html: '', text: 'Acme, in Lisbon' };
      expect(await drafter.draft({ pages: [page], keys: ['name', 'city'], categoryNames: [] })).toEqual({ name });
    } finally {
      server.close();
    }
  });
});

describe("a model's answer text (parseDraftAnswer: the client's model has no structured output)", () => {
  const answer = JSON.stringify({
    fields: [
      { key: 'city', text: 'Lisbon', list: null, evidence: [{ url: 'https://acme.example/', quote: 'in Lisbon' }] },
      { key: 'tagline', text: 'Widgets', list: null, evidence: [] },
    ],
    faqs: [],
    founders: [],
    company_socials: [],
  });

  it('when the answer is the JSON object, bare or in a code fence, then it gives proposals for the asked keys only', () => {
    const expected = { city: { value: 'Lisbon', evidence: [{ url: 'https://acme.example/', quote: 'in Lisbon' }] } };
    expect(parseDraftAnswer(answer, ['city'])).toEqual(expected);
    expect(parseDraftAnswer(`Here it is:\n\`\`\`json\n${answer}\n\`\`\``, ['city'])).toEqual(expected);
  });

  it('when the answer is not a JSON object then there are no proposals', () => {
    expect(parseDraftAnswer('I cannot read these pages.', ['city'])).toEqual({});
    expect(parseDraftAnswer('{ "fields": [', ['city'])).toEqual({});
  });
});

describe('the prompt a model is given (draftPrompt)', () => {
  const url = 'https://acme.example/about';
  const html = `<html><head><title>About Acme</title><meta name="description" content="Acme &amp; friends.">
    <script type="application/ld+json">{"@type": "Organization", "name": "Acme", "foundingDate": "2019"}</script></head>
    <body><h1>About</h1><p>We make <b>wid</b>gets in Lisbon.</p><a href="https://github.com/acme">GitHub</a></body></html>`;
  const page = { url, html, ...pageEvidenceText(html, url) };

  it('when the extractive pass found some slots then only the blank ones are asked for, over what the site served (no rewritten metadata lines)', () => {
    const prompt = draftPrompt(
      { pages: [page], keys: ['name', 'founded_year', 'city'], categoryNames: [] },
      {
        name: { value: 'Acme', evidence: [{ quote: 'Acme', url }] },
      },
    );
    expect(prompt?.missing).toEqual(['founded_year', 'city']);
    expect(prompt?.user).toContain('We make widgets in Lisbon.');
    expect(prompt?.user).toContain('"foundingDate": "2019"');
    expect(prompt?.user).toContain('<meta name="description" content="Acme &amp; friends.">');
    expect(prompt?.user).toContain('href="https://github.com/acme"');
    expect(prompt?.user).not.toContain('json-ld Organization');
  });
});
