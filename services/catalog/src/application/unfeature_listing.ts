import { NotFoundError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import type { CatalogHandler } from './operation-context.ts';

/** unfeature_listing (operators): the Featured mark comes off, the operator and the reason in the event. */
export const unfeatureListing: CatalogHandler<'unfeature_listing'> = async (call, { view, commands }) => {
  const operator = callerAccount(call, 'unfeature listings');
  const id = call.params.listing_id;
  if (!(await view.listing(id))) throw new NotFoundError(`no listing ${id}`);
  const reason = call.body.reason.trim();
  await commands.listing(id, { type: 'Unfeature', data: { operator, reason } });
  const doc = await view.listing(id);
  return { listing_id: id, slug: doc?.slug ?? '', featured: doc?.featured === true, reason };
};
