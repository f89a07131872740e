import { bundleWorkflowEntry } from '@listings/platform/testing/workflow-bundle';
import { describe, expect, it } from 'vitest';

describe('the catalog workflows under Temporal', () => {
  it('when the Temporal entry is bundled then it bundles (no non-deterministic imports) with the badge workflow', async () => {
    const code = await bundleWorkflowEntry(new URL('./temporal-workflows.ts', import.meta.url));
    expect(code).toContain('checkBadge');
    expect(code).not.toContain('node:sqlite');
  }, 120_000);
});
