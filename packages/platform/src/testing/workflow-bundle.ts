import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';

const quiet = () => undefined;

/**
 * Bundles a service's Temporal workflow entry the way a worker does (offline): it fails on a
 * non-deterministic import. Gives the bundled code, for a test to look into.
 */
export const bundleWorkflowEntry = async (entry: URL): Promise<string> =>
  (
    await bundleWorkflowCode({
      workflowsPath: fileURLToPath(entry),
      logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    })
  ).code;
