/**
 * The Temporal entry of the catalog workflows (bundled by the worker's `workflowsPath`): the same
 * definitions, bound to Temporal's context. Workflow type names: `badge`, `freeLaunch`, `webhookDelivery`.
 */
import { temporalWorkflowContext } from '@listings/platform/workflows/temporal';
import type { BadgeCheckActivities } from '../activities/badge-check.ts';
import { BADGE_RETRY, type BadgeWorkflowInput, badgeWorkflow } from './badge-workflow.ts';
import {
  FREE_LAUNCH_RETRY,
  type FreeLaunchActivities,
  type FreeLaunchInput,
  freeLaunchWorkflow,
} from './free-launch-workflow.ts';
import {
  DELIVERY_ACTIVITY_RETRY,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  webhookDeliveryWorkflow,
} from './webhook-delivery-workflow.ts';

export const badge = (input: BadgeWorkflowInput): Promise<void> =>
  badgeWorkflow(
    temporalWorkflowContext<BadgeCheckActivities>({ startToCloseTimeoutMs: 60_000, retry: BADGE_RETRY }),
    input,
  );

export const freeLaunch = (input: FreeLaunchInput): Promise<void> =>
  freeLaunchWorkflow(
    temporalWorkflowContext<FreeLaunchActivities>({ startToCloseTimeoutMs: 30_000, retry: FREE_LAUNCH_RETRY }),
    input,
  );

export const webhookDelivery = (input: WebhookDeliveryInput): Promise<void> =>
  webhookDeliveryWorkflow(
    temporalWorkflowContext<WebhookDeliveryActivities>({
      startToCloseTimeoutMs: 60_000,
      retry: DELIVERY_ACTIVITY_RETRY,
    }),
    input,
  );
