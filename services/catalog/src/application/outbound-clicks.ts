import { NotFoundError } from '@listings/platform/errors';
import { listingUrl } from '../projections/catalog/search-documents.ts';
import type { InternalOperationHandler } from './internal-context.ts';
import { mustFindListing } from './listing-reads.ts';

/**
 * record_outbound_click: the web edge's `/go/{slug}` asks where the listing's link goes (its own
 * URL, the only place the edge redirects to) and has the click counted: once per visitor per day
 * by a keyed hash of the visitor, bots left out. A listing that is not public, or has no URL, is 404.
 */
export const recordOutboundClick: InternalOperationHandler<{
  slug: string;
  visitor: string;
  user_agent: string | null;
}> = async (r, { view, commands, visitorHash }) => {
  const listing = await mustFindListing(view, r.slug);
  const url = listingUrl(listing);
  if (!/^https?:\/\//i.test(url)) throw new NotFoundError(`listing ${r.slug} has no link to visit`);
  const counted = await commands.recordClick(listing.id, (day) => visitorHash(r.visitor, day), r.user_agent);
  return { url, counted };
};
