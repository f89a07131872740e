import { AUTHENTICATE_SUBJECT } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { createAuthenticationClient } from '@listings/platform/edge';
import { problemTypeUri } from '@listings/platform/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, exchangeCode, registerClient } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

/** what the MCP gateway relies on: `gateway.internal.authenticate` answers with status, challenge and problem */
describe('gateway.internal.authenticate', () => {
  const bus = createInProcessBus();
  const clock = manualClock(new Date());
  const TTL_SECONDS = 600;
  const redirectUri = 'http://127.0.0.1:9/callback';
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  const authn = createAuthenticationClient(bus);
  let mcpMetadata: string;

  beforeAll(async () => {
    issuer = await startIssuer({ bus, clock, identity: { accessTokenTtlSeconds: TTL_SECONDS } });
    mcpMetadata = `${issuer.issuerUrl}/.well-known/oauth-protected-resource/mcp`;
  });
  afterAll(async () => {
    await issuer.close();
    await bus.close();
  });

  const keyWith = async (email: string, scopes: ('account:read' | 'listings:write' | 'orders:write')[]) => {
    const { account } = await issuer.identity.store.ensureAccount(email);
    return { account, ...(await issuer.identity.store.createApiKey({ accountId: account.id, name: 'k', scopes })) };
  };

  it('when no credential comes to a signed-in operation then 401 with a bare Bearer challenge naming scope and metadata', async () => {
    const reply = await authn.authenticate({ authorization: null, resource: 'mcp', requiredScope: 'account:read' });
    expect(reply).toEqual({
      outcome: 'refused',
      status: 401,
      www_authenticate: `Bearer scope="account:read", resource_metadata="${mcpMetadata}"`,
      problem: {
        type: problemTypeUri('unauthorized'),
        title: 'Unauthorized',
        status: 401,
        detail: expect.stringContaining('needs a credential'),
      },
    });
  });

  it('when no credential comes to a public operation then the caller is anonymous', async () => {
    const reply = await authn.authenticate({ authorization: undefined, resource: 'mcp', requiredScope: null });
    expect(reply).toEqual({
      outcome: 'authenticated',
      principal: { account_id: null, scopes: [], via: 'anonymous' },
      credential_id: null,
    });
  });

  it.each([
    ['an unknown key', 'Bearer ldk_AAAAAAAA_notARealKeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['an unknown token', 'Bearer some-opaque-token'],
    ['a non-Bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('when %s is presented then 401 error="invalid_token" (also on a public operation)', async (_, authorization) => {
    for (const requiredScope of ['account:read', null] as const) {
      const reply = await authn.authenticate({ authorization, resource: 'mcp', requiredScope });
      expect(reply).toMatchObject({
        outcome: 'refused',
        status: 401,
        www_authenticate: `Bearer error="invalid_token", resource_metadata="${mcpMetadata}"`,
        problem: { type: problemTypeUri('unauthorized'), status: 401 },
      });
    }
  });

  it('when a key lacks the scope then 403 error="insufficient_scope" naming the scope', async () => {
    const { key } = await keyWith('reader@example.com', ['account:read']);
    const reply = await authn.authenticate({
      authorization: `Bearer ${key}`,
      resource: 'mcp',
      requiredScope: 'orders:write',
    });
    expect(reply).toEqual({
      outcome: 'refused',
      status: 403,
      www_authenticate: `Bearer error="insufficient_scope", scope="orders:write", resource_metadata="${mcpMetadata}"`,
      problem: {
        type: problemTypeUri('insufficient-scope'),
        title: 'Forbidden',
        status: 403,
        detail: 'this operation needs the scope orders:write',
      },
    });
  });

  it('when a key is revoked then it is refused with 401 invalid_token at once', async () => {
    const { account, key, summary } = await keyWith('revoker@example.com', ['account:read']);
    const before = await authn.authenticate({ authorization: `Bearer ${key}`, resource: 'mcp', requiredScope: null });
    expect(before).toMatchObject({ outcome: 'authenticated', credential_id: `key:${summary.id}` });
    expect(await issuer.identity.store.revokeApiKey(account.id, summary.id)).toBe(true);
    const after = await authn.authenticate({ authorization: `Bearer ${key}`, resource: 'mcp', requiredScope: null });
    expect(after).toMatchObject({
      outcome: 'refused',
      status: 401,
      www_authenticate: expect.stringContaining('invalid_token'),
    });
  });

  it('when the request itself is malformed then 401 error="invalid_request"', async () => {
    const reply = await bus.request(AUTHENTICATE_SUBJECT, { authorization: 42, resource: 'nowhere' });
    expect(reply).toMatchObject({
      outcome: 'refused',
      status: 401,
      www_authenticate: 'Bearer error="invalid_request"',
    });
  });

  it('when an access token outlives its lifetime (injected clock) then REST and MCP refuse it with invalid_token', async () => {
    const client = await registerClient(issuer.as, redirectUri);
    const resource = `${issuer.issuerUrl}/mcp`;
    const result = await authorize({
      as: issuer.as,
      issuerUrl: issuer.issuerUrl,
      clientId: client.client_id,
      redirectUri,
      resource,
    });
    const tokens = await exchangeCode({ as: issuer.as, client, result, redirectUri, resource });
    const authorization = `Bearer ${tokens.access_token}`;
    expect(tokens.expires_in).toBe(TTL_SECONDS);

    clock.advance((TTL_SECONDS - 5) * 1000);
    expect(await authn.authenticate({ authorization, resource: 'mcp', requiredScope: 'account:read' })).toMatchObject({
      outcome: 'authenticated',
      principal: { via: 'oauth' },
    });

    clock.advance(10 * 1000);
    expect(await authn.authenticate({ authorization, resource: 'mcp', requiredScope: 'account:read' })).toMatchObject({
      outcome: 'refused',
      status: 401,
      www_authenticate: `Bearer error="invalid_token", resource_metadata="${mcpMetadata}"`,
    });
    const rest = await issuer.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
    expect(rest.statusCode).toBe(401);
    expect(rest.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});
