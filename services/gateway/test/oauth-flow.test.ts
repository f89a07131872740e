import { createServer } from 'node:net';
import { createInProcessBus } from '@listings/platform/bus';
import { createAuthenticationClient } from '@listings/platform/edge';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createIdentity, type Identity } from '../src/identity/identity-module.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { GENEROUS_RATE_LIMITS } from './support.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** a browser stand-in: keeps cookies, follows nothing by itself */
const browser = () => {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair as string).split('=');
      jar.set(name as string, value.join('='));
    }
    return response;
  };
  return { send };
};
const csrfIn = (html: string) => (/name="csrf" value="([^"]+)"/.exec(html) as RegExpExecArray)[1] as string;
const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

describe('OAuth 2.1 end to end with a real OAuth client', () => {
  let app: FastifyInstance;
  let identity: Identity;
  let issuerUrl: string;
  const bus = createInProcessBus();
  const insecure = { [oauth.allowInsecureRequests]: true };
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  const redirectUri = 'http://127.0.0.1:9/callback';

  beforeAll(async () => {
    const port = await freePort();
    issuerUrl = `http://127.0.0.1:${port}`;
    identity = createIdentity({ publicUrl: issuerUrl });
    app = await buildApp({
      bus,
      config: { publicUrl: issuerUrl },
      logger: silentLogger(),
      identity,
      rateLimits: GENEROUS_RATE_LIMITS,
    });
    await identity.serve(bus);
    await app.listen({ port, host: '127.0.0.1' });
    identity.store.createAccount({
      email: 'person@example.com',
      name: 'Person',
      passwordHash: await hashPassword('correct horse battery'),
    });
    as = await oauth.processDiscoveryResponse(
      new URL(issuerUrl),
      await oauth.discoveryRequest(new URL(issuerUrl), { algorithm: 'oauth2', ...insecure }),
    );
    client = (await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          client_name: 'Test Agent',
          grant_types: ['authorization_code', 'refresh_token'],
        },
        insecure,
      ),
    )) as oauth.Client;
  });
  afterAll(async () => {
    await app.close();
    identity.close();
    await bus.close();
  });

  /** authorization request → sign-in form → consent → the redirect with the code */
  const authorize = async (
    resource: string,
    extra: Record<string, string> = {},
    verifier = oauth.generateRandomCodeVerifier(),
  ) => {
    const url = new URL(as.authorization_endpoint as string);
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'account:read listings:write');
    url.searchParams.set('resource', resource);
    url.searchParams.set('state', 'st4te');
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    for (const [k, v] of Object.entries(extra))
      if (v === '') url.searchParams.delete(k);
      else url.searchParams.set(k, v);
    const b = browser();
    let response = await b.send(url.href);
    for (let step = 0; step < 10; step++) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, issuerUrl);
        if (next.href.startsWith(redirectUri)) return { callback: next, verifier };
        response = await b.send(next.href);
        continue;
      }
      const html = await response.text();
      if (html.includes('name="password"')) {
        const action = (/form method="post" action="([^"]+\/login)"/.exec(html) as RegExpExecArray)[1] as string;
        response = await b.send(
          new URL(action, issuerUrl).href,
          form({ csrf: csrfIn(html), email: 'person@example.com', password: 'correct horse battery', next: '/' }),
        );
      } else if (html.includes('Allow access?')) {
        expect(html).toContain('Test Agent');
        expect(html).toContain('127.0.0.1:9');
        expect(html).toContain('account:read');
        const action = (/action="([^"]+\/consent)"/.exec(html) as RegExpExecArray)[1] as string;
        response = await b.send(new URL(action, issuerUrl).href, form({ csrf: csrfIn(html), decision: 'allow' }));
      } else {
        return { error: html, status: response.status, verifier };
      }
    }
    throw new Error('too many steps');
  };

  const tokens = async (resource: string) => {
    const result = await authorize(resource);
    if (!('callback' in result) || !result.callback) throw new Error(`no callback: ${JSON.stringify(result)}`);
    expect(result.callback.searchParams.get('iss')).toBe(issuerUrl);
    const params = oauth.validateAuthResponse(as, client, result.callback, 'st4te');
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      result.verifier,
      {
        ...insecure,
        additionalParameters: { resource },
      },
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  };

  it('when a registered client runs the flow then its token calls the REST API, refreshes with rotation and can be revoked', async () => {
    const grant = await tokens(`${issuerUrl}/api/v1`);
    const me = await fetch(`${issuerUrl}/api/v1/me`, { headers: { authorization: `Bearer ${grant.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'person@example.com', credential: { type: 'oauth' } });

    // the API token is refused by the MCP resource
    const authn = createAuthenticationClient(bus);
    const atMcp = await authn.authenticate({
      authorization: `Bearer ${grant.access_token}`,
      resource: 'mcp',
      requiredScope: 'account:read',
    });
    expect(atMcp).toMatchObject({ outcome: 'refused', status: 401 });

    // refresh with rotation: the old refresh token then fails
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), grant.refresh_token as string, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(grant.refresh_token);
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), grant.refresh_token as string, insecure),
      ),
    ).rejects.toThrow();

    // revocation
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.access_token, insecure),
    );
    const after = await fetch(`${issuerUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(after.status).toBe(401);
  });

  it('when the token is for the MCP resource then the MCP token check accepts it and the REST API refuses it', async () => {
    const grant = await tokens(`${issuerUrl}/mcp`);
    const authn = createAuthenticationClient(bus);
    const result = await authn.authenticate({
      authorization: `Bearer ${grant.access_token}`,
      resource: 'mcp',
      requiredScope: 'listings:write',
    });
    expect(result).toMatchObject({ outcome: 'authenticated', principal: { via: 'oauth' } });
    const rest = await fetch(`${issuerUrl}/api/v1/me`, { headers: { authorization: `Bearer ${grant.access_token}` } });
    expect(rest.status).toBe(401);
    const noScope = await authn.authenticate({
      authorization: `Bearer ${grant.access_token}`,
      resource: 'mcp',
      requiredScope: 'orders:write',
    });
    expect(noScope).toMatchObject({ outcome: 'refused', status: 403 });
  });

  it('when the code verifier is wrong then the token request is refused', async () => {
    const result = await authorize(`${issuerUrl}/api/v1`);
    if (!('callback' in result) || !result.callback) throw new Error('no callback');
    const params = oauth.validateAuthResponse(as, client, result.callback, 'st4te');
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, client, response)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it.each([
    ['missing PKCE', { code_challenge: '', code_challenge_method: '' }],
    ['plain PKCE', { code_challenge_method: 'plain' }],
  ])('when the authorization request has %s then it is refused', async (_, extra) => {
    const result = await authorize(`${issuerUrl}/api/v1`, extra);
    const refused =
      ('callback' in result && result.callback?.searchParams.get('error')) || ('error' in result && result.error);
    expect(refused).toBeTruthy();
    if ('callback' in result && result.callback) expect(result.callback.searchParams.get('code')).toBeNull();
  });

  it('when a resource is unknown then the authorization is refused', async () => {
    const result = await authorize('https://elsewhere.example/api');
    expect('callback' in result ? result.callback?.searchParams.get('error') : 'error').toBeTruthy();
  });

  it('when the metadata documents are fetched then they describe PKCE S256, CIMD, and both resources', async () => {
    const metadata = await (await fetch(`${issuerUrl}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: issuerUrl,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    const mcp = await (await fetch(`${issuerUrl}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(mcp).toMatchObject({ resource: `${issuerUrl}/mcp`, authorization_servers: [issuerUrl] });
    const api = (await (await fetch(`${issuerUrl}/.well-known/oauth-protected-resource/api/v1`)).json()) as {
      resource: string;
    };
    expect(api.resource).toBe(`${issuerUrl}/api/v1`);
  });
});
