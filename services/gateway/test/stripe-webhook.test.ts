import { stripeWebhook } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

describe('POST /webhooks/stripe relays the raw body and signature to commerce', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const received: { payload: string; signature: string }[] = [];
  /** what the stand-in commerce answers next */
  let answer: object = { status: 200, body: { received: true, outcome: 'paid' } };
  beforeAll(async () => {
    await bus.serve(stripeWebhook.subject, async (request) => {
      received.push(request as { payload: string; signature: string });
      return answer;
    });
    app = await buildTestApp(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });
  const post = (payload: string, signature?: string, contentType = 'application/json; charset=utf-8') =>
    app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });

  it('hands over the exact bytes Stripe signed (no JSON re-serialisation) and answers 200', async () => {
    const payload = '{\n  "id": "evt_1",   "type": "checkout.session.completed", "note": "caf\u00e9 \\u00e9"\n}';
    const response = await post(payload, 't=1,v1=abc');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'paid' });
    expect(received.at(-1)).toEqual({ payload, signature: 't=1,v1=abc' });
  });

  it("passes commerce's verdict on: a bad signature is 400, Stripe not configured is 404", async () => {
    answer = { status: 400, problem: { status: 400, title: 'Signature does not verify', detail: 'no match' } };
    expect((await post('{"id":"evt_2"}', 't=1,v1=bad')).statusCode).toBe(400);
    answer = {
      status: 404,
      problem: { status: 404, title: 'Not found', detail: 'Stripe is not the payment provider' },
    };
    expect((await post('{"id":"evt_3"}', 't=1,v1=x')).statusCode).toBe(404);
    answer = { status: 200, body: { received: true, outcome: 'paid' } };
  });

  it('refuses a request without a signature or body before asking commerce', async () => {
    const before = received.length;
    expect((await post('{"id":"evt_4"}')).statusCode).toBe(400);
    expect((await post('', 't=1,v1=x')).statusCode).toBe(400);
    expect(received.length).toBe(before);
  });

  it('is 503 when commerce does not answer, so Stripe delivers the event again', async () => {
    const lonely = createInProcessBus();
    const alone = await buildTestApp(lonely);
    try {
      const response = await alone.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{"id":"evt_5"}',
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await alone.close();
      await lonely.close();
    }
  });
});
