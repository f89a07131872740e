import { NotFoundError } from '@listings/platform/errors';
import { liveCounts, nodeOf } from './category-tree.ts';
import { summariesOf } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pagingOf } from './presenters.ts';

/** get_category: one category, its subcategories, and a page of its live listings, most voted first. */
export const getCategory: CatalogHandler<'get_category'> = async (call, { view }) => {
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
