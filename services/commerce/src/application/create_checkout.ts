import { createHash, randomBytes } from 'node:crypto';
import { UNPAID_ORDERS_PER_ACCOUNT_MAX } from '@listings/contracts';
import { orderExpiresAt, orderStream } from '../domain/order/order.ts';
import type { OrderRequestInput } from '../domain/pricing/pricing.ts';
import { type CommerceCall, type CommerceOperationDeps, ordersCaller } from './commerce-deps.ts';
import { orderView } from './order-view.ts';
import { startOrderWorkflow } from './order-workflow-start.ts';
import { priceRequest } from './price-request.ts';

/**
 * create_checkout: places a pending order. The account's unpaid orders first (409 at the limit),
 * then the order's week slots (409 when a week is full), both held until the order would expire;
 * then `PlaceOrder`, and the order's payment workflow starts.
 */
export const handleCreateCheckout = (deps: CommerceOperationDeps) => async (call: CommerceCall<'create_checkout'>) => {
  const account = ordersCaller(call);
  const request = call.body as OrderRequestInput;
  const number = orderNumber(account, call.idempotencyKey);
  const existing = await deps.lifecycle.load(number);
  if (existing.status !== 'none') return orderView(deps, existing);
  const now = deps.clock.now();
  const placedAt = now.toISOString();
  const { lines, totals, capacity, holdMinutes } = await priceRequest(deps, account, request, now);
  const expiresAt = orderExpiresAt(placedAt, holdMinutes);
  await deps.rules.openUnpaidOrder(account, number, { limit: UNPAID_ORDERS_PER_ACCOUNT_MAX, expiresAt, at: placedAt });
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
  const result = await deps.lifecycle.runOrder(number, placeOrder, account).catch(async (error: unknown) => {
    // not placed (and no one else placed it meanwhile): the slots go back at once, not at expiry
    if ((await deps.store.readStream(orderStream(number))).length === 0) {
      await deps.rules.releaseWeeks(number, lines, 'abandoned', placedAt);
      await deps.rules.closeUnpaidOrder(account, number, 'abandoned', placedAt);
    }
    throw error;
  });
  if (result.position > 0) await deps.indexCaughtUp(result.position);
  await startOrderWorkflow(deps, result.state);
  return orderView(deps, result.state);
};

/** the same Idempotency-Key from the same account names the same order */
const orderNumber = (account: string, idempotencyKey: string | undefined): string =>
  idempotencyKey
    ? `ORD-${createHash('sha256').update(`create_checkout\n${account}\n${idempotencyKey}`).digest('hex').slice(0, 20)}`
    : `ORD-${randomBytes(10).toString('hex')}`;
