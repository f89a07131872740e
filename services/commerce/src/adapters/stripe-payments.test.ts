import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStripeMock, startStripeMock, stripeMockBinary } from '../../test/stripe-mock.ts';
import { PaymentSignatureError } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payments.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const found = stripeMockBinary();
const missing = 'missing' in found ? found.missing : null;
if (missing) console.log(`skipping the Stripe adapter's API calls: ${missing}`);

const signed = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
const sessionEvent = (id: string, type: string, session: object) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: 1_900_000_000,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object: { id: 'cs_test_1', object: 'checkout.session', ...session } },
});

describe('Stripe payment adapter: webhook verification', () => {
  const provider = createStripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET });

  it('reads a signed checkout.session.completed as a captured payment of the order it names', async () => {
    const { payload, signature } = signed(
      sessionEvent('evt_1', 'checkout.session.completed', {
        payment_status: 'paid',
        payment_intent: 'pi_123',
        amount_total: 4900,
        currency: 'usd',
        metadata: { order_number: 'ORD-0123456789abcdef0123' },
        client_reference_id: 'ORD-0123456789abcdef0123',
      }),
    );
    expect(await provider.verifyNotification(payload, signature)).toEqual({
      kind: 'payment_captured',
      eventId: 'evt_1',
      orderNumber: 'ORD-0123456789abcdef0123',
      reference: 'pi_123',
      amountCents: 4900,
      currency: 'USD',
    });
  });

  it('reads what was paid in the order’s currency: the session total, or the source total of a converted session', async () => {
    const converted = signed(
      sessionEvent('evt_fx', 'checkout.session.completed', {
        payment_status: 'paid',
        payment_intent: 'pi_fx',
        amount_total: 4512,
        currency: 'eur',
        currency_conversion: { amount_subtotal: 4900, amount_total: 4900, fx_rate: '0.92', source_currency: 'usd' },
        metadata: { order_number: 'ORD-x' },
      }),
    );
    expect(await provider.verifyNotification(converted.payload, converted.signature)).toMatchObject({
      amountCents: 4900,
      currency: 'USD',
    });
    const bare = signed(
      sessionEvent('evt_bare', 'checkout.session.completed', { payment_status: 'paid', payment_intent: 'pi_bare' }),
    );
    expect(await provider.verifyNotification(bare.payload, bare.signature)).toMatchObject({
      amountCents: null,
      currency: null,
    });
  });

  it('refuses a payload signed with another secret, or changed after signing', async () => {
    const event = sessionEvent('evt_2', 'checkout.session.completed', {
      payment_status: 'paid',
      payment_intent: 'pi_1',
    });
    const other = signed(event, 'whsec_someone_else');
    await expect(provider.verifyNotification(other.payload, other.signature)).rejects.toBeInstanceOf(
      PaymentSignatureError,
    );
    const good = signed(event);
    await expect(
      provider.verifyNotification(good.payload.replace('pi_1', 'pi_2'), good.signature),
    ).rejects.toBeInstanceOf(PaymentSignatureError);
    await expect(provider.verifyNotification(good.payload, 'garbage')).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('ignores events that capture nothing (an unpaid completion waits for async_payment_succeeded)', async () => {
    const unpaid = signed(
      sessionEvent('evt_3', 'checkout.session.completed', { payment_status: 'unpaid', payment_intent: 'pi_3' }),
    );
    expect(await provider.verifyNotification(unpaid.payload, unpaid.signature)).toMatchObject({ kind: 'ignored' });
    const later = signed(
      sessionEvent('evt_4', 'checkout.session.async_payment_succeeded', {
        payment_status: 'paid',
        payment_intent: 'pi_3',
        metadata: { order_number: 'ORD-x' },
      }),
    );
    expect(await provider.verifyNotification(later.payload, later.signature)).toMatchObject({
      kind: 'payment_captured',
      reference: 'pi_3',
      orderNumber: 'ORD-x',
    });
    const other = signed(sessionEvent('evt_5', 'customer.created', {}));
    expect(await provider.verifyNotification(other.payload, other.signature)).toEqual({
      kind: 'ignored',
      eventId: 'evt_5',
      type: 'customer.created',
    });
  });
});

describe.skipIf(missing !== null)('Stripe payment adapter against stripe-mock', () => {
  let mock: RunningStripeMock;
  let provider: ReturnType<typeof createStripePaymentProvider>;
  beforeAll(async () => {
    mock = await startStripeMock();
    provider = createStripePaymentProvider(
      { secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, apiBase: mock.url },
      () => new Date('2030-01-02T12:00:00Z'),
    );
  }, 30_000);
  afterAll(async () => mock?.stop());

  it('creates a Checkout Session for the order (stripe-mock validates the request) and retrieves it', async () => {
    const started = await provider.start({
      orderNumber: 'ORD-0123456789abcdef0123',
      accountId: 'acct-alice',
      totalCents: 5929,
      currency: 'USD',
      description: 'launch (listing 7)',
      returnUrl: 'http://directory.test/checkout/ORD-0123456789abcdef0123',
      payableUntil: '2030-01-03T12:00:00.000Z',
    });
    expect(started.kind).toBe('redirect');
    if (started.kind !== 'redirect') return;
    expect(started.url).toMatch(/^https:\/\//);
    expect(started.sessionId).toMatch(/^cs_/);
    // stripe-mock keeps no state: it answers a session of the right shape
    const session = await provider.retrieveSession(started.sessionId);
    expect(session.object).toBe('checkout.session');
  });

  it('refunds a payment intent (the same idempotency key again is accepted)', async () => {
    const refund = { reference: 'pi_123', reason: 'launch taken by another order', idempotencyKey: 'refund-ORD-1' };
    expect((await provider.refund(refund)).refundId).toMatch(/^re_/);
    expect((await provider.refund({ ...refund, amountCents: 1000 })).refundId).toMatch(/^re_/);
  });

  it('answers an API error as a rejection without the secret key in it', async () => {
    const broken = createStripePaymentProvider({
      secretKey: 'sk_test_secret_never_shown',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: mock.url,
    });
    const error = await broken
      .refund({ reference: '', reason: 'x', idempotencyKey: 'k' })
      .then(() => null)
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error?.message)).not.toContain('sk_test_secret_never_shown');
  });
});
