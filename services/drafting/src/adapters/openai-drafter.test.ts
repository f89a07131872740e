import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Drafter } from './drafter.ts';
import { createOpenAiDrafter, parseDraftAnswer } from './openai-drafter.ts';

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
