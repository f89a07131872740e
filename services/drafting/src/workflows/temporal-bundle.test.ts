import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';

describe('the drafting workflows under Temporal', () => {
  it('when the Temporal entry is bundled then it bundles (no non-deterministic imports) and exports both workflow types', async () => {
    const { code } = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./temporal-workflows.ts', import.meta.url)),
      logger: {
        log: () => undefined,
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
    });
    expect(code).toContain('regenerateFields');
    expect(code).toContain('crawlSite');
    expect(code).not.toContain('@crawlee');
  }, 120_000);
});
