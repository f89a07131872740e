import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';

const quiet = () => undefined;

describe('the commerce workflows under Temporal', () => {
  it('when the Temporal entry is bundled then it bundles (no non-deterministic imports) with the order workflow', async () => {
    const { code } = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./temporal-workflows.ts', import.meta.url)),
      logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    });
    expect(code).toContain('expireIfDue');
    expect(code).toContain('fulfilOrder');
    expect(code).not.toContain('node:sqlite');
  }, 120_000);
});
