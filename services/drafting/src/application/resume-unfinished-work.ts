import type { Logger } from '@listings/platform/logger';
import type { WorkflowRunner } from '@listings/platform/workflows';
import type { DraftsIndex } from '../projections/drafts-index/evolve.ts';
import { draftWorkflowId, regenerateWorkflowId } from './workflow-ids.ts';

/**
 * At start, unfinished work resumes from the aggregates' state: the same workflow ids start again
 * and the idempotent activities skip whatever is already done.
 */
export const resumeUnfinishedWork = async (deps: {
  readonly index: () => DraftsIndex;
  readonly runner: WorkflowRunner;
  readonly logger: Pick<Logger, 'info'>;
}) => {
  const unfinished = [...deps.index().unfinished];
  const regenerating = [...deps.index().regenerating];
  for (const draftId of unfinished) await deps.runner.start('draft', draftWorkflowId(draftId), { draftId });
  for (const key of regenerating) {
    const [draftId, requestId] = key.split('/') as [string, string];
    await deps.runner.start('regenerate', regenerateWorkflowId(draftId, requestId), { draftId, requestId });
  }
  if (unfinished.length + regenerating.length > 0)
    deps.logger.info(
      { drafts: unfinished.length, regenerations: regenerating.length },
      'resumed unfinished drafting work',
    );
};
