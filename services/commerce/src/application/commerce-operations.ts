import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { NotFoundError } from '@listings/platform/errors';
import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { callerAccount, type OperationCall, type OperationHandlers } from '@listings/platform/service-host';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import {
  type OrderCommand,
  type OrderLineData,
  type OrderState,
  orderDecider,
  orderExpiresAt,
  orderStatusAt,
  orderStream,
} from '../domain/order/order.ts';
import { type ListingFacts, type OrderRequestInput, priceOrder } from '../domain/pricing/price-order.ts';
import type { VatNumberCheck, VatRates } from '../domain/pricing/vat.ts';
import { SHOP_STREAM, type ShopCommand, type ShopSettings, shopDecider } from '../domain/shop/shop.ts';
import type { OrdersIndex } from '../projections/orders-index.ts';
import { runShopCommand } from './shop-admin.ts';

export interface CommerceOperationDeps {
  readonly store: EventStore;
  readonly index: () => OrdersIndex;
  readonly indexCaughtUp: (position: number) => Promise<void>;
  readonly catalog: CatalogClient;
  readonly rates: VatRates;
  readonly vatNumbers: VatNumberCheck;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export const checkoutPath = (number: string) => `/checkout/${number}`;

/** The five commerce operations, the checkout page's internal operations and the operator's shop commands. */
export const createCommerceOperations = (deps: CommerceOperationDeps) => {
  const at = () => deps.clock.now().toISOString();
  const callerOf = (call: OperationCall): string => callerAccount(call, 'use orders');

  const shop = async (): Promise<ShopSettings> => (await foldStream(deps.store, SHOP_STREAM, shopDecider)).state;
  const runShop = (command: ShopCommand, by: string) => runShopCommand(deps.store, command, by);

  const load = async (number: string): Promise<OrderState> =>
    (await foldStream(deps.store, orderStream(number), orderDecider)).state;
  const runOrder = (number: string, command: OrderCommand, by: string) =>
    handleCommand({ store: deps.store, stream: orderStream(number), decider: orderDecider, command, metadata: { by } });

  const lineView = (line: OrderLineData, fulfilled: boolean) => ({
    product: line.product,
    ...(line.listing_id !== undefined ? { listing_id: line.listing_id } : {}),
    ...(line.launch_week !== undefined ? { launch_week: line.launch_week } : {}),
    ...(line.extra_categories !== undefined ? { extra_categories: line.extra_categories } : {}),
    unit_price_cents: line.unit_price_cents,
    fulfilled,
  });

  const orderView = (state: OrderState) => {
    if (state.status === 'none') throw new NotFoundError('no such order');
    // a pending order past its time shows as expired before the sweep records it
    const status = orderStatusAt(state, at());
    return {
      number: state.number,
      status,
      totals: state.totals,
      lines: state.lines.map((line, i) => lineView(line, state.fulfilled[i] ?? false)),
      billing_country: state.billingCountry,
      vat_number: state.vatNumber,
      checkout_url: `${deps.publicUrl}${checkoutPath(state.number)}`,
      created_at: state.createdAt,
      expires_at: status === 'pending' ? state.expiresAt : null,
    };
  };

  /** records every pending order that was not paid in time as expired (its launch weeks are freed) */
  const expireDue = async (): Promise<number> => {
    const now = at();
    let expired = 0;
    for (const [number, pending] of deps.index().pending)
      if (orderExpiresAt(pending.createdAt) <= now) {
        const result = await runOrder(number, { type: 'ExpireOrder', data: { at: now } }, 'commerce');
        expired += result.events.length > 0 ? 1 : 0;
        if (result.position > 0) await deps.indexCaughtUp(result.position);
      }
    return expired;
  };

  const price = async (account: string, request: OrderRequestInput) => {
    const listings = new Map<number, ListingFacts>();
    // each listing once, with the extra categories its items would add (the catalog names unknown ones)
    const categoriesByListing = new Map<number, string[]>();
    for (const item of request.items)
      if (item.listing_id !== undefined)
        categoriesByListing.set(item.listing_id, [
          ...(categoriesByListing.get(item.listing_id) ?? []),
          ...(item.extra_categories ?? []),
        ]);
    await Promise.all(
      [...categoriesByListing].map(async ([id, categories]) => {
        const facts = await deps.catalog.describeListing(id, account, [...new Set(categories)]);
        if (facts) listings.set(id, facts);
      }),
    );
    const index = deps.index();
    return priceOrder({
      request,
      shop: await shop(),
      listings,
      launchesBooked: (week) => index.launchWeeks.get(week) ?? 0,
      now: deps.clock.now(),
      rates: deps.rates,
      vatNumbers: deps.vatNumbers,
    });
  };

  /** Tells the catalog what each paid line bought, then records it; safe to run again. */
  const fulfil = async (number: string) => {
    let state = await load(number);
    if (state.status !== 'paid') return state;
    for (const [i, line] of state.lines.entries()) {
      if (state.status === 'none' || state.fulfilled[i]) continue;
      const id = line.listing_id as number;
      if (line.kind === 'launch') {
        const facts = await deps.catalog.describeListing(id, state.accountId);
        const done = facts?.plan === 'paid' && (facts.status === 'live' || facts.status === 'scheduled');
        if (!done) await deps.catalog.publishPaid(id, line.launch_week ?? null, line.extra_categories);
      } else {
        await deps.catalog.contributeToBillboard(id, state.number, line.amount_cents as number);
      }
      state = (await runOrder(number, { type: 'RecordLineFulfilled', data: { line: i, at: at() } }, 'commerce')).state;
    }
    return state;
  };

  const handlers: OperationHandlers = {
    async list_products() {
      const { products } = await shop();
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
    },

    async quote_order(call) {
      const account = callerOf(call);
      const { lines, totals } = await price(account, call.body as OrderRequestInput);
      return {
        totals,
        lines: lines.map((line) => lineView(line, false)),
      };
    },

    async create_checkout(call) {
      const account = callerOf(call);
      const request = call.body as OrderRequestInput;
      // the same Idempotency-Key from the same account names the same order
      const number = call.idempotencyKey
        ? `ORD-${createHash('sha256').update(`create_checkout\n${account}\n${call.idempotencyKey}`).digest('hex').slice(0, 20)}`
        : `ORD-${randomBytes(10).toString('hex')}`;
      const existing = await load(number);
      if (existing.status !== 'none') return orderView(existing);
      const { lines, totals } = await price(account, request);
      const result = await runOrder(
        number,
        {
          type: 'PlaceOrder',
          data: {
            number,
            account_id: account,
            lines,
            totals,
            billing_country: request.billing_country ?? null,
            vat_number: request.vat_number ?? null,
            at: at(),
          },
        },
        account,
      );
      if (result.position > 0) await deps.indexCaughtUp(result.position);
      return orderView(result.state);
    },

    async list_my_orders(call) {
      const account = callerOf(call);
      const { page = 1, per_page = 20 } = call.query as { page?: number; per_page?: number };
      const mine = [...(deps.index().byAccount.get(account) ?? [])].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.number.localeCompare(a.number),
      );
      const slice = mine.slice((page - 1) * per_page, page * per_page);
      const items = await Promise.all(slice.map(async ({ number }) => orderView(await load(number))));
      return { items, page, per_page, total: mine.length };
    },

    async get_order(call) {
      const account = callerOf(call);
      const number = String(call.params.number);
      const state = await load(number);
      // someone else's order answers exactly like an unknown number
      if (state.status === 'none' || state.accountId !== account) throw new NotFoundError(`no order ${number}`);
      return orderView(state);
    },
  };

  return {
    handlers,
    /** the checkout page: the order number in the link is the credential */
    describeCheckout: async (request: { number: string }) => orderView(await load(request.number)),
    /** the local payment provider's "pay" step on the checkout page */
    payOrder: async (request: { number: string; payment_reference?: string }) => {
      const reference = request.payment_reference ?? `local-${randomBytes(6).toString('hex')}`;
      // too late: the expiry is recorded (freeing its weeks), then the payment is refused (409)
      await runOrder(request.number, { type: 'ExpireOrder', data: { at: at() } }, 'checkout');
      await runOrder(
        request.number,
        { type: 'PayOrder', data: { payment_reference: reference, at: at() } },
        'checkout',
      );
      return orderView(await fulfil(request.number));
    },
    fulfil,
    expireDue,
    shop,
    runShop,
  };
};
export type CommerceOperations = ReturnType<typeof createCommerceOperations>;
