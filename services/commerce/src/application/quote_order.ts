import type { OrderRequestInput } from '../domain/pricing/pricing.ts';
import { type CommerceCall, type CommerceOperationDeps, ordersCaller } from './commerce-deps.ts';
import { lineView } from './order-view.ts';
import { priceRequest } from './price-request.ts';

/** quote_order: what the order would cost, and whether its launch weeks are open; nothing is reserved. */
export const handleQuoteOrder = (deps: CommerceOperationDeps) => async (call: CommerceCall<'quote_order'>) => {
  const account = ordersCaller(call);
  const now = deps.clock.now();
  const { lines, totals, capacity } = await priceRequest(deps, account, call.body as OrderRequestInput, now);
  // availability as the week streams say it now; only a checkout reserves
  await deps.rules.checkWeeksOpen(lines, capacity, now.toISOString());
  return { totals, lines: lines.map((line) => lineView(line, false)) };
};
