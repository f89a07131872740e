import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

/** password forms and the token endpoint are limited per client IP, whatever the outcome of each try */
describe('rate limits on the OAuth sign-in form and /oauth/token', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-03-02T10:00:30Z');
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(bus, {
      clock,
      rateLimits: {
        authenticated: { name: 'authenticated', limit: 1000, windowSeconds: 60 },
        anonymous: { name: 'anonymous', limit: 1000, windowSeconds: 60 },
        signIn: { name: 'sign-in', limit: 3, windowSeconds: 60 },
        token: { name: 'token', limit: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const post = (url: string, ip: string, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('when one IP posts the OAuth sign-in form past its quota then 429 with Retry-After, while another IP still gets in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await post(
        '/oauth/interaction/abc/login',
        '203.0.113.1',
        'email=a%40example.com&password=wrong',
      );
      statuses.push(response.statusCode);
      expect(response.headers['ratelimit-policy']).toBe('"sign-in";q=3;w=60');
      expect(response.headers.ratelimit).toBe(`"sign-in";r=${2 - i};t=30`);
    }
    // the CSRF check refuses the form, but each try is counted first
    expect(statuses).toEqual([403, 403, 403]);
    const refused = await post('/oauth/interaction/abc/login', '203.0.113.1', 'email=b%40example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 429, title: 'Too many requests' });
    expect((await post('/oauth/interaction/abc/login', '203.0.113.2', 'email=a%40example.com')).statusCode).toBe(403);
    // the site's password forms are the web edge's (limited there, in the same count): none here
    expect((await post('/signin', '203.0.113.2', 'email=a%40example.com&password=wrong')).statusCode).toBe(404);
  });

  it('when one IP calls /oauth/token past its quota then 429, and the next window lets it in again', async () => {
    const body = 'grant_type=authorization_code&code=nope&client_id=nobody';
    const first = await post('/oauth/token', '198.51.100.7', body);
    expect(first.statusCode).toBe(401);
    expect(first.headers['ratelimit-policy']).toBe('"token";q=2;w=60');
    expect((await post('/oauth/token', '198.51.100.7', body)).statusCode).toBe(401);
    const refused = await post('/oauth/token', '198.51.100.7', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    clock.advance(60_000);
    expect((await post('/oauth/token', '198.51.100.7', body)).statusCode).toBe(401);
  });

  // Finding 2 of #27: the limit matched one exact path while the routers serve other spellings
  it('when the sign-in form is posted under every spelling the router serves then all count in the one sign-in bucket', async () => {
    const ip = '203.0.113.50';
    const variants = [
      '/oauth/interaction/abc/login',
      '/oauth/interaction/abc/login/',
      '/oauth/interaction/abc/l%6Fgin',
      '/oauth/interaction/abc/login?again=1',
    ];
    const seen: (string | undefined)[] = [];
    for (const url of variants) {
      const response = await post(url, ip, 'email=a%40example.com&password=wrong');
      seen.push(response.statusCode === 429 ? '429' : (response.headers.ratelimit as string | undefined));
    }
    // quota 3: three tries counted, whatever the spelling, and the fourth refused
    expect(seen).toEqual(['"sign-in";r=2;t=30', '"sign-in";r=1;t=30', '"sign-in";r=0;t=30', '429']);
    // spellings no router serves are no way around it either: they are not the form
    for (const url of ['/oauth/interaction/abc/LOGIN', '/OAUTH/interaction/abc/login', '/oauth/interaction/abc//login'])
      expect((await post(url, ip, 'email=a%40example.com&password=wrong')).statusCode).toBe(404);
  });

  it('when /oauth/token is posted under every spelling the provider serves then all count in the one token bucket', async () => {
    const ip = '198.51.100.50';
    const body = 'grant_type=authorization_code&code=nope&client_id=nobody';
    const seen: (number | string | undefined)[] = [];
    for (const url of ['/oauth/token/', '/oauth/TOKEN', '/oauth/Token/?x=1']) {
      const response = await post(url, ip, body);
      seen.push(response.statusCode === 401 ? (response.headers.ratelimit as string | undefined) : response.statusCode);
    }
    // quota 2: the provider answers the first two (401, no such client), the third is refused
    expect(seen).toEqual(['"token";r=1;t=30', '"token";r=0;t=30', 429]);
    // the spellings the provider does not serve reach no token endpoint at all
    for (const url of ['/oauth/t%6Fken', '/oauth//token', '/OAUTH/token'])
      expect((await post(url, '198.51.100.51', body)).statusCode).toBe(404);
  });
});
