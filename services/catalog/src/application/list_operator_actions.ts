import { categoryItems, moderationItems } from './moderation-items.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf } from './presenters.ts';

/** list_operator_actions (operators): the audit, every operator action newest first, one page. */
export const listOperatorActions: CatalogHandler<'list_operator_actions'> = async (call, { view }) => {
  const onListings = (await moderationItems(view)).flatMap(({ doc, slug }) =>
    // an item's actions newest first, so two at the same instant keep their order in the log
    doc.actions
      .map(({ category, ...action }) => ({
        ...action,
        listing_id: doc.listing_id,
        slug,
        review_by: doc.review_by,
        category: category ?? null,
      }))
      .reverse(),
  );
  const onCategories = categoryItems(view).flatMap((doc) =>
    doc.actions
      .map(({ category, ...action }) => ({
        ...action,
        listing_id: null,
        slug: null,
        review_by: null,
        category: category ?? doc.category ?? null,
      }))
      .reverse(),
  );
  const actions = [...onListings, ...onCategories].sort((a, b) => b.at.localeCompare(a.at));
  return pageOf(actions, pagingOf(call.query));
};
