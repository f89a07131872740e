import { itemsOffListings, moderationItems } from './moderation-items.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf } from './presenters.ts';

const NOT_AN_ORDER = { order: null } as const;
const NOT_AN_ACCOUNT = { account_id: null } as const;

/**
 * list_operator_actions (operators): the audit, every operator action newest first, one page: the
 * catalog's (listings, reviews, categories, accounts) and commerce's refunds (asked of it; left out while it
 * does not answer).
 */
export const listOperatorActions: CatalogHandler<'list_operator_actions'> = async (call, { view, orderRefunds }) => {
  const onListings = (await moderationItems(view)).flatMap(({ doc, slug }) =>
    // an item's actions newest first, so two at the same instant keep their order in the log
    doc.actions
      .map(({ category, ...action }) => ({
        ...action,
        ...NOT_AN_ORDER,
        ...NOT_AN_ACCOUNT,
        listing_id: doc.listing_id,
        slug,
        review_by: doc.review_by,
        category: category ?? null,
      }))
      .reverse(),
  );
  const offListings = itemsOffListings(view).flatMap((doc) =>
    doc.actions
      .map(({ category, ...action }) => ({
        ...action,
        ...NOT_AN_ORDER,
        listing_id: null,
        slug: null,
        review_by: null,
        category: category ?? doc.category ?? null,
        account_id: doc.account_id ?? null,
      }))
      .reverse(),
  );
  const refunds = ((await orderRefunds?.()) ?? []).map(({ number, operator, reason, at }) => ({
    action: 'order_refunded' as const,
    order: number,
    ...NOT_AN_ACCOUNT,
    listing_id: null,
    slug: null,
    review_by: null,
    category: null,
    operator,
    reason,
    at,
  }));
  const actions = [...onListings, ...offListings, ...refunds].sort((a, b) => b.at.localeCompare(a.at));
  return pageOf(actions, pagingOf(call.query));
};
