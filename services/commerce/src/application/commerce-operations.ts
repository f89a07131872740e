import { createHash, randomBytes } from 'node:crypto';
import { type commerceOperations, UNPAID_ORDERS_PER_ACCOUNT_MAX } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { foldStream } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError } from '@listings/platform/errors';
import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { callerAccount, type OperationCall, typedHandlers } from '@listings/platform/service-host';
import type { WorkflowRunner } from '@listings/platform/workflows';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import { type PaymentProvider, PaymentSignatureError } from '../adapters/payment-provider.ts';
import { LaunchTakenError } from '../domain/listing-launch/listing-launch.ts';
import {
  type OrderLineData,
  type OrderState,
  orderExpiresAt,
  orderStatusAt,
  orderStream,
} from '../domain/order/order.ts';
import { type ListingFacts, type OrderRequestInput, priceOrder } from '../domain/pricing/price-order.ts';
import type { VatNumberCheck, VatRates } from '../domain/pricing/vat.ts';
import { SHOP_STREAM, type ShopCommand, type ShopSettings, shopDecider } from '../domain/shop/shop.ts';
import type { OrdersIndex } from '../projections/orders-index.ts';
import { type OrderWorkflowInput, orderWorkflowId, PAID_SIGNAL } from '../workflows/order-workflow.ts';
import { catalogShowsPaidLaunch, type LaunchRules } from './launch-rules.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { runShopCommand } from './shop-admin.ts';

