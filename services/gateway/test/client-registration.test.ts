import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

describe('dynamic client registration: which redirect URIs (RFC 8252, RFC 6749 §3.1.2)', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const register = (redirect_uris: string[], extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ redirect_uris, token_endpoint_auth_method: 'none', ...extra }),
    });

  it('when the redirect URIs are https, or http on 127.0.0.1, [::1] or localhost, then the client is registered', async () => {
    const uris = [
      'https://agent.example/callback',
      'http://127.0.0.1:8765/callback',
      'http://[::1]:8765/callback',
      'http://localhost/callback',
    ];
    const res = await register(uris);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redirect_uris).toEqual(uris);
  });

  it.each([
    ['http://agent.example/callback', /https/],
    ['http://192.168.1.10/callback', /https/],
    ['http://localhost.evil.example/callback', /https/],
    ['http://127.0.0.2/callback', /https/],
    ['com.example.app:/callback', /https/],
    ['javascript:alert(1)', /https/],
    ['https://agent.example/callback#done', /fragment/],
    ['http://127.0.0.1:8765/callback#', /fragment/],
    ['not a uri', /absolute URI/],
  ])('when a redirect URI is %s then 400 invalid_redirect_uri names redirect_uris.N', async (uri, reason) => {
    const res = await register(['https://agent.example/ok', uri]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_redirect_uri',
      error_description: expect.stringMatching(new RegExp(`^redirect_uris\\.1 .*${reason.source}`)),
    });
  });

  it('when the client says it is native then the same rule holds (no custom schemes)', async () => {
    const res = await register(['com.example.app:/callback'], { application_type: 'native' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toMatch(/^redirect_uris\.0 /);
  });
});
