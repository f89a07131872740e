import { PENDING_ORDER_HOLD_MINUTES_DEFAULT, PENDING_ORDER_HOLD_MINUTES_MAX } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';

/**
 * The shop's settings, set by an operator and kept as events (stream `shop-settings`): the products
 * with their current prices (USD cents, excluding VAT), the weekly capacity of paid launches, how
 * long an unpaid order holds its slots (the order hold) and the seller's country (for domestic VAT). Nothing here is a literal price in code.
 */
export type ProductKind = 'launch' | 'billboard';
export interface ShopProduct {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** for `billboard` the minimum contribution */
  readonly price_cents: number;
  readonly needs_listing: boolean;
  /** what buying it does: the fulfilment rule */
  readonly kind: ProductKind;
}
export interface ShopSettings {
  readonly products: ReadonlyMap<string, ShopProduct>;
  readonly weeklyLaunchCapacity: number;
  /** minutes an unpaid order can be paid and holds its launch week slots (never set: the default, 30) */
  readonly pendingOrderHoldMinutes: number;
  readonly sellerCountry: string;
}

export type ShopEvent =
  | { type: 'ProductDefined'; data: ShopProduct }
  | { type: 'ProductPriceSet'; data: { slug: string; price_cents: number } }
  | { type: 'WeeklyLaunchCapacitySet'; data: { capacity: number } }
  | { type: 'PendingOrderHoldSet'; data: { minutes: number } }
  | { type: 'SellerCountrySet'; data: { country: string } };

export type ShopCommand =
  | { type: 'DefineProduct'; data: ShopProduct }
  | { type: 'SetPrice'; data: { slug: string; price_cents: number } }
  | { type: 'SetWeeklyLaunchCapacity'; data: { capacity: number } }
  | { type: 'SetPendingOrderHold'; data: { minutes: number } }
  | { type: 'SetSellerCountry'; data: { country: string } };

export const SHOP_STREAM = 'shop-settings';
const PRICE_MAX = 100_000_000;

const checkPrice = (cents: number) => {
  if (!Number.isInteger(cents) || cents < 0 || cents > PRICE_MAX)
    throw new ValidationError([{ field: 'price_cents', message: `must be an integer from 0 to ${PRICE_MAX}` }]);
};

export const shopDecider: Decider<ShopCommand, ShopSettings, ShopEvent> = {
  initialState: {
    products: new Map(),
    weeklyLaunchCapacity: 0,
    pendingOrderHoldMinutes: PENDING_ORDER_HOLD_MINUTES_DEFAULT,
    sellerCountry: '',
  },
  evolve: (state, event) => {
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
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'DefineProduct': {
        checkPrice(command.data.price_cents);
        const existing = state.products.get(command.data.slug);
        if (existing && JSON.stringify(existing) === JSON.stringify(command.data)) return [];
        return [{ type: 'ProductDefined', data: command.data }];
      }
      case 'SetPrice': {
        checkPrice(command.data.price_cents);
        const product = state.products.get(command.data.slug);
        if (!product) throw new ValidationError([{ field: 'slug', message: `no product ${command.data.slug}` }]);
        if (product.price_cents === command.data.price_cents) return [];
        return [{ type: 'ProductPriceSet', data: command.data }];
      }
      case 'SetWeeklyLaunchCapacity':
        if (!Number.isInteger(command.data.capacity) || command.data.capacity < 0)
          throw new ValidationError([{ field: 'capacity', message: 'must be an integer >= 0' }]);
        return state.weeklyLaunchCapacity === command.data.capacity
          ? []
          : [{ type: 'WeeklyLaunchCapacitySet', data: command.data }];
      case 'SetPendingOrderHold': {
        const { minutes } = command.data;
        if (!Number.isInteger(minutes) || minutes < 1 || minutes > PENDING_ORDER_HOLD_MINUTES_MAX)
          throw new ValidationError([
            {
              field: 'minutes',
              message: `must be a whole number of minutes from 1 to ${PENDING_ORDER_HOLD_MINUTES_MAX}`,
            },
          ]);
        return state.pendingOrderHoldMinutes === minutes ? [] : [{ type: 'PendingOrderHoldSet', data: { minutes } }];
      }
      case 'SetSellerCountry':
        if (!/^[A-Z]{2}$/.test(command.data.country))
          throw new ValidationError([{ field: 'country', message: 'must be two capital letters' }]);
        return state.sellerCountry === command.data.country ? [] : [{ type: 'SellerCountrySet', data: command.data }];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
