import { NotFoundError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import type { CatalogHandler } from './operation-context.ts';

/** feature_listing (operators): the listing is Featured, the operator and the reason in the event. */
export const featureListing: CatalogHandler<'feature_listing'> = async (call, { view, commands }) => {
  const operator = callerAccount(call, 'feature listings');
  const id = call.params.listing_id;
  if (!(await view.listing(id))) throw new NotFoundError(`no listing ${id}`);
  const reason = call.body.reason.trim();
  await commands.listing(id, { type: 'Feature', data: { operator, reason } });
  const doc = await view.listing(id);
  return { listing_id: id, slug: doc?.slug ?? '', featured: doc?.featured === true, reason };
};
