import { NotFoundError } from '@listings/platform/errors';
import type { SearchQuery, SortOrder } from '@listings/platform/search';
import type { ListingDoc } from '../../projections/catalog/documents.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { normaliseDomain, shownProfile, slugify } from '../../projections/catalog/search-documents.ts';
import { type ListingSummary, memoBesidesViews, pagingOf, profileOf, summaryOf } from '../presenters.ts';
import { categoryTopOf } from './category-top.ts';

const SORTS: Record<string, SortOrder | undefined> = {
  relevance: undefined,
  newest: { field: 'newest', direction: 'desc' },
  votes: { field: 'votes', direction: 'desc' },
  trending: { field: 'trending', direction: 'desc' },
  most_viewed: { field: 'views', direction: 'desc' },
  most_followed: { field: 'followers', direction: 'desc' },
};
/** relevance ties, and relevance without `q`: most voted first */
const TIE_BREAK: SortOrder = { field: 'votes', direction: 'desc' };

export const mustFindListing = async (view: CatalogView, slug: string): Promise<ListingDoc> => {
  const listing = await view.listingBySlug(slug);
  // drafts and rejected listings are not public: they are as unknown as a slug never used
  if (!listing || listing.status === 'draft' || listing.status === 'rejected')
    throw new NotFoundError(`no listing with slug ${slug}`);
  return listing;
};

export const summariesOf = async (view: CatalogView, ids: readonly string[]): Promise<ListingSummary[]> =>
  (await Promise.all(ids.map((id) => view.listing(Number(id))))).flatMap((doc) => (doc ? [summaryOf(doc)] : []));

/** the listings with these ids that exist, by id (each read by id: a cache hit or one indexed read) */
export const listingsById = async (view: CatalogView, ids: readonly number[]): Promise<Map<number, ListingDoc>> =>
  new Map(
    (await Promise.all([...new Set(ids)].map((id) => view.listing(id)))).flatMap((doc) =>
      doc ? [[doc.id, doc] as const] : [],
    ),
  );

export const searchListings = (view: CatalogView) => (call: { query: Record<string, unknown> }) =>
  // (keyed by the checked query parameters: the same parameters always make the same search)
  answerOnce(view, JSON.stringify(call.query), async () => {
    const q = call.query;
    const paging = pagingOf(q);
    const filters: Record<string, string> = { status: (q.status as string | undefined) ?? 'live' };
    if (q.category) filters.category = q.category as string;
    if (q.stage) filters.stage = slugify(q.stage as string);
    if (q.country) filters.country = (q.country as string).toLowerCase();
    if (q.pricing_model) filters.pricing_model = (q.pricing_model as string).toLowerCase();
    if (q.domain) filters.domain = normaliseDomain(q.domain as string);
    const sort = (q.sort as string | undefined) ?? 'relevance';
    const query: SearchQuery = {
      text: (q.q as string | undefined) ?? '',
      filters,
      ...(SORTS[sort] ? { sort: SORTS[sort] } : {}),
      tieBreak: TIE_BREAK,
      offset: (paging.page - 1) * paging.per_page,
      limit: paging.per_page,
    };
    const hits = await view.search.search(query);
    return {
      items: await summariesOf(view, hits.ids),
      page: paging.page,
      per_page: paging.per_page,
      total: hits.total,
    };
  });

/**
 * The same query against the same read-model version gets the same answer object (a popular
 * search is answered, and stringified, once per version). At most 1,000 queries per version.
 */
const answers = new WeakMap<CatalogView, { version: number; byQuery: Map<string, Promise<unknown>> }>();
const answerOnce = <T>(view: CatalogView, key: string, compute: () => Promise<T>): Promise<T> => {
  let cache = answers.get(view);
  if (!cache || cache.version !== view.version || cache.byQuery.size >= 1_000) {
    cache = { version: view.version, byQuery: new Map() };
    answers.set(view, cache);
  }
  let answer = cache.byQuery.get(key) as Promise<T> | undefined;
  if (!answer) {
    const pending = compute();
    answer = pending;
    cache.byQuery.set(key, pending);
    const current = cache;
    pending.catch(() => current.byQuery.delete(key));
  }
  return answer;
};

export const getListing = (view: CatalogView) => async (call: { params: Record<string, unknown> }) =>
  profileOf(await mustFindListing(view, call.params.slug as string));

/** Owner-approved alternatives first (approved: true), then live listings of the same primary category, most voted first. */
export const getAlternatives = (view: CatalogView) => async (call: { params: Record<string, unknown> }) => {
  const listing = await mustFindListing(view, call.params.slug as string);
  return memoBesidesViews(view, `alternatives:${listing.id}`, () => alternativesOf(view, listing));
};

const ALTERNATIVES_MAX = 20;

const alternativesOf = async (view: CatalogView, listing: ListingDoc) => {
  const found = await listingsById(view, listing.alternatives);
  const approved = listing.alternatives
    .map((id) => found.get(id))
    .filter((doc): doc is ListingDoc => doc !== undefined && doc.status === 'live' && doc.id !== listing.id);
  const seen = new Set([listing.id, ...approved.map((d) => d.id)]);
  const primary = listing.categories[0];
  // the most voted of the same primary category: enough of them that the ones already shown can drop
  // out (the category's top, kept up to date from the listing changes: category-top.ts)
  const others = primary
    ? (await categoryTopOf(view, primary).first(ALTERNATIVES_MAX + seen.size)).filter((doc) => !seen.has(doc.id))
    : [];
  return {
    items: [
      ...approved.map((doc) => ({ ...summaryOf(doc), approved: true })),
      ...others.slice(0, ALTERNATIVES_MAX).map((doc) => ({ ...summaryOf(doc), approved: false })),
    ],
  };
};

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

/** Both must be live; the rows are the attributes of a's primary category (then b's), side by side. */
export const compareListings = (view: CatalogView) => async (call: { query: Record<string, unknown> }) => {
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
