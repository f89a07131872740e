import Stripe from 'stripe';
import {
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  PaymentSignatureError,
} from './payment-provider.ts';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** another API base, e.g. a stripe-mock on loopback in tests; default Stripe's own */
  readonly apiBase?: string;
}

/** a Checkout Session lives at least 30 minutes and at most 24 hours (Stripe's limits) */
const MIN_SESSION_S = 31 * 60;
const MAX_SESSION_S = 23 * 60 * 60 + 55 * 60;

/** what a Checkout Session's events say about its money */
const capturedBy = (session: Stripe.Checkout.Session): string | null => {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
};

/**
 * What a session was paid in the currency it was created in (the order's): its total, or, for a
 * session whose customer paid in another currency under Adaptive Pricing as Stripe first did it
 * (`currency_conversion`), the total in the source currency.
 */
const paidOf = (session: Stripe.Checkout.Session): { amountCents: number | null; currency: string | null } => {
  const converted = session.currency_conversion;
  if (converted) return { amountCents: converted.amount_total, currency: converted.source_currency.toUpperCase() };
  return {
    amountCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
};

/** a failed Stripe call, with any trace of the secret key taken out of its message */
export class StripeCallError extends Error {
  readonly statusCode: number | null;
  constructor(message: string, statusCode: number | null) {
    super(message);
    this.name = 'StripeCallError';
    this.statusCode = statusCode;
  }
}

/**
 * The Stripe Checkout adapter of the payment port: a hosted Checkout Session per payment attempt
 * (mode `payment`, one line of the order's total in USD cents, `metadata.order_number` and
 * `client_reference_id`), refunds of its payment intent, and webhook verification with the
 * endpoint's signing secret. The keys are never logged or put in errors.
 */
export const createStripePaymentProvider = (settings: StripeSettings, now: () => Date = () => new Date()) => {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });

  /** runs a Stripe call; its failure is rethrown without the key (Stripe's own errors can echo it, and loggers print causes) */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const message = String((error as Error).message ?? error).replaceAll(settings.secretKey, '[secret key]');
      const status = (error as { statusCode?: unknown }).statusCode;
      throw new StripeCallError(`Stripe ${what} failed: ${message}`, typeof status === 'number' ? status : null);
    }
  };

  const start = async (request: PaymentRequest) => {
    const nowS = Math.floor(now().getTime() / 1000);
    const untilS = Math.floor(Date.parse(request.payableUntil) / 1000);
    const expiresAt = Math.min(nowS + MAX_SESSION_S, Math.max(nowS + MIN_SESSION_S, untilS));
    const session = await call('creating a Checkout Session', () =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: request.orderNumber,
        metadata: { order_number: request.orderNumber },
        payment_intent_data: { metadata: { order_number: request.orderNumber } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.totalCents,
              product_data: { name: `Order ${request.orderNumber}`, description: request.description },
            },
          },
        ],
        // no payment_method_types (this API version has none): Checkout offers the account's
        // dynamic payment methods, card, wallets, PayPal and crypto as far as the account enables them
        success_url: `${request.returnUrl}?payment=done`,
        cancel_url: `${request.returnUrl}?payment=cancelled`,
        expires_at: expiresAt,
      }),
    );
    if (!session.url) throw new Error(`Stripe gave no URL for the Checkout Session of order ${request.orderNumber}`);
    return { kind: 'redirect' as const, url: session.url, sessionId: session.id };
  };

  const provider: PaymentProvider & { retrieveSession: (id: string) => Promise<Stripe.Checkout.Session> } = {
    name: 'stripe',
    start,
    refund: async ({ reference, amountCents, reason, idempotencyKey }) => {
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: reference,
            ...(amountCents !== undefined ? { amount: amountCents } : {}),
            metadata: { reason: reason.slice(0, 500) },
          },
          { idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
    verifyNotification: async (rawBody, signature): Promise<PaymentNotification> => {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new PaymentSignatureError(`the Stripe signature does not verify: ${(error as Error).message}`);
      }
      const paidSession =
        (event.type === 'checkout.session.completed' &&
          (event.data.object.payment_status === 'paid' ||
            event.data.object.payment_status === 'no_payment_required')) ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (!paidSession) return { kind: 'ignored', eventId: event.id, type: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      const reference = capturedBy(session);
      if (!reference) return { kind: 'ignored', eventId: event.id, type: `${event.type} without a payment intent` };
      return {
        kind: 'payment_captured',
        eventId: event.id,
        orderNumber: session.metadata?.order_number ?? session.client_reference_id ?? null,
        reference,
        ...paidOf(session),
      };
    },
    retrieveSession: (id) => call('reading a Checkout Session', () => stripe.checkout.sessions.retrieve(id)),
  };
  return provider;
};
