import type { ShopCommand } from '../domain/shop/decide.ts';

/**
 * What an empty shop starts with: seeded once, as events, through the same commands an operator
 * uses (`npm run --silent cli -- product set-price <slug> <cents>` and the `shop` commands change them
 * later). Code reads prices
 * only from the stored settings.
 */
export const DEFAULT_SHOP: readonly ShopCommand[] = [
  {
    type: 'DefineProduct',
    data: {
      slug: 'launch',
      name: 'Paid launch',
      description:
        'Publishes one of your submitted listings at once, or schedules it for a chosen future week (`launch_week`, a Monday), on the paid plan: paid sections unlocked.',
      price_cents: 4900,
      needs_listing: true,
      kind: 'launch',
    },
  },
  {
    type: 'DefineProduct',
    data: {
      slug: 'billboard',
      name: 'Billboard contribution',
      description:
        'Money you contribute to the billboard, a PAID ranking of listings by money contributed. Choose `amount_cents`; `price_cents` is the minimum.',
      price_cents: 500,
      needs_listing: true,
      kind: 'billboard',
    },
  },
  { type: 'SetWeeklyLaunchCapacity', data: { capacity: 20 } },
  { type: 'SetSellerCountry', data: { country: 'IE' } },
];
