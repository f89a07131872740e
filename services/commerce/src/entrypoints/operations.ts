import { type commerceOperations, listOrderRefunds, payOrder, stripeWebhook } from '@listings/contracts';
import { type InternalOperationServed, typedHandlers } from '@listings/platform/service-host';
import type { CommerceOperationDeps } from '../application/commerce-deps.ts';
import { handleCreateCheckout } from '../application/create_checkout.ts';
import { handleGetOrder } from '../application/get_order.ts';
import { handleListMyOrders } from '../application/list_my_orders.ts';
import { handleListProducts } from '../application/list_products.ts';
import { handleListOrderRefunds } from '../application/list-order-refunds.ts';
import { handlePayOrder } from '../application/pay-order.ts';
import { handleQuoteOrder } from '../application/quote_order.ts';
import { handleRefundOrder } from '../application/refund_order.ts';
import { handleStripeWebhook } from '../application/stripe-webhook.ts';

/** The commerce operations served on the bus: each contract's operation id and its handler. */
export const commerceEndpoints = (deps: CommerceOperationDeps) =>
  typedHandlers<(typeof commerceOperations)[number]>({
    list_products: handleListProducts(deps),
    quote_order: handleQuoteOrder(deps),
    create_checkout: handleCreateCheckout(deps),
    list_my_orders: handleListMyOrders(deps),
    get_order: handleGetOrder(deps),
    refund_order: handleRefundOrder(deps),
  });

/** The internal operations: the checkout page's "pay", Stripe's webhook (relayed by the gateway), the refunds for the audit. */
export const commerceInternalEndpoints = (deps: CommerceOperationDeps): InternalOperationServed[] => [
  { contract: payOrder, handle: handlePayOrder(deps) },
  { contract: stripeWebhook, handle: handleStripeWebhook(deps) },
  { contract: listOrderRefunds, handle: handleListOrderRefunds(deps) },
];
