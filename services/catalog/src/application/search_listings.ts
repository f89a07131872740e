import type { SearchQuery, SortOrder } from '@listings/platform/search';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { normaliseDomain, slugify } from '../projections/catalog/search-documents.ts';
import { summariesOf } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pagingOf } from './presenters.ts';

/** how each `sort` of search_listings orders the index (the search-index benchmark ranks by the same) */
export const SEARCH_SORTS: Record<string, SortOrder | undefined> = {
  relevance: undefined,
  newest: { field: 'newest', direction: 'desc' },
  votes: { field: 'votes', direction: 'desc' },
  trending: { field: 'trending', direction: 'desc' },
  most_viewed: { field: 'views', direction: 'desc' },
  most_followed: { field: 'followers', direction: 'desc' },
};
/** relevance ties, and relevance without `q`: most voted first */
export const SEARCH_TIE_BREAK: SortOrder = { field: 'votes', direction: 'desc' };

/** search_listings: full-text search with filters and sorts, one page of listing summaries. */
export const searchListings: CatalogHandler<'search_listings'> = (call, { view }) =>
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
      ...(SEARCH_SORTS[sort] ? { sort: SEARCH_SORTS[sort] } : {}),
      tieBreak: SEARCH_TIE_BREAK,
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
