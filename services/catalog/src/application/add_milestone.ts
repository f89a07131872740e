import { DraftPatch } from '@listings/contracts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';

/** the draft schema's milestone limit (spec: max 50), read from the contract so it is written once */
const MILESTONES_MAX = (DraftPatch.properties.milestones as unknown as { maxItems: number }).maxItems;

/** add_milestone: a milestone on the owner's listing (a paid section), with its new id. */
export const addMilestone: CatalogHandler<'add_milestone'> = async (call, { view, commands }) => {
  const doc = await myListing(view, call);
  const input = call.body as { date: string; title: string; description?: string; url?: string };
  const result = await commands.listing(doc.id, {
    type: 'AddMilestone',
    data: { account_id: accountOf(call), milestone: input, max: MILESTONES_MAX },
  });
  const added = result.events.find((e) => e.type === 'MilestoneAdded');
  return added?.type === 'MilestoneAdded' ? added.data.milestone : undefined;
};
