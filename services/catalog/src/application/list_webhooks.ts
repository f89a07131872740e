import { PER_PAGE_DEFAULT } from '@listings/contracts';
import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';
import { webhookOf } from './webhook-store.ts';

/** list_webhooks: the listing's endpoints, oldest first, with their delivery logs; never a secret. */
export const listWebhooks: CatalogHandler<'list_webhooks'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const all = [...(await webhooks.store.load(doc.id)).endpoints.values()].map((e) => webhookOf(doc.id, e));
  const page = call.query.page ?? 1;
  const perPage = call.query.per_page ?? PER_PAGE_DEFAULT;
  return { items: all.slice((page - 1) * perPage, page * perPage), page, per_page: perPage, total: all.length };
};
