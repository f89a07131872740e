import { moderationItems } from './moderation-items.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf } from './presenters.ts';

/** list_operator_actions (operators): the audit, every operator action newest first, one page. */
export const listOperatorActions: CatalogHandler<'list_operator_actions'> = async (call, { view }) => {
  const actions = (await moderationItems(view))
    .flatMap(({ doc, slug }) =>
      // an item's actions newest first, so two at the same instant keep their order in the log
      doc.actions
        .map((action) => ({ ...action, listing_id: doc.listing_id, slug, review_by: doc.review_by }))
        .reverse(),
    )
    .sort((a, b) => b.at.localeCompare(a.at));
  return pageOf(actions, pagingOf(call.query));
};
