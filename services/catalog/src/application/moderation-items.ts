import type { ListingDoc, ModerationDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { shownProfile } from './presenters.ts';

/** Every reported or moderated item with its listing's slug (the operators' queue and audit read them). */
export const moderationItems = async (view: CatalogView): Promise<{ doc: ModerationDoc; slug: string }[]> => {
  const docs = [...view.moderation.values()];
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

/** the listing's name as shown (the owner's edits over the draft's) */
export const shownProfileName = (doc: ListingDoc): string => {
  const name = shownProfile(doc).name;
  return typeof name === 'string' && name !== '' ? name : doc.slug;
};
