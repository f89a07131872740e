import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { cspNonceOf, HELMET_OPTIONS, installSecurityHeaders, setCspNonce } from './security.ts';

/** the headers a response got, without the ones every Fastify answer has anyway */
const securityHeaders = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'content-length': _length, ...rest } = headers;
  return rest;
};

describe('the security headers of the web edge', () => {
  it('when a page is answered then its headers are exactly helmet’s own for that nonce, with a new nonce each time', async () => {
    const app = Fastify();
    await installSecurityHeaders(app);
    app.get('/', async (_request, reply) => ({ nonce: cspNonceOf(reply) }));
    // helmet applied per request, as @fastify/helmet would, with the same options and nonce
    const reference = Fastify();
    const perRequest = helmet(HELMET_OPTIONS);
    reference.addHook('onRequest', (request, reply, done) => {
      setCspNonce(reply.raw, request.headers['x-nonce'] as string);
      perRequest(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    reference.get('/', async (request) => ({ nonce: request.headers['x-nonce'] }));
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await app.inject({ url: '/' });
      const { nonce } = answer.json() as { nonce: string };
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      nonces.add(nonce);
      const expected = await reference.inject({ url: '/', headers: { 'x-nonce': nonce } });
      expect(securityHeaders(answer.headers)).toEqual(securityHeaders(expected.headers));
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    expect(nonces.size).toBe(3);
  });
});
