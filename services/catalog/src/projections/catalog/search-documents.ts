/** What the search index holds of a listing, and the slugs and names it derives: see projections/listings/search-document.ts. */
export {
  founderSlug,
  listingUrl,
  NO_VOTES,
  normaliseDomain,
  searchStatusOf,
  shownCategories,
  shownProfile,
  slugify,
  slugOfName,
  TRENDING_HALF_LIFE_HOURS,
  toSearchDocument,
  trendingKey,
  trendingScore,
} from '../listings/search-document.ts';
