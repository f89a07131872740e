import { bundleWorkflowEntry } from '@listings/platform/testing/workflow-bundle';
import { describe, expect, it } from 'vitest';

describe('the drafting workflows under Temporal', () => {
  it('when the Temporal entry is bundled then it bundles (no non-deterministic imports) and exports both workflow types', async () => {
    const code = await bundleWorkflowEntry(new URL('./temporal-workflows.ts', import.meta.url));
    expect(code).toContain('regenerateFields');
    expect(code).toContain('crawlSite');
    expect(code).not.toContain('@crawlee');
  }, 120_000);
});
