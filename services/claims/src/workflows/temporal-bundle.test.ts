import { bundleWorkflowEntry } from '@listings/platform/testing/workflow-bundle';
import { recordedHistories, replayHistory } from '@listings/platform/testing/workflow-histories';
import { describe, expect, it } from 'vitest';

describe('the claims workflows under Temporal', () => {
  it('when the Temporal entry is bundled then it bundles (no non-deterministic imports) with the claim expiry workflow', async () => {
    const code = await bundleWorkflowEntry(new URL('./temporal-workflows.ts', import.meta.url));
    expect(code).toContain('expireClaim');
    expect(code).not.toContain('node:sqlite');
  }, 120_000);

  it('when the histories recorded on a real Temporal are replayed then the current code makes the same decisions (no unversioned change)', async () => {
    const histories = recordedHistories(new URL('./histories/', import.meta.url));
    expect(histories.length).toBeGreaterThan(0);
    for (const { name, history } of histories)
      await replayHistory(new URL('./temporal-workflows.ts', import.meta.url), name, history);
  }, 120_000);
});
