import type { ListingDoc, ModerationDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { shownProfile } from './presenters.ts';

/** a listing's or a review's item (not a category's) */
export type ListingItem = ModerationDoc & { readonly listing_id: number };

/** Every reported or moderated listing and review with its listing's slug (the operators' queue and audit read them). */
export const moderationItems = async (view: CatalogView): Promise<{ doc: ListingItem; slug: string }[]> => {
  const docs = [...view.moderation.values()].filter((doc): doc is ListingItem => doc.listing_id !== null);
  const ids = [...new Set(docs.map((doc) => doc.listing_id))];
  const slugs = new Map(
    (await Promise.all(ids.map((id) => view.listing(id)))).flatMap((listing) =>
      listing ? [[listing.id, listing.slug] as const] : [],
    ),
  );
  return docs.flatMap((doc) => {
    const slug = slugs.get(doc.listing_id);
    return slug === undefined ? [] : [{ doc, slug }];
  });
};

/**
 * The categories operators added or edited and the accounts they suspended or restored, each with
 * its actions (the audit reads them).
 */
export const itemsOffListings = (view: CatalogView): ModerationDoc[] =>
  [...view.moderation.values()].filter((doc) => doc.listing_id === null);

/** the listing's name as shown (the owner's edits over the draft's) */
export const shownProfileName = (doc: ListingDoc): string => {
  const name = shownProfile(doc).name;
  return typeof name === 'string' && name !== '' ? name : doc.slug;
};
