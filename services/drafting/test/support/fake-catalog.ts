import { operationById, type SaveListingFromDraftRequest, saveListingFromDraft } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { checkValue } from '@listings/platform/validation';

/** The two catalog requests drafting makes, served on a test bus; it records what it was sent. */
export const serveFakeCatalog = async (bus: Bus, categoryNames = ['Invoicing', 'Accounting', 'Developer Tools']) => {
  const saved: SaveListingFromDraftRequest[] = [];
  const listings = new Map<number, SaveListingFromDraftRequest>();
  const categories = await bus.serve((operationById('list_categories')?.subject ?? '') as string, async () => ({
    status: 200,
    body: {
      items: categoryNames.map((name, i) => ({ slug: `c${i}`, name, parent: null, subcategories: [], live_count: 0 })),
    },
  }));
  const state = { down: false };
  const save = await bus.serve(saveListingFromDraft.subject, async (payload) => {
    if (state.down)
      return { status: 503, problem: { type: 'about:blank', title: 'Unavailable', status: 503, detail: 'down' } };
    const errors = checkValue(saveListingFromDraft.request, payload);
    if (errors.length > 0)
      return {
        status: 400,
        problem: { type: 'about:blank', title: 'Invalid input', status: 400, detail: JSON.stringify(errors) },
      };
    const request = payload as SaveListingFromDraftRequest;
    saved.push(request);
    const id = request.listing_id ?? listings.size + 1;
    listings.set(id, request);
    return { status: 200, body: { listing_id: id, slug: `listing-${id}`, status: 'draft' } };
  });
  return {
    saved,
    listings,
    /** while true, saves answer 503 (the catalog cannot take them) */
    set down(value: boolean) {
      state.down = value;
    },
    stop: async () => {
      await categories.stop();
      await save.stop();
    },
  };
};
