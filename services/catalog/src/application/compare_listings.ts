import { NotFoundError } from '@listings/platform/errors';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { shownProfile } from '../projections/catalog/search-documents.ts';
import type { CatalogHandler } from './operation-context.ts';
import { summaryOf } from './presenters.ts';

const listOf = (items: readonly string[] | null | undefined, separator: string) =>
  items?.length ? items.join(separator) : null;

/** each fact as the listing shows it: the drafted profile with the owner's published edits over it */
const ATTRIBUTE_VALUES: Record<string, (doc: ListingDoc) => string | null> = {
  pricing_model: (d) => shownProfile(d).pricing_model ?? null,
  pricing_summary: (d) => shownProfile(d).pricing_summary ?? null,
  stage: (d) => shownProfile(d).stage ?? null,
  country: (d) => shownProfile(d).country ?? null,
  city: (d) => shownProfile(d).city ?? null,
  founded_year: (d) => shownProfile(d).founded_year ?? null,
  features: (d) => listOf(shownProfile(d).features, '; '),
  usps: (d) => listOf(shownProfile(d).usps, '; '),
  tags: (d) => listOf(shownProfile(d).tags, ', '),
  domain_rating: (d) => {
    const last = d.domain_rating[d.domain_rating.length - 1];
    return last ? String(last.value) : null;
  },
  votes: (d) => String(Object.keys(d.votes).length),
};
export const DEFAULT_ATTRIBUTES = ['pricing_model', 'pricing_summary', 'stage', 'country', 'founded_year', 'features'];

/** compare_listings: both must be live; the rows are the attributes of a's primary category (then b's), side by side. */
export const compareListings: CatalogHandler<'compare_listings'> = async (call, { view }) => {
  const find = async (slug: string) => {
    const doc = await view.listingBySlug(slug);
    if (doc?.status !== 'live') throw new NotFoundError(`no live listing with slug ${slug}`);
    return doc;
  };
  const a = await find(call.query.a as string);
  const b = await find(call.query.b as string);
  const attributesOf = (doc: ListingDoc) => {
    const category = doc.categories[0] ? view.categories.get(doc.categories[0]) : undefined;
    return category?.attributes.length ? category.attributes : DEFAULT_ATTRIBUTES;
  };
  const attributes = [...new Set([...attributesOf(a), ...attributesOf(b)])].filter((x) => x in ATTRIBUTE_VALUES);
  return {
    a: summaryOf(a),
    b: summaryOf(b),
    rows: attributes.map((attribute) => {
      const value = ATTRIBUTE_VALUES[attribute] as (doc: ListingDoc) => string | null;
      return { attribute, a: value(a), b: value(b) };
    }),
  };
};
