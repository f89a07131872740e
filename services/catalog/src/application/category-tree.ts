/** The category tree with live counts (list_categories, get_category). */
import type { CategoryDoc } from '../projections/catalog/documents.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { memoBesidesViews } from './presenters.ts';

export interface TreeNode {
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

export const nodeOf = (
  view: CatalogView,
  c: CategoryDoc,
  counts: Map<string, number>,
  includeEmpty: boolean,
): TreeNode => ({
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
