import type { updateDraft } from '@listings/contracts';
import { DomainError, ForbiddenError, ServiceUnavailableError, ValidationError } from '@listings/platform/errors';
import { ImageRefused } from '@listings/platform/images';
import type { CallOf } from '@listings/platform/service-host';
import { type DraftState, SECTION_KEYS } from '../domain/draft/draft.ts';
import { draftCaller, loadOwnedDraft, nowIso, runDraftCommand } from './draft-access.ts';
import { revealedDraftView } from './draft-view.ts';
import { syncListing } from './listing-sync.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { idFor } from './request-ids.ts';
import { draftWorkflowId, regenerateWorkflowId } from './workflow-ids.ts';

type UpdateDraftCall = CallOf<typeof updateDraft>;

/**
 * update_draft: an owner's edit (values, locks, restores) and the fields to redraft. Categories are
 * checked against catalog's and a typed logo is stored first; the redraft runs as a workflow; a
 * submitted draft's listing follows the edit.
 */
export const update_draft = async (deps: DraftingOperationDeps, call: UpdateDraftCall) => {
  const account = draftCaller(call);
  const draftId = String(call.params.id);
  const body = call.body as Record<string, unknown>;
  const before = await loadOwnedDraft(deps.store, draftId, account);
  const values = valuesOf(body);
  await checkCategories(deps, values.categories);
  await storeTypedLogo(deps, before, values.logo_url, account);
  const regenerateKeys = (body.regenerate as string[] | undefined) ?? [];
  const requestId = regenerateKeys.length === 0 ? null : idFor(call.idempotencyKey, ['update_draft', account, draftId]);
  const result = await runDraftCommand(
    deps.store,
    draftId,
    {
      type: 'EditDraft',
      by: account,
      values,
      lock: [...new Set((body.lock_fields as string[] | undefined) ?? [])],
      restore: [...new Set((body.restore as string[] | undefined) ?? [])],
      regenerate: requestId
        ? { requestId, keys: [...new Set(regenerateKeys)], ...(call.clientModel ? { clientModel: true } : {}) }
        : null,
      meta: { at: nowIso(deps.clock) },
    },
    account,
  );
  if (requestId) await startRedraft(deps, result.state, requestId);
  await keepListingInStep(deps, result.state);
  return revealedDraftView(deps.vault, result.events.length > 0 ? result.state : before);
};

/** the values the PATCH sets: `fields` and the profile sections sent beside them */
const valuesOf = (body: Record<string, unknown>): Record<string, unknown> => {
  const values: Record<string, unknown> = { ...((body.fields as Record<string, unknown> | undefined) ?? {}) };
  for (const key of SECTION_KEYS) if (key in body) values[key] = body[key];
  return values;
};

/** every category named must be one list_categories knows (400 naming the others) */
const checkCategories = async (deps: DraftingOperationDeps, categories: unknown) => {
  if (!Array.isArray(categories) || categories.length === 0) return;
  const known = new Set(await deps.catalog.categoryNames());
  const unknown = categories.map((name, i) => ({ name: String(name), i })).filter(({ name }) => !known.has(name));
  if (unknown.length > 0)
    throw new ValidationError(
      unknown.map(({ name, i }) => ({
        field: `body.fields.categories.${i}`,
        message: `"${name}" is not a category name list_categories knows`,
      })),
    );
};

/** a logo URL typed by an owner is fetched, checked and stored now: one that is not an image is a 400 */
const storeTypedLogo = async (deps: DraftingOperationDeps, before: DraftState, logo: unknown, account: string) => {
  if (!deps.images || typeof logo !== 'string' || logo.trim() === '' || before.logos[logo]) return;
  let stored: { url: string };
  try {
    stored = await deps.images.logoFromUrl(logo);
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    throw new ValidationError([
      { field: 'body.fields.logo_url', message: `the logo was not accepted: ${error.reason}` },
    ]);
  }
  await runDraftCommand(
    deps.store,
    before.id,
    { type: 'StoreLogo', sourceUrl: logo, url: stored.url, meta: { at: nowIso(deps.clock) } },
    account,
  );
};

/** the redraft the edit asked for runs as a workflow (a failed draft's runs the whole draft again) */
const startRedraft = async (deps: DraftingOperationDeps, state: DraftState, requestId: string) => {
  if (state.regenerating[requestId])
    await deps.runner.start('regenerate', regenerateWorkflowId(state.id, requestId), { draftId: state.id, requestId });
  // a failed draft regenerated: the draft workflow runs again under the draft's id (the last run ended)
  if (state.recrawl?.requestId === requestId && state.status === 'crawling')
    await deps.runner.start('draft', draftWorkflowId(state.id), { draftId: state.id });
};

/**
 * A submitted draft keeps its listing in step: no new submit needed. Synced on every PATCH, even
 * one that changed nothing: a PATCH retried after the catalog could not be reached (the edit was
 * kept) brings the listing up to date.
 */
const keepListingInStep = async (deps: DraftingOperationDeps, state: DraftState) => {
  if (state.listingId === null) return;
  await syncListing(deps.catalog, state, state.listingId).catch((error: unknown) => {
    // a verified claim gave the listing to its website's owner: the draft keeps the edit, the listing does not
    if (error instanceof DomainError && error.status === 403)
      throw new ForbiddenError(`the edit is saved in your draft, but ${error.message}`);
    if (!(error instanceof DomainError) || error.status < 500) throw error;
    throw new ServiceUnavailableError(
      `the edit is saved, but listing ${state.listingId} could not be updated (${error.message}): send the PATCH again`,
    );
  });
};
