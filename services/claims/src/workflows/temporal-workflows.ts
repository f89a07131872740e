/**
 * The Temporal entry of the claims workflows (bundled by the worker's `workflowsPath`): the same
 * definitions, bound to Temporal's context. Workflow type name: `claimExpiry`.
 */
import { temporalWorkflowContext } from '@listings/platform/workflows/temporal';
import {
  CLAIM_EXPIRY_RETRY,
  type ClaimExpiryInput,
  type ClaimsActivities,
  claimExpiryWorkflow,
} from './expiry-workflow.ts';

export const claimExpiry = (input: ClaimExpiryInput): Promise<void> =>
  claimExpiryWorkflow(
    temporalWorkflowContext<ClaimsActivities>({ startToCloseTimeoutMs: 30_000, retry: CLAIM_EXPIRY_RETRY }),
    input,
  );
