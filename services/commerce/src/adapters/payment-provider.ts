import { randomBytes } from 'node:crypto';

/** What commerce asks a provider to collect for one order (the launch rules said yes already). */
export interface PaymentRequest {
  readonly orderNumber: string;
  readonly accountId: string;
  /** the order's total in cents, VAT included */
  readonly totalCents: number;
  readonly currency: 'USD';
  /** one line per order line, shown by hosted payment pages */
  readonly description: string;
  /** the checkout page: where the person comes back to, paid or not */
  readonly returnUrl: string;
  /** when the order stops being payable (a hosted session should not outlive it) */
  readonly payableUntil: string;
}

/**
 * How a payment starts: captured at once (the local development provider: the order is paid now),
 * or handed off to a hosted page (`redirect`): the order is paid later, by the provider's verified
 * notification only.
 */
export type PaymentStart =
  | { readonly kind: 'captured'; readonly reference: string }
  | { readonly kind: 'redirect'; readonly url: string; readonly sessionId: string };

/** A provider's verified notification, reduced to what commerce acts on. */
export type PaymentNotification =
  | {
      readonly kind: 'payment_captured';
      readonly eventId: string;
      /** the order it names (metadata), or null when it names none */
      readonly orderNumber: string | null;
      /** what a refund needs (Stripe: the payment intent) */
      readonly reference: string;
      /** what was paid, in the currency's minor unit, and its ISO 4217 code (upper case), as the provider says */
      readonly amountCents: number | null;
      readonly currency: string | null;
    }
  | { readonly kind: 'ignored'; readonly eventId: string; readonly type: string };

/** the notification's signature does not verify (400; nothing changes) */
export class PaymentSignatureError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'PaymentSignatureError';
  }
}

/**
 * The payment port (commerce's only way to money). `local`: today's development provider, which
 * captures nothing and pays at once. `stripe`: Stripe Checkout (adapters/stripe-payments.ts).
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Gives back what was captured for an order (all of it when `amountCents` is absent); the same
   * `idempotencyKey` again refunds nothing more.
   */
  refund(input: {
    readonly reference: string;
    readonly amountCents?: number;
    readonly reason: string;
    readonly idempotencyKey: string;
  }): Promise<{ readonly refundId: string }>;
  /** verifies a notification's raw body against its signature header; PaymentSignatureError when it does not */
  verifyNotification(rawBody: string, signature: string): Promise<PaymentNotification>;
}

/** The local development provider: nothing is charged, the order counts as paid at once. */
export const createLocalPaymentProvider = (): PaymentProvider => ({
  name: 'local',
  start: async () => ({ kind: 'captured', reference: `local-${randomBytes(6).toString('hex')}` }),
  // nothing was charged, so nothing goes back
  refund: async ({ reference }) => ({ refundId: `local-refund-${reference}` }),
  verifyNotification: async () => {
    throw new PaymentSignatureError('the local payment provider sends no notifications');
  },
});
