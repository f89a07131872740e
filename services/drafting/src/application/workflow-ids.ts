/** Workflow ids are business ids: starting the same work twice is one run. */
export const draftWorkflowId = (draftId: string) => `draft-${draftId}`;
export const regenerateWorkflowId = (draftId: string, requestId: string) => `draft-${draftId}-regenerate-${requestId}`;
/** the workflow that waits for an ask to the client's model: the draft's (`requestId` null) or the regeneration's */
export const askingWorkflowId = (draftId: string, requestId: string | null) =>
  requestId === null ? draftWorkflowId(draftId) : regenerateWorkflowId(draftId, requestId);
