import { NotFoundError } from '@listings/platform/errors';
import { listingUrl } from '../projections/catalog/search-documents.ts';
import type { InternalOperationHandler } from './internal-context.ts';
import { mustFindListing } from './listing-reads.ts';
import { outboundRefOf } from './owned-listings.ts';

/** the listing's own URL, with the owner's `ref` (OutboundRef, checked when set) as a query parameter */
export const outboundUrl = (url: string, ref: string | null): string => {
  if (ref === null) return url;
  const target = new URL(url);
  target.searchParams.set('ref', ref);
  return target.href;
};

/**
 * record_outbound_click: the web edge's `/go/{slug}` asks where the listing's link goes (its own
 * URL with the owner's `ref`, the only place the edge redirects to) and has the click counted:
 * once per visitor per day by a keyed hash of the visitor, bots left out. A listing that is not
 * public, or has no http(s) URL, is 404.
 */
export const recordOutboundClick: InternalOperationHandler<{
  slug: string;
  visitor: string;
  user_agent: string | null;
}> = async (r, { view, commands, visitorHash }) => {
  const listing = await mustFindListing(view, r.slug);
  const url = listingUrl(listing);
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw new NotFoundError(`listing ${r.slug} has no link to visit`);
  const counted = await commands.recordClick(listing.id, (day) => visitorHash(r.visitor, day), r.user_agent);
  return { url: outboundUrl(url, outboundRefOf(listing)), counted };
};