export interface CommerceOperationDeps {
  readonly store: EventStore;
  readonly index: () => OrdersIndex;
  readonly indexCaughtUp: (position: number) => Promise<void>;
  /** resolves when the orders index changes next, or after `timeoutMs` */
  readonly indexChanged: (timeoutMs: number) => Promise<void>;
  /** how long paying waits for the fulfilment before answering with the order as it is (`paid`) */
  readonly payWaitMs: number;
  readonly lifecycle: OrderLifecycle;
  /** the week capacity and one-launch-per-listing streams */
  readonly rules: LaunchRules;
  /** runs each order's payment workflow (`order`, id `orderWorkflowId(number)`) */
  readonly runner: WorkflowRunner;
  readonly catalog: CatalogClient;
  /** the payment port: the local development provider, or Stripe Checkout */
  readonly payments: PaymentProvider;
  readonly rates: VatRates;
  readonly vatNumbers: VatNumberCheck;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export const checkoutPath = (number: string) => `/checkout/${number}`;

/** a payment provider's notification whose signature does not verify: 400, nothing changes */
export class BadSignatureError extends DomainError {
  constructor(detail: string) {
    super(400, 'bad-signature', 'Signature does not verify', detail);
  }
}

/** The five commerce operations, the checkout page's internal operations and the operator's shop commands. */
export const createCommerceOperations = (deps: CommerceOperationDeps) => {
  const at = () => deps.clock.now().toISOString();
  const callerOf = (call: OperationCall): string => callerAccount(call, 'use orders');

  const shop = async (): Promise<ShopSettings> => (await foldStream(deps.store, SHOP_STREAM, shopDecider)).state;
  const runShop = (command: ShopCommand, by: string) => runShopCommand(deps.store, command, by);

  const { load, runOrder } = deps.lifecycle;

  /**
   * starts (or finds running) the order's payment workflow: a pending order's waits while it can be
   * paid, a paid order's goes straight to its events (and fulfils it)
   */
  const startLifecycle = (state: OrderState) =>
    state.status === 'none'
      ? Promise.resolve()
      : deps.runner.start('order', orderWorkflowId(state.number), {
          number: state.number,
          payWithinMs:
            state.status === 'pending' ? Math.max(0, Date.parse(state.expiresAt) - deps.clock.now().getTime()) : 0,
        } satisfies OrderWorkflowInput);

  /** waits (up to `timeoutMs`) while a paid order is being fulfilled (or refused line by line), then answers its state */
  const settledOrder = async (number: string, timeoutMs: number): Promise<OrderState> => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const state = await load(number);
      const left = deadline - performance.now();
      if (state.status !== 'paid' || left <= 0) return state;
      // every line carried out or refused by the catalog: nothing more is coming
      if (state.lineRefusals.every((reason, i) => reason !== null || state.fulfilled[i])) return state;
      await deps.indexChanged(left);
    }
  };

  const lineView = (line: OrderLineData, fulfilled: boolean) => ({
    product: line.product,
    ...(line.listing_id !== undefined ? { listing_id: line.listing_id } : {}),
    ...(line.launch_week !== undefined ? { launch_week: line.launch_week } : {}),
    ...(line.extra_categories !== undefined ? { extra_categories: line.extra_categories } : {}),
    unit_price_cents: line.unit_price_cents,
    fulfilled,
  });

  /** a paid order a line of which the catalog refused says so (null when none was refused) */
  const lineRefusalsReason = (state: Exclude<OrderState, { status: 'none' }>): string | null => {
    const refused = state.lineRefusals.flatMap((reason, i) =>
      reason === null ? [] : [`line ${i + 1} (listing ${state.lines[i]?.listing_id}): ${reason}`],
    );
    if (refused.length === 0) return null;
    const refunds = state.lineRefunds.flatMap((refund, i) => (refund === null ? [] : [{ i, ...refund }]));
    const unrefunded = state.lineRefusals.some((reason, i) => reason !== null && state.lineRefunds[i] === null);
    const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    return `Paid, but the catalog could not carry out ${refused.join('; ')}. ${
      unrefunded
        ? 'This needs a refund.'
        : `Refunded: ${refunds.map((r) => `line ${r.i + 1} ${usd(r.amountCents)}`).join(', ')}.`
    }`;
  };

  /** how long the order could be paid, in words: "30 minutes", "24 hours" */
  const holdWords = (state: Exclude<OrderState, { status: 'none' }>) => {
    const minutes = Math.round((Date.parse(state.expiresAt) - Date.parse(state.createdAt)) / 60_000);
    return minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  };

  const orderView = (state: OrderState) => {
    if (state.status === 'none') throw new NotFoundError('no such order');
    // a pending order past its time shows as expired before its workflow records it
    const status = orderStatusAt(state, at());
    return {
      number: state.number,
      status,
      status_reason:
        status === 'refused'
          ? state.refusedBecause
          : status === 'expired'
            ? `Not paid within ${holdWords(state)}: nothing was charged.`
            : status === 'paid'
              ? lineRefusalsReason(state)
              : null,
      totals: state.totals,
      lines: state.lines.map((line, i) => lineView(line, state.fulfilled[i] ?? false)),
      billing_country: state.billingCountry,
      vat_number: state.vatNumber,
      checkout_url: `${deps.publicUrl}${checkoutPath(state.number)}`,
      created_at: state.createdAt,
      expires_at: status === 'pending' ? state.expiresAt : null,
    };
  };

  /**
   * Prices the request for `account` (400 naming each bad field). A launch of a listing whose paid
   * launch is taken already (by a paid order, or shown by the catalog from before that was
   * recorded) is 409: the fast answer; paying decides for good.
   */
  const price = async (account: string, request: OrderRequestInput, now: Date) => {
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
    for (const item of request.items) {
      if (item.product !== 'launch' || item.listing_id === undefined || !listings.has(item.listing_id)) continue;
      const taken =
        catalogShowsPaidLaunch(listings.get(item.listing_id)) ||
        (await deps.rules.listingLaunch(item.listing_id)).status === 'held';
      if (taken) throw new LaunchTakenError(item.listing_id);
    }
    const settings = await shop();
    const priced = priceOrder({
      request,
      shop: settings,
      listings,
      now,
      rates: deps.rates,
      vatNumbers: deps.vatNumbers,
    });
    return { ...priced, capacity: settings.weeklyLaunchCapacity, holdMinutes: settings.pendingOrderHoldMinutes };
  };

  const handlers = typedHandlers<(typeof commerceOperations)[number]>({
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
      const now = deps.clock.now();
      const { lines, totals, capacity } = await price(account, call.body as OrderRequestInput, now);
      // availability as the week streams say it now; only a checkout reserves
      await deps.rules.checkWeeksOpen(lines, capacity, now.toISOString());
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
      const now = deps.clock.now();
      const placedAt = now.toISOString();
      const { lines, totals, capacity, holdMinutes } = await price(account, request, now);
      const expiresAt = orderExpiresAt(placedAt, holdMinutes);
      // the account's unpaid orders first (409 at the limit), then the order's week slots (409 when
      // a week is full); both held until the order would expire
      await deps.rules.openUnpaidOrder(account, number, {
        limit: UNPAID_ORDERS_PER_ACCOUNT_MAX,
        expiresAt,
        at: placedAt,
      });
      try {
        await deps.rules.reserveWeeks(number, lines, { capacity, expiresAt, at: placedAt });
      } catch (error) {
        await deps.rules.closeUnpaidOrder(account, number, 'abandoned', placedAt);
        throw error;
      }
      const placeOrder = {
        type: 'PlaceOrder' as const,
        data: {
          number,
          account_id: account,
          lines,
          totals,
          billing_country: request.billing_country ?? null,
          vat_number: request.vat_number ?? null,
          at: placedAt,
          expires_at: expiresAt,
        },
      };
      const result = await runOrder(number, placeOrder, account).catch(async (error: unknown) => {
        // not placed (and no one else placed it meanwhile): the slots go back at once, not at expiry
        if ((await deps.store.readStream(orderStream(number))).length === 0) {
          await deps.rules.releaseWeeks(number, lines, 'abandoned', placedAt);
          await deps.rules.closeUnpaidOrder(account, number, 'abandoned', placedAt);
        }
        throw error;
      });
      if (result.position > 0) await deps.indexCaughtUp(result.position);
      await startLifecycle(result.state);
      return orderView(result.state);
    },

    async list_my_orders(call) {
      const account = callerOf(call);
      const { page = 1, per_page = 20 } = call.query;
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
  });

  return {
    handlers,
    /**
     * The "pay" step on the checkout page, by the signed-in account. The launch rules decide first
     * (refused: 409 with why, nothing charged). The local provider then pays at once; Stripe answers
     * the order with `payment_url`, a Checkout Session to send the person to: the order stays
     * `pending` until Stripe's verified webhook pays it (`stripeWebhook`).
     */
    payOrder: async (request: { number: string; account_id: string; payment_reference?: string }) => {
      // someone else's order answers exactly like an unknown number, whoever relays the request
      const owned = await load(request.number);
      if (owned.status === 'none' || owned.accountId !== request.account_id)
        throw new NotFoundError(`no order ${request.number}`);
      // too late: the expiry is recorded (releasing its week slots), then the payment is refused (409)
      await deps.lifecycle.expireIfDue(request.number);
      if (deps.payments.name !== 'local') {
        const held = await deps.lifecycle.applyLaunchRules(request.number);
        if (held.status === 'refused') throw new ConflictError(`this order was refused: ${held.refusedBecause}`);
        if (held.status === 'expired') throw new ConflictError('this order expired unpaid: create a new checkout');
        if (held.status !== 'pending') return orderView(held);
        const started = await deps.payments.start({
          orderNumber: held.number,
          accountId: held.accountId,
          totalCents: held.totals.total_cents,
          currency: 'USD',
          description: held.lines
            .map((line) => `${line.product}${line.listing_id !== undefined ? ` (listing ${line.listing_id})` : ''}`)
            .join(', '),
          returnUrl: `${deps.publicUrl}${checkoutPath(held.number)}`,
          payableUntil: held.expiresAt,
        });
        if (started.kind === 'redirect') return { ...orderView(held), payment_url: started.url };
      }
      const reference = request.payment_reference ?? `local-${randomBytes(6).toString('hex')}`;
      // the launch rules decide before the order counts as paid: refused (409, with why) or paid
      const state = await deps.lifecycle.pay(request.number, reference);
      // the payment workflow fulfils the order; the page shows the outcome if it comes quickly
      await startLifecycle(state);
      await deps.runner.signal(orderWorkflowId(request.number), PAID_SIGNAL, { payment_reference: reference });
      return orderView(await settledOrder(request.number, deps.payWaitMs));
    },
    /**
     * Stripe's webhook, relayed raw by the gateway. Only a verified captured payment
     * (`checkout.session.completed` paid, or `async_payment_succeeded`) pays its order, after the
     * launch rules once more. The same event again changes nothing (the order is paid by that
     * payment already); another payment of a paid order, or one that arrives for an order that can
     * no longer be paid (expired, refused), is refunded; an unknown order is acknowledged and logged.
     */
    stripeWebhook: async (request: {
      payload: string;
      signature: string;
    }): Promise<{
      received: true;
      outcome: 'paid' | 'already_paid' | 'refunded' | 'amount_mismatch' | 'unknown_order' | 'ignored';
    }> => {
      if (deps.payments.name !== 'stripe') throw new NotFoundError('Stripe is not the payment provider here');
      const note = await deps.payments.verifyNotification(request.payload, request.signature).catch((error) => {
        throw error instanceof PaymentSignatureError ? new BadSignatureError(error.message) : error;
      });
      if (note.kind === 'ignored') {
        deps.logger.info({ event_id: note.eventId, type: note.type }, 'Stripe event ignored');
        return { received: true, outcome: 'ignored' };
      }
      const number = note.orderNumber;
      const state = number
        ? await load(number).catch(() => ({ status: 'none' as const }))
        : { status: 'none' as const };
      if (!number || state.status === 'none') {
        deps.logger.warn(
          { event_id: note.eventId, order_number: number, payment: note.reference },
          'Stripe payment for an unknown order: acknowledged, nothing changed',
        );
        return { received: true, outcome: 'unknown_order' };
      }
      const refund = async (why: string) => {
        const { refundId } = await deps.payments.refund({
          reference: note.reference,
          reason: why,
          idempotencyKey: `refund-${note.reference}`,
        });
        deps.logger.warn(
          { event_id: note.eventId, order_number: number, payment: note.reference, refund: refundId },
          `payment refunded: ${why}`,
        );
        return { received: true as const, outcome: 'refunded' as const };
      };
      // money that is not the order's total (another amount, another currency, or none at all, as a
      // session completed with `no_payment_required`) never pays it: the order is left as it is,
      // and what was taken goes back
      if (note.amountCents !== state.totals.total_cents || note.currency !== state.totals.currency) {
        deps.logger.error(
          {
            event_id: note.eventId,
            order_number: number,
            payment: note.reference,
            paid: { amount_cents: note.amountCents, currency: note.currency },
            owed: { amount_cents: state.totals.total_cents, currency: state.totals.currency },
          },
          'Stripe payment does not match the order total: the order is not paid by it',
        );
        await refund(`the payment (${note.amountCents ?? 'no'} ${note.currency ?? ''}) is not order ${number}'s total`);
        return { received: true, outcome: 'amount_mismatch' };
      }
      if (state.status === 'paid' || state.status === 'fulfilled')
        return state.paymentReference === note.reference
          ? { received: true, outcome: 'already_paid' }
          : refund(`order ${number} was paid already by another payment`);
      if (state.status === 'pending') {
        await deps.lifecycle.expireIfDue(number);
        try {
          const paid = await deps.lifecycle.pay(number, note.reference, { captured: true });
          // another payment of this order got there first (two sessions completing at once): this one goes back
          if (paid.status !== 'none' && paid.paymentReference !== note.reference)
            return refund(`order ${number} was paid already by another payment`);
          await startLifecycle(paid);
          await deps.runner.signal(orderWorkflowId(number), PAID_SIGNAL, { payment_reference: note.reference });
          return { received: true, outcome: 'paid' };
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      // refused (the launch rules said no when the money arrived, or before) or expired: money back
      const ended = await load(number);
      return refund(
        ended.status === 'refused'
          ? `order ${number} was refused: ${ended.refusedBecause}`
          : `order ${number} can no longer be paid (${ended.status})`,
      );
    },
    /** after a restart: every pending or paid-but-unfulfilled order's workflow runs again */
    resumeLifecycles: async (): Promise<number> => {
      const numbers = [...deps.index().pending.keys(), ...deps.index().unfulfilled];
      for (const number of numbers) await startLifecycle(await load(number));
      return numbers.length;
    },
    shop,
    runShop,
  };
};
export type CommerceOperations = ReturnType<typeof createCommerceOperations>;
