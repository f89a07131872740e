import { mustFindListing } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { profileOf } from './presenters.ts';

/** get_listing: a public listing's profile, by slug (drafts and rejected ones are 404). */
export const getListing: CatalogHandler<'get_listing'> = async (call, { view }) =>
  profileOf(await mustFindListing(view, call.params.slug as string));
