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
