import type { CommerceCall, CommerceOperationDeps } from './commerce-deps.ts';
import { loadShop } from './shop-admin.ts';

/** list_products: the shop's products, by slug, as the operator's shop commands left them. */
export const handleListProducts =
  (deps: Pick<CommerceOperationDeps, 'store'>) => async (_call: CommerceCall<'list_products'>) => {
    const { products } = await loadShop(deps.store);
    const items = [...products.values()]
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map((p) => ({
        slug: p.slug,
        name: p.name,
        description: p.description,
        price_cents: p.price_cents,
        currency: 'USD' as const,
        needs_listing: p.needs_listing,
      }));
    return { items };
  };
