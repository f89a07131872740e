import { NotFoundError } from '@listings/platform/errors';
import type { InternalOperationHandler } from './internal-context.ts';

/**
 * The internal operation the commerce service needs from the catalog. Someone else's listing
 * answers exactly like an unknown one.
 */
export const describeListingForOrder: InternalOperationHandler<{
  listing_id: number;
  account_id: string;
  categories?: string[];
}> = async (r, { view }) => {
  const doc = await view.listing(r.listing_id);
  if (!doc?.owners.includes(r.account_id)) throw new NotFoundError(`no listing ${r.listing_id}`);
  return {
    listing_id: doc.id,
    slug: doc.slug,
    status: doc.status,
    plan: doc.plan,
    launch_week: doc.launch_week,
    primary_category: doc.categories[0] ?? null,
    unknown_categories: [...new Set(r.categories ?? [])].filter((slug) => !view.categories.has(slug)),
  };
};
