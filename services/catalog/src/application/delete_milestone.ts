import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';

/** delete_milestone: removes one milestone of the owner's listing (its id is never reused). */
export const deleteMilestone: CatalogHandler<'delete_milestone'> = async (call, { view, commands }) => {
  const doc = await myListing(view, call);
  const milestoneId = call.params.milestone_id as number;
  await commands.listing(doc.id, {
    type: 'DeleteMilestone',
    data: { account_id: accountOf(call), milestone_id: milestoneId },
  });
  return { deleted: true, milestone_id: milestoneId };
};
