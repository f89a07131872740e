import { NotFoundError, ValidationError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import type { CatalogHandler } from './operation-context.ts';

/** move_listing (operators): the listing's primary category becomes `category`; pages and search follow. Audited. */
export const moveListing: CatalogHandler<'move_listing'> = async (call, { view, commands }) => {
  const operator = callerAccount(call, 'move listings');
  const id = call.params.listing_id;
  if (!(await view.listing(id))) throw new NotFoundError(`no listing ${id}`);
  const { category } = call.body;
  if (!view.categories.has(category))
    throw new ValidationError([{ field: 'body.category', message: `there is no category ${category}` }]);
  const reason = call.body.reason.trim();
  await commands.listing(id, { type: 'MoveListing', data: { category, operator, reason } });
  const doc = await view.listing(id);
  return { listing_id: id, slug: doc?.slug ?? '', categories: [...(doc?.categories ?? [])], reason };
};
