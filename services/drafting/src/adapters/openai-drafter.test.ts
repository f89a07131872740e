import { describe, expect, it } from 'vitest';
import type { Drafter } from './drafter.ts';
import { createOpenAiDrafter } from './openai-drafter.ts';

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
