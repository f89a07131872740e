import { PENDING_ORDER_HOLD_MINUTES_DEFAULT } from '@listings/contracts';
import type { commerceEvents, DomainEventOf } from '@listings/contracts/events';

/**
 * The shop's settings, set by an operator and kept as events (stream `shop-settings`): the products
 * with their current prices (USD cents, excluding VAT), the weekly capacity of paid launches, how
 * long an unpaid order holds its slots (the order hold) and the seller's country (for domestic VAT). Nothing here is a literal price in code.
 */
/** a product as the operator defined it (ProductDefined); for `billboard` the price is the minimum contribution */
export type ShopProduct = Extract<ShopEvent, { type: 'ProductDefined' }>['data'];
export type ProductKind = ShopProduct['kind'];
export interface ShopSettings {
  readonly products: ReadonlyMap<string, ShopProduct>;
  readonly weeklyLaunchCapacity: number;
  /** minutes an unpaid order can be paid and holds its launch week slots (never set: the default, 30) */
  readonly pendingOrderHoldMinutes: number;
  readonly sellerCountry: string;
}

/** The shop's events, derived from their declared schemas (packages/contracts/src/events/commerce.ts). */
export type ShopEvent = Extract<
  DomainEventOf<typeof commerceEvents>,
  {
    type: 'ProductDefined' | 'ProductPriceSet' | 'WeeklyLaunchCapacitySet' | 'PendingOrderHoldSet' | 'SellerCountrySet';
  }
>;

export const SHOP_STREAM = 'shop-settings';

export const initialShop: ShopSettings = {
  products: new Map(),
  weeklyLaunchCapacity: 0,
  pendingOrderHoldMinutes: PENDING_ORDER_HOLD_MINUTES_DEFAULT,
  sellerCountry: '',
};

export const evolveShop = (state: ShopSettings, event: ShopEvent): ShopSettings => {
  switch (event.type) {
    case 'ProductDefined':
      return { ...state, products: new Map(state.products).set(event.data.slug, event.data) };
    case 'ProductPriceSet': {
      const product = state.products.get(event.data.slug);
      if (!product) return state;
      const products = new Map(state.products).set(product.slug, { ...product, price_cents: event.data.price_cents });
      return { ...state, products };
    }
    case 'WeeklyLaunchCapacitySet':
      return { ...state, weeklyLaunchCapacity: event.data.capacity };
    case 'PendingOrderHoldSet':
      return { ...state, pendingOrderHoldMinutes: event.data.minutes };
    case 'SellerCountrySet':
      return { ...state, sellerCountry: event.data.country };
  }
};
