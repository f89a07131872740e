import type { ListingDoc } from '../listings/listing.ts';
import { PUBLIC_STATUSES } from '../listings/listing-keys.ts';
import { founderSlug } from '../listings/search-document.ts';

/**
 * A founder, as the listings that name them make them (a founder's slug is their name's slug):
 * one entry per public listing, in listing id order. `name` and `country` are the first entry's
 * name and the first entry's company country: what the founders list filters and sorts on.
 */
export interface FounderDoc {
  readonly slug: string;
  readonly name: string;
  readonly country: string | null;
  readonly listings: readonly FounderListing[];
}
export interface FounderListing {
  readonly id: number;
  readonly name: string;
  readonly country: string | null;
}

export const F = { name: 'doc.name', country: 'doc.country', at: 'at' } as const;

/** the founders a listing names while public, by founder slug (the first mention of a slug wins) */
export const foundersNamedBy = (doc: ListingDoc | undefined): Map<string, FounderListing> => {
  const named = new Map<string, FounderListing>();
  if (!doc || !(PUBLIC_STATUSES as readonly string[]).includes(doc.status)) return named;
  for (const founder of doc.profile.founders ?? []) {
    const slug = founderSlug(founder.name);
    if (!named.has(slug))
      named.set(slug, { id: doc.id, name: founder.name, country: doc.profile.country?.toUpperCase() ?? null });
  }
  return named;
};

/** The founder after one listing names them (an entry) or stops naming them (undefined). */
export const withFounderListing = (
  founder: FounderDoc | undefined,
  slug: string,
  listingId: number,
  entry: FounderListing | undefined,
): FounderDoc | undefined => {
  const listings = (founder?.listings ?? []).filter((l) => l.id !== listingId);
  if (entry) listings.push(entry);
  if (listings.length === 0) return undefined;
  listings.sort((a, b) => a.id - b.id);
  const first = listings[0] as FounderListing;
  return { slug, name: first.name, country: listings.find((l) => l.country)?.country ?? null, listings };
};

/**
 * Pure: the founders whose entry a listing's change changes (the founders it names before and
 * after), with their entry after it (undefined: no longer named by this listing).
 */
export const founderEntriesChanged = (
  before: ListingDoc | undefined,
  after: ListingDoc | undefined,
): { slug: string; entry: FounderListing | undefined }[] => {
  const was = foundersNamedBy(before);
  const now = foundersNamedBy(after);
  const changed: { slug: string; entry: FounderListing | undefined }[] = [];
  for (const slug of new Set([...was.keys(), ...now.keys()])) {
    const entry = now.get(slug);
    if (JSON.stringify(was.get(slug)) !== JSON.stringify(entry)) changed.push({ slug, entry });
  }
  return changed;
};

/** Pure: every founder the listings name, each stored with the position of its newest listing. */
export const foundersOfListings = (
  listings: Iterable<{ readonly at: number; readonly doc: ListingDoc }>,
): Map<string, { at: number; doc: FounderDoc }> => {
  const founders = new Map<string, { at: number; doc: FounderDoc }>();
  const byId = [...listings].sort((a, b) => a.doc.id - b.doc.id);
  for (const { at, doc } of byId)
    for (const [slug, entry] of foundersNamedBy(doc)) {
      const before = founders.get(slug);
      // named by this listing: never undefined
      const next = withFounderListing(before?.doc, slug, entry.id, entry) as FounderDoc;
      founders.set(slug, { at: Math.max(at, before?.at ?? 0), doc: next });
    }
  return founders;
};
