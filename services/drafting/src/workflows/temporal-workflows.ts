/**
 * The Temporal entry of the drafting workflows (bundled by the worker's `workflowsPath`): the same
 * definitions, bound to Temporal's context. Workflow type names: `draft`, `regenerate`.
 */
import { DEFAULT_RETRY } from '@listings/platform/workflows/context';
import { temporalWorkflowContext } from '@listings/platform/workflows/temporal';
import type { DraftingActivities } from '../activities/create-activities.ts';
import {
  type DraftWorkflowInput,
  draftWorkflow,
  type RegenerateWorkflowInput,
  regenerateWorkflow,
} from './draft-workflows.ts';

/**
 * The crawl and the drafter's calls heartbeat every 5 s while they run (`withHeartbeat`): when a
 * worker dies mid-activity, the attempt is retried on another after 20 s without a heartbeat, not
 * after the 2-minute start-to-close timeout.
 */
export const DRAFTING_HEARTBEAT_TIMEOUT_MS = 20_000;

const context = () =>
  temporalWorkflowContext<DraftingActivities>({
    startToCloseTimeoutMs: 120_000,
    heartbeatTimeoutMs: DRAFTING_HEARTBEAT_TIMEOUT_MS,
    retry: DEFAULT_RETRY,
  });

export const draft = (input: DraftWorkflowInput): Promise<void> => draftWorkflow(context(), input);
export const regenerate = (input: RegenerateWorkflowInput): Promise<void> => regenerateWorkflow(context(), input);
