import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

const address = process.env.TEMPORAL_ADDRESS;
if (!address)
  console.log(
    'skipped the Temporal integration test: TEMPORAL_ADDRESS is not set (no Temporal server can be downloaded here)',
  );

describe.skipIf(!address)('the drafting workflow on Temporal', () => {
  it('when a URL is submitted with TEMPORAL_ADDRESS set then a Temporal worker runs the same workflow to ready', async () => {
    const site = await startFixtureSite();
    const env = await startTestDrafting({
      env: { TEMPORAL_ADDRESS: address, TEMPORAL_TASK_QUEUE: `drafting-test-${randomUUID()}` },
    });
    try {
      await serveFakeCatalog(env.bus);
      const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
      const draft = await pollDraft(env.bus, ALICE, created.body.id, settledStatus, 60_000);
      expect(draft.status).toBe('ready');
      expect(draft.fields.name.value).toBe(FACTS.name);
    } finally {
      await env.stop();
      await site.close();
    }
  }, 90_000);
});
