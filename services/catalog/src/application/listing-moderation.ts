import type { hideListing } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { CallOf } from '@listings/platform/service-host';
import { callerAccount } from '@listings/platform/service-host';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogContext } from './operation-context.ts';

/**
 * hide_listing and restore_listing: an operator's HideListing or RestoreListing on the listing's
 * own stream, the operator and the reason in the event (a repeat changes nothing).
 */
export const moderateListing = async (
  call: CallOf<typeof hideListing>,
  { view, commands }: CatalogContext,
  type: 'HideListing' | 'RestoreListing',
) => {
  const operator = callerAccount(call, 'moderate listings');
  const id = call.params.listing_id;
  if (!(await view.listing(id))) throw new NotFoundError(`no listing ${id}`);
  const reason = call.body.reason.trim();
  await commands.listing(id, { type, data: { operator, reason } });
  const doc = (await view.listing(id)) as ListingDoc;
  return { listing_id: doc.id, slug: doc.slug, hidden: doc.hidden !== undefined, reason };
};
