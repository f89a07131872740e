import { createInProcessBus } from '@listings/platform/bus';
import { createAuthenticationClient } from '@listings/platform/edge';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize as authorizeAs, exchangeCode, insecure, registerClient } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

describe('OAuth 2.1 end to end with a real OAuth client', () => {
  const bus = createInProcessBus();
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let issuerUrl: string;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  const redirectUri = 'http://127.0.0.1:9/callback';

  beforeAll(async () => {
    issuer = await startIssuer({ bus });
    ({ issuerUrl, as } = issuer);
    client = await registerClient(as, redirectUri);
  });
  afterAll(async () => {
    await issuer.close();
    await bus.close();
  });

  /** authorization request → sign-in form → consent → the redirect with the code */
  const authorize = (resource: string, params: Record<string, string> = {}) =>
    authorizeAs({
      as,
      issuerUrl,
      clientId: client.client_id,
      redirectUri,
      resource,
      params,
      onConsent: (html) => {
        expect(html).toContain('Test Agent');
        expect(html).toContain('127.0.0.1:9');
        expect(html).toContain('account:read');
      },
    });

  const tokens = async (resource: string) => {
    const result = await authorize(resource);
    if (result.kind !== 'callback') throw new Error(`no callback: ${JSON.stringify(result)}`);
    expect(result.callback.searchParams.get('iss')).toBe(issuerUrl);
    return exchangeCode({ as, client, result, redirectUri, resource });
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
    if (result.kind !== 'callback') throw new Error('no callback');
    await expect(
      exchangeCode({ as, client, result, redirectUri, verifier: oauth.generateRandomCodeVerifier() }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it.each([
    ['missing PKCE', { code_challenge: '', code_challenge_method: '' }],
    ['plain PKCE', { code_challenge_method: 'plain' }],
  ])('when the authorization request has %s then it is refused', async (_, params) => {
    const result = await authorize(`${issuerUrl}/api/v1`, params);
    const refused =
      (result.kind === 'callback' && result.callback.searchParams.get('error')) ||
      (result.kind === 'error' && result.html);
    expect(refused).toBeTruthy();
    if (result.kind === 'callback') expect(result.callback.searchParams.get('code')).toBeNull();
  });

  it('when a resource is unknown then the authorization is refused', async () => {
    const result = await authorize('https://elsewhere.example/api');
    expect(result.kind === 'callback' ? result.callback.searchParams.get('error') : 'error').toBeTruthy();
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
