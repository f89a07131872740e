/**
 * The Temporal entry of the catalog workflows (bundled by the worker's `workflowsPath`): the same
 * definitions, bound to Temporal's context. Workflow type name: `badge`.
 */
import { temporalWorkflowContext } from '@listings/platform/workflows/temporal';
import type { CatalogActivities } from '../application/badge-check.ts';
import { BADGE_RETRY, type BadgeWorkflowInput, badgeWorkflow } from './badge-workflow.ts';

export const badge = (input: BadgeWorkflowInput): Promise<void> =>
  badgeWorkflow(
    temporalWorkflowContext<CatalogActivities>({ startToCloseTimeoutMs: 60_000, retry: BADGE_RETRY }),
    input,
  );
