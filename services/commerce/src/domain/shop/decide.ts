import { PENDING_ORDER_HOLD_MINUTES_MAX } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import { evolveShop, initialShop, type ShopEvent, type ShopProduct, type ShopSettings } from './shop.ts';

export type ShopCommand =
  | { type: 'DefineProduct'; data: ShopProduct }
  | { type: 'SetPrice'; data: { slug: string; price_cents: number } }
  | { type: 'SetWeeklyLaunchCapacity'; data: { capacity: number } }
  | { type: 'SetPendingOrderHold'; data: { minutes: number } }
  | { type: 'SetSellerCountry'; data: { country: string } };

const PRICE_MAX = 100_000_000;

const checkPrice = (cents: number) => {
  if (!Number.isInteger(cents) || cents < 0 || cents > PRICE_MAX)
    throw new ValidationError([{ field: 'price_cents', message: `must be an integer from 0 to ${PRICE_MAX}` }]);
};

export const decideShop = (command: ShopCommand, state: ShopSettings): ShopEvent[] => {
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
};

export const shopDecider: Decider<ShopCommand, ShopSettings, ShopEvent> = {
  initialState: initialShop,
  evolve: evolveShop,
  decide: decideShop,
};
