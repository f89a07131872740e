import type { CommerceOperationDeps } from './commerce-deps.ts';

/** commerce.internal.list_order_refunds: every operator's refund, from the orders index (the audit asks). */
export const handleListOrderRefunds = (deps: CommerceOperationDeps) => async () => ({
  items: [...deps.index().refunds].map(([number, refund]) => ({ number, ...refund })),
});
