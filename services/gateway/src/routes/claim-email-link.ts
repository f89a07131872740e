import {
  CLAIM_EMAIL_PATH,
  CLAIM_EMAIL_TOKEN_PATTERN,
  type OperationReply,
  verifyEmailClaim,
} from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="robots" content="noindex"></head><body><h1>${title}</h1>${body}</body></html>`;
const TOKEN = new RegExp(CLAIM_EMAIL_TOKEN_PATTERN);

/**
 * The emailed claim link: GET shows a button, POST verifies (so mail scanners that prefetch links
 * verify nothing). The token is the only credential; claims answers on `claims.internal.verify_email_claim`.
 */
export const claimEmailLinkRoutes = async (app: FastifyInstance, options: { bus: Bus }) => {
  const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
  app.get<{ Querystring: { token?: string } }>(CLAIM_EMAIL_PATH, async (request, reply) => {
    const token = String(request.query.token ?? '');
    if (!TOKEN.test(token))
      return reply
        .code(400)
        .headers(headers)
        .type('text/html')
        .send(page('Invalid link', '<p>This link is not valid.</p>'));
    return reply
      .headers(headers)
      .type('text/html')
      .send(
        page(
          'Verify your claim',
          `<form method="post" action="${CLAIM_EMAIL_PATH}"><input type="hidden" name="token" value="${token}"><button type="submit">Verify my claim</button></form>`,
        ),
      );
  });
  app.post<{ Body: { token?: string } | string }>(CLAIM_EMAIL_PATH, async (request, reply) => {
    const raw = typeof request.body === 'string' ? new URLSearchParams(request.body).get('token') : request.body?.token;
    const token = String(raw ?? '');
    if (!TOKEN.test(token))
      return reply
        .code(400)
        .headers(headers)
        .type('text/html')
        .send(page('Invalid link', '<p>This link is not valid.</p>'));
    let answer: OperationReply;
    try {
      answer = (await options.bus.request(
        verifyEmailClaim.subject,
        { token },
        { timeoutMs: 15_000 },
      )) as OperationReply;
    } catch (error) {
      if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
        return reply
          .code(503)
          .headers(headers)
          .type('text/html')
          .send(page('Try again later', '<p>Claims are not answering.</p>'));
      throw error;
    }
    if (!('body' in answer))
      return reply
        .code(answer.status)
        .headers(headers)
        .type('text/html')
        .send(
          page(
            'Not verified',
            `<p>${answer.status === 410 ? 'This link expired; start a new claim.' : answer.status === 404 ? 'This link is not valid.' : 'The listing is already verified by its owners.'}</p>`,
          ),
        );
    const { slug } = answer.body as { slug: string };
    return reply
      .headers(headers)
      .type('text/html')
      .send(
        page(
          'Claim verified',
          `<p>You are now an owner of <a href="/listings/${slug}">${slug}</a>. Verified is not the same as paid.</p>`,
        ),
      );
  });
};
