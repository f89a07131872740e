import type { submitListing } from '@listings/contracts';
import { useDailyQuota } from '@listings/platform/decider';
import type { CallOf } from '@listings/platform/service-host';
import { draftCaller, loadDraft, nowIso, runDraftCommand } from './draft-access.ts';
import { revealedDraftView } from './draft-view.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { idFor } from './request-ids.ts';
import { draftWorkflowId } from './workflow-ids.ts';

/** the stream category of an account's drafts of one UTC day: `daily-drafts-<account>-<yyyy-mm-dd>` */
export const DAILY_DRAFTS = 'daily-drafts';

/** submit_listing: a new draft of the product at `url`, then the draft workflow that crawls and drafts it. */
export const submit_listing = async (deps: DraftingOperationDeps, call: CallOf<typeof submitListing>) => {
  const account = draftCaller(call);
  const draftId = idFor(call.idempotencyKey, ['submit_listing', account]);
  const at = nowIso(deps.clock);
  // a new draft counts against the account's drafts of the day (429 past the limit); the same
  // Idempotency-Key again names the same draft and counts once
  if (!(await loadDraft(deps.store, draftId)).exists)
    await useDailyQuota({
      store: deps.store,
      category: DAILY_DRAFTS,
      what: 'start a draft (submit_listing)',
      setting: 'DRAFTS_PER_ACCOUNT_PER_DAY',
      accountId: account,
      key: draftId,
      limit: deps.draftsPerDay,
      at,
    });
  const result = await runDraftCommand(
    deps.store,
    draftId,
    {
      type: 'StartDraft',
      draftId,
      url: call.body.url,
      ownerId: account,
      idempotencyKey: call.idempotencyKey ?? null,
      clientModel: call.clientModel === true,
      meta: { at },
    },
    account,
  );
  if (result.position > 0) await deps.indexCaughtUp(result.position);
  await deps.runner.start('draft', draftWorkflowId(draftId), { draftId });
  return revealedDraftView(deps.vault, result.state);
};
