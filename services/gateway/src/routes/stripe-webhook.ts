import { type OperationReply, stripeWebhook } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';

/** Stripe's event bodies are small; this bounds what is relayed */
const BODY_LIMIT = 512 * 1024;

/**
 * Stripe's webhook endpoint: `POST /webhooks/stripe`. The body is kept raw (the signature covers
 * the exact bytes) and relayed with its `Stripe-Signature` header to commerce on
 * `commerce.internal.stripe_webhook`, which verifies it with the signing secret only commerce
 * holds and acts on it. Commerce's answer decides the status: 200 acknowledged (paid, a replay, an
 * unknown order, an event of no interest), 400 a signature that does not verify, 404 Stripe is
 * not the payment provider here; commerce not answering is 503, so Stripe delivers it again later.
 */
export const stripeWebhookRoutes = async (app: FastifyInstance, options: { bus: Bus }) => {
  // this plugin's own parser: every body arrives as the string Stripe signed, whatever its type
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/webhooks/stripe', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const payload = typeof request.body === 'string' ? request.body : '';
    if (typeof signature !== 'string' || signature.length === 0 || payload.length === 0)
      return reply.code(400).send({ error: 'a signed Stripe event is expected (Stripe-Signature header and body)' });
    let answer: OperationReply;
    try {
      answer = (await options.bus.request(
        stripeWebhook.subject,
        { payload, signature },
        { timeoutMs: 15_000 },
      )) as OperationReply;
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook not relayed: commerce is not answering');
      return reply.code(503).send({ error: 'try again later' });
    }
    if (answer.status === 200 && 'body' in answer) return reply.code(200).send(answer.body);
    const status = typeof answer.status === 'number' ? answer.status : 503;
    const detail = 'problem' in answer ? answer.problem.detail : undefined;
    if (status >= 500) request.log.warn({ status, detail }, 'Stripe webhook failed in commerce');
    return reply.code(status).send({ error: detail ?? 'not accepted' });
  });
};
