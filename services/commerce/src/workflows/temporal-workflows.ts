/**
 * The Temporal entry of the commerce workflows (bundled by the worker's `workflowsPath`): the same
 * definitions, bound to Temporal's context. Workflow type name: `order`.
 */
import { temporalWorkflowContext } from '@listings/platform/workflows/temporal';
import type { CommerceActivities } from '../activities/commerce-activities.ts';
import { ORDER_RETRY, type OrderWorkflowInput, orderWorkflow } from './order-workflow.ts';

export const order = (input: OrderWorkflowInput): Promise<void> =>
  orderWorkflow(
    temporalWorkflowContext<CommerceActivities>({ startToCloseTimeoutMs: 60_000, retry: ORDER_RETRY }),
    input,
  );
