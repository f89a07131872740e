import { extraCategoriesProblem } from '@listings/contracts';
import { type FieldError, ValidationError } from '@listings/platform/errors';
import type { OrderLineData, OrderTotals } from '../order/order.ts';
import type { ShopSettings } from '../shop/shop.ts';
import type { ListingFacts, OrderItemInput, OrderRequestInput } from './pricing.ts';
import { decideVat, InvalidVatNumber, type VatNumberCheck, type VatRates, vatCents } from './vat.ts';

const PUBLISHABLE = new Set(['draft', 'awaiting_badge', 'scheduled']);
const CONTRIBUTABLE = new Set(['draft', 'awaiting_badge', 'scheduled', 'live']);

const mondayOf = (date: Date): string => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/**
 * Prices and validates an order, pure: every option is checked and each failure names its field
 * (`body.items.0.launch_week`). Listing facts and the clock arrive as inputs. Whether a week has a
 * slot left is not a property of the request: the week's own stream answers it (409).
 */
export const priceOrder = (input: {
  request: OrderRequestInput;
  shop: ShopSettings;
  listings: ReadonlyMap<number, ListingFacts>;
  now: Date;
  rates: VatRates;
  vatNumbers: VatNumberCheck;
}): { lines: OrderLineData[]; totals: OrderTotals } => {
  const errors: FieldError[] = [];
  const lines: OrderLineData[] = [];
  const thisMonday = mondayOf(input.now);
  const launchedInOrder = new Set<number>();

  /** prices one item into `lines`; false (and a field error) when it cannot be bought */
  const priceItem = (item: OrderItemInput, i: number): boolean => {
    const at = (name: string) => `body.items.${i}${name ? `.${name}` : ''}`;
    const fail = (name: string, message: string): false => {
      errors.push({ field: at(name), message });
      return false;
    };
    const product = input.shop.products.get(item.product);
    if (!product) return fail('product', `unknown product ${item.product}; see list_products`);
    if (item.extra_categories !== undefined && product.kind !== 'launch')
      return fail('extra_categories', 'extra categories come with a launch');
    let listing: ListingFacts | undefined;
    if (product.needs_listing) {
      if (item.listing_id === undefined)
        return fail('listing_id', `${product.slug} is bought for one of your listings`);
      listing = input.listings.get(item.listing_id);
      if (!listing) return fail('listing_id', `you have no listing ${item.listing_id}`);
    } else if (item.listing_id !== undefined) return fail('listing_id', `${product.slug} is not bought for a listing`);

    switch (product.kind) {
      case 'launch': {
        if (item.amount_cents !== undefined) return fail('amount_cents', 'only for a billboard contribution');
        const id = item.listing_id as number;
        if (listing && (!PUBLISHABLE.has(listing.status) || listing.plan === 'paid'))
          return fail(
            'listing_id',
            `listing ${id} is ${listing.status} on the ${listing.plan} plan: it cannot get a paid launch`,
          );
        if (launchedInOrder.has(id)) return fail('listing_id', `listing ${id} is launched twice in this order`);
        launchedInOrder.add(id);
        if (item.launch_week !== undefined) {
          const week = item.launch_week;
          const date = new Date(`${week}T00:00:00Z`);
          if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== week)
            return fail('launch_week', 'is not a calendar date');
          if (mondayOf(date) !== week) return fail('launch_week', 'must be a Monday');
          if (week <= thisMonday) return fail('launch_week', 'must be a future week (leave it out to go live now)');
        }
        if (item.extra_categories !== undefined && listing) {
          const extras = item.extra_categories;
          const unknown = extras.filter((slug) => listing.unknown_categories.includes(slug));
          if (unknown.length > 0) return fail('extra_categories', `unknown categories: ${unknown.join(', ')}`);
          const problem = extraCategoriesProblem(extras, listing.primary_category);
          if (problem) return fail('extra_categories', problem);
        }
        lines.push({
          product: product.slug,
          kind: 'launch',
          listing_id: id,
          ...(item.launch_week !== undefined ? { launch_week: item.launch_week } : {}),
          ...(item.extra_categories !== undefined ? { extra_categories: item.extra_categories } : {}),
          unit_price_cents: product.price_cents,
        });
        return true;
      }
      case 'billboard': {
        if (item.launch_week !== undefined) return fail('launch_week', 'only for a launch');
        if (listing && !CONTRIBUTABLE.has(listing.status))
          return fail('listing_id', `listing ${item.listing_id} is ${listing.status}`);
        if (item.amount_cents === undefined) return fail('amount_cents', 'choose the amount to contribute');
        if (item.amount_cents < product.price_cents)
          return fail('amount_cents', `the minimum contribution is ${product.price_cents} cents`);
        lines.push({
          product: product.slug,
          kind: 'billboard',
          listing_id: item.listing_id as number,
          amount_cents: item.amount_cents,
          unit_price_cents: item.amount_cents,
        });
        return true;
      }
    }
  };
  input.request.items.forEach(priceItem);

  let vat = { rate: 0, reverseCharge: false };
  try {
    vat = decideVat({
      billingCountry: input.request.billing_country,
      vatNumber: input.request.vat_number,
      sellerCountry: input.shop.sellerCountry,
      rates: input.rates,
      vatNumbers: input.vatNumbers,
    });
  } catch (error) {
    if (!(error instanceof InvalidVatNumber)) throw error;
    errors.push({ field: 'body.vat_number', message: error.message });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const subtotal = lines.reduce((sum, line) => sum + line.unit_price_cents, 0);
  const vatAmount = vatCents(subtotal, vat.rate);
  return {
    lines,
    totals: {
      subtotal_cents: subtotal,
      vat_cents: vatAmount,
      total_cents: subtotal + vatAmount,
      vat_rate: vat.rate,
      reverse_charge: vat.reverseCharge,
      currency: 'USD',
    },
  };
};
