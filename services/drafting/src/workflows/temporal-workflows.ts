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

const context = () =>
  temporalWorkflowContext<DraftingActivities>({ startToCloseTimeoutMs: 120_000, retry: DEFAULT_RETRY });

export const draft = (input: DraftWorkflowInput): Promise<void> => draftWorkflow(context(), input);
export const regenerate = (input: RegenerateWorkflowInput): Promise<void> => regenerateWorkflow(context(), input);
