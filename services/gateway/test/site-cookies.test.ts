import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

/**
 * #27 item 9e: on an https PUBLIC_URL the OAuth pages' cookies carry the prefixes browsers enforce
 * (`__Host-`: Secure, Path=/, no Domain; `__Secure-` for the provider's path-scoped interaction
 * cookies), so a sibling subdomain or a plain-http page cannot plant a CSRF token or an
 * interaction; on http (a developer's localhost) the plain names.
 */
describe.each([
  {
    publicUrl: 'https://directory.example',
    csrf: '__Host-ld_csrf',
    secure: '; Secure',
    interaction: '__Secure-ld_oauth_interaction',
    resume: '__Secure-ld_oauth_resume',
  },
  {
    publicUrl: 'http://localhost:3000',
    csrf: 'ld_csrf',
    secure: '',
    interaction: '_interaction',
    resume: '_interaction_resume',
  },
])('the OAuth pages’ cookies at $publicUrl', ({ publicUrl, csrf, secure, interaction, resume }) => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(bus, { config: { publicUrl } });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when a sign-in page is asked for then its CSRF cookie is named and flagged for the origin', async () => {
    const page = await app.inject({ url: '/oauth/interaction/unknown' });
    const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${csrf}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly${secure}; SameSite=Lax$`));
  });

  it('when an authorization starts then the provider’s interaction cookies are named for the origin', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: { redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', client_name: 'cookies' },
    });
    expect(registered.statusCode).toBe(201);
    const query = new URLSearchParams({
      client_id: registered.json().client_id,
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      scope: 'account:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const started = await app.inject({ url: `/oauth/authorize?${query}` });
    expect(started.statusCode).toBe(303);
    const names = ([] as string[]).concat(started.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]);
    expect(names.sort()).toEqual([interaction, `${interaction}.sig`, resume, `${resume}.sig`].sort());
    for (const cookie of ([] as string[]).concat(started.headers['set-cookie'] ?? []))
      expect(cookie.toLowerCase().includes('; secure')).toBe(secure !== '');
  });
});
