import type { commerceOperations } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { type CallOf, callerAccount, type OperationCall } from '@listings/platform/service-host';
import type { WorkflowRunner } from '@listings/platform/workflows';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { PaymentProvider } from '../adapters/payment-provider.ts';
import type { VatNumberCheck, VatRates } from '../domain/pricing/vat.ts';
import type { OrdersIndex } from '../projections/orders-index/evolve.ts';
import type { LaunchRules } from './launch-rules.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';

/** What the commerce operations need; main.ts builds it. */
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

/** the caller's account: signed in (401) with the orders scope (403) */
export const ordersCaller = (call: OperationCall): string => callerAccount(call, 'use orders');

/** a call of one commerce operation, typed from its contract */
export type CommerceCall<Id extends (typeof commerceOperations)[number]['operationId']> = CallOf<
  Extract<(typeof commerceOperations)[number], { operationId: Id }>
>;
