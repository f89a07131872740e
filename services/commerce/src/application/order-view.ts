import { NotFoundError } from '@listings/platform/errors';
import { type OrderLineData, type OrderState, orderStatusAt } from '../domain/order/order.ts';
import type { CommerceOperationDeps } from './commerce-deps.ts';

type PlacedOrder = Exclude<OrderState, { status: 'none' }>;

export const checkoutPath = (number: string) => `/checkout/${number}`;

/** an order line of the contracts */
export const lineView = (line: OrderLineData, fulfilled: boolean) => ({
  product: line.product,
  ...(line.listing_id !== undefined ? { listing_id: line.listing_id } : {}),
  ...(line.launch_week !== undefined ? { launch_week: line.launch_week } : {}),
  ...(line.extra_categories !== undefined ? { extra_categories: line.extra_categories } : {}),
  unit_price_cents: line.unit_price_cents,
  fulfilled,
});

/** The Order of the contracts (404 for no order). */
export const orderView = (deps: Pick<CommerceOperationDeps, 'clock' | 'publicUrl'>, state: OrderState) => {
  if (state.status === 'none') throw new NotFoundError('no such order');
  // a pending order past its time shows as expired before its workflow records it
  const status = orderStatusAt(state, deps.clock.now().toISOString());
  return {
    number: state.number,
    status,
    status_reason: statusReason(state, status),
    totals: state.totals,
    lines: state.lines.map((line, i) => lineView(line, state.fulfilled[i] ?? false)),
    billing_country: state.billingCountry,
    vat_number: state.vatNumber,
    checkout_url: `${deps.publicUrl}${checkoutPath(state.number)}`,
    created_at: state.createdAt,
    expires_at: status === 'pending' ? state.expiresAt : null,
  };
};

const statusReason = (state: PlacedOrder, status: ReturnType<typeof orderStatusAt>): string | null =>
  status === 'refused'
    ? state.refusedBecause
    : status === 'refunded' && state.refund
      ? `Refunded $${(state.refund.amountCents / 100).toFixed(2)}: ${state.refund.reason}`
      : status === 'expired'
        ? `Not paid within ${holdWords(state)}: nothing was charged.`
        : status === 'paid'
          ? lineRefusalsReason(state)
          : null;

/** a paid order a line of which the catalog refused says so (null when none was refused) */
const lineRefusalsReason = (state: PlacedOrder): string | null => {
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
const holdWords = (state: PlacedOrder) => {
  const minutes = Math.round((Date.parse(state.expiresAt) - Date.parse(state.createdAt)) / 60_000);
  return minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
