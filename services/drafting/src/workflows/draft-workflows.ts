/**
 * The drafting workflows, written once against the narrow workflow context; the in-process runner
 * and Temporal both run them. Orchestration only: the activities hold the logic and the draft
 * aggregate stays the source of truth. Imports are types only, so this file bundles for Temporal.
 */
import type { WorkflowDefinition } from '@listings/platform/workflows/context';
import type { DraftingActivities } from '../activities/create-activities.ts';

export interface DraftWorkflowInput {
  readonly draftId: string;
}
export interface RegenerateWorkflowInput {
  readonly draftId: string;
  readonly requestId: string;
}

/** the signal the draft workflow waits for once it asked the client's model: the answer is on the draft */
export const CLIENT_MODEL_ANSWERED_SIGNAL = 'client-model-answered';
/** the change that made the draft workflow ask the client's model (histories before it replay without) */
export const CLIENT_MODEL_PATCH = 'client-model-sampling';

const reasonOf = (error: unknown): string =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);

/**
 * crawling → drafting → ready; a crawl or draft that keeps failing ends the draft as `failed`. A
 * draft whose client can answer model requests (MCP sampling, no model key here) asks that model
 * and waits for the answer (recorded on the draft, then signalled) or the timeout before drafting.
 */
export const draftWorkflow: WorkflowDefinition<DraftWorkflowInput, DraftingActivities> = async (ctx, input) => {
  try {
    await ctx.activity('crawlSite', { draftId: input.draftId });
    if (ctx.patched(CLIENT_MODEL_PATCH)) {
      const asked = await ctx.activity('askClientModel', { draftId: input.draftId });
      if (asked) await ctx.waitForSignal(CLIENT_MODEL_ANSWERED_SIGNAL, asked.waitMs);
    }
    await ctx.activity('draftProfile', { draftId: input.draftId });
  } catch (error) {
    if (error instanceof Error && error.name === 'WorkflowRunnerStopped') throw error;
    await ctx.activity('failDraft', { draftId: input.draftId, reason: `drafting failed: ${reasonOf(error)}` });
  }
};

/** `regenerate`: redraft some fields from the stored evidence (asking the client's model first, as the draft does). */
export const regenerateWorkflow: WorkflowDefinition<RegenerateWorkflowInput, DraftingActivities> = async (
  ctx,
  input,
) => {
  try {
    if (ctx.patched(CLIENT_MODEL_PATCH)) {
      const asked = await ctx.activity('askClientModel', { draftId: input.draftId, requestId: input.requestId });
      if (asked) await ctx.waitForSignal(CLIENT_MODEL_ANSWERED_SIGNAL, asked.waitMs);
    }
    await ctx.activity('regenerateFields', { draftId: input.draftId, requestId: input.requestId });
  } catch (error) {
    if (error instanceof Error && error.name === 'WorkflowRunnerStopped') throw error;
    await ctx.activity('abandonRegeneration', { ...input, reason: reasonOf(error) });
  }
};

export const draftingWorkflows = { draft: draftWorkflow, regenerate: regenerateWorkflow };
