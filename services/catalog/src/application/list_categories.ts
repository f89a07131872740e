import { liveCounts, nodeOf } from './category-tree.ts';
import type { CatalogHandler } from './operation-context.ts';

/** list_categories: the two-level category tree with live counts, by name (empty ones on request). */
export const listCategories: CatalogHandler<'list_categories'> = async (call, { view }) => {
  const includeEmpty = (call.query.include_empty as boolean | undefined) ?? true;
  const counts = await liveCounts(view);
  return {
    items: [...view.categories.values()]
      .filter((c) => c.parent === null && (includeEmpty || (counts.get(c.slug) ?? 0) > 0))
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((c) => nodeOf(view, c, counts, includeEmpty)),
  };
};
