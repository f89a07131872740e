import { NotFoundError } from '@listings/platform/errors';
import type { OperationCall } from '@listings/platform/service-host';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { milestonesOf, profileOf, shownProfile } from './presenters.ts';

/**
 * What the nine owned-listing operations share: "your own only" — another account's listing
 * answers 404 like an unknown one.
 */
type Call = Pick<OperationCall, 'params' | 'principal'>;

/** The signed-in account (the gateway enforces sign-in; a call without one owns nothing). */
export const accountOf = (call: Call): string => {
  const id = call.principal.account_id;
  if (!id) throw new NotFoundError('no such listing');
  return id;
};

/** the `ref` the owner chose for the listing's Visit link (update_my_listing `fields.outbound_ref`), or null */
export const outboundRefOf = (doc: ListingDoc): string | null => {
  const ref = doc.edited?.outbound_ref;
  return typeof ref === 'string' && ref !== '' ? ref : null;
};

/** What the owner sees: the public profile, the paid sections whether or not unlocked, and the plan state. */
export const ownedListingOf = (doc: ListingDoc) => {
  const p = shownProfile(doc);
  return {
    ...profileOf(doc),
    listing_id: doc.id,
    status: doc.status,
    plan: doc.plan,
    launch_week: doc.launch_week,
    unlocked_sections: doc.unlocked ? ['story', 'milestones', 'media', 'extra_categories'] : [],
    outbound_ref: outboundRefOf(doc),
    story: p.story ?? {},
    milestones: milestonesOf(doc),
    version: doc.history?.length ?? 0,
    operator_notice: doc.hidden ? { action: 'hidden' as const, reason: doc.hidden.reason, at: doc.hidden.at } : null,
  };
};

/** The listing `params.listing_id` when the caller owns it; 404 otherwise. */
export const myListing = async (view: CatalogView, call: Call): Promise<ListingDoc> => {
  const account = accountOf(call);
  const doc = await view.listing(call.params.listing_id as number);
  if (!doc?.owners.includes(account)) throw new NotFoundError(`no listing ${call.params.listing_id}`);
  return doc;
};

/** The owner's view of the listing as the read model holds it now (after a command). */
export const freshOwnedListing = async (view: CatalogView, id: number) =>
  ownedListingOf((await view.listing(id)) as ListingDoc);
