import { NotFoundError } from '@listings/platform/errors';
import type { CategoryDoc } from '../../projections/catalog/documents.ts';
import { L, listingQueries } from '../../projections/catalog/query-keys.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { memoBesidesViews, pagingOf, summaryOf } from '../presenters.ts';
import { summariesOf } from './listings.ts';

interface TreeNode {
  slug: string;
  name: string;
  description: string;
  parent: string | null;
  live_count: number;
  subcategories: TreeNode[];
}

/** Live counts per category, a parent counting its subcategories' listings once each; one query per read-model version. */
export const liveCounts = (view: CatalogView): Promise<Map<string, number>> =>
  memoBesidesViews(view, 'category-counts', async () => {
    const counts = await view.countListingsBy(L.shown, listingQueries.live);
    return counts as Map<string, number>;
  });

const nodeOf = (view: CatalogView, c: CategoryDoc, counts: Map<string, number>, includeEmpty: boolean): TreeNode => ({
  slug: c.slug,
  name: c.name,
  description: c.description,
  parent: c.parent,
  live_count: counts.get(c.slug) ?? 0,
  subcategories: [...view.categories.values()]
    .filter((child) => child.parent === c.slug && (includeEmpty || (counts.get(child.slug) ?? 0) > 0))
    .sort((x, y) => x.name.localeCompare(y.name))
    .map((child) => nodeOf(view, child, counts, includeEmpty)),
});

export const listCategories = (view: CatalogView) => async (call: { query: Record<string, unknown> }) => {
  const includeEmpty = (call.query.include_empty as boolean | undefined) ?? true;
  const counts = await liveCounts(view);
  return {
    items: [...view.categories.values()]
      .filter((c) => c.parent === null && (includeEmpty || (counts.get(c.slug) ?? 0) > 0))
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((c) => nodeOf(view, c, counts, includeEmpty)),
  };
};

export const getCategory =
  (view: CatalogView) => async (call: { params: Record<string, unknown>; query: Record<string, unknown> }) => {
    const category = view.categories.get(call.params.slug as string);
    if (!category) throw new NotFoundError(`no category ${String(call.params.slug)}`);
    const paging = pagingOf(call.query);
    const hits = await view.search.search({
      filters: { status: 'live', category: category.slug },
      sort: { field: 'votes', direction: 'desc' },
      offset: (paging.page - 1) * paging.per_page,
      limit: paging.per_page,
    });
    const counts = await liveCounts(view);
    const node = nodeOf(view, category, counts, true);
    const parent = category.parent ? view.categories.get(category.parent) : undefined;
    return {
      ...node,
      parent_name: parent?.name ?? null,
      faqs: category.faqs,
      attributes: category.attributes,
      listings: {
        items: await summariesOf(view, hits.ids),
        page: paging.page,
        per_page: paging.per_page,
        total: hits.total,
      },
    };
  };

export { summaryOf };
