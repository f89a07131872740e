// Signed-in MCP tool calls against the real all-in-one service: the real identity module, an
// OAuth access token obtained through the real flow (discovery from the MCP protected resource
// metadata, dynamic registration, PKCE S256, RFC 8707 resource, sign-in and consent forms), and
// API keys made through the identity module's store.
import { randomUUID } from 'node:crypto';
import type { Scope } from '@listings/contracts';
import { freePort } from '@listings/platform/testing/free-port';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  discoverFromResource,
  exchangeCode,
  type Person,
  registerClient,
  signUp,
} from '../../../services/gateway/test/oauth-client.ts';
import { MODERN, toolCall } from '../../../services/mcp-gateway/test/support/tool-call.ts';
import { startAllInOneInProcess } from '../in-process.ts';

const FOUNDER: Person = { email: 'founder@example.com', password: 'correct horse battery' };
const ERAS = ['modern', 'legacy'] as const;

describe('signed-in MCP tool calls on the real all-in-one service', () => {
  const redirectUri = 'http://127.0.0.1:9/callback';
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let origin = '';
  let mcpUrl = '';
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  const clients: Client[] = [];

  beforeAll(async () => {
    // the issuer and the resource identifiers are PUBLIC_URL's: the port has to be known up front
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    mcpUrl = `${origin}/mcp`;
    running = await startAllInOneInProcess({ PORT: String(port), PUBLIC_URL: origin });

    // a person signs up on the site
    const signedUp = await signUp(origin, { ...FOUNDER, name: 'Founder' });
    expect(signedUp.status).toBe(303);

    // what an MCP client does after a 401: protected resource metadata → authorization server → registration
    const discovered = await discoverFromResource(mcpUrl);
    expect(discovered.resource.resource).toBe(mcpUrl);
    as = discovered.as;
    client = await registerClient(as, redirectUri, 'MCP Test Agent');
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await running?.stop();
  });

  /** authorization request (PKCE S256, resource) → sign-in form → consent → code → tokens */
  const tokenFor = async (resource: string, scope: string) => {
    const result = await authorize({
      as,
      issuerUrl: origin,
      clientId: client.client_id,
      redirectUri,
      resource,
      scope,
      person: FOUNDER,
      onConsent: (html) => expect(html).toContain('MCP Test Agent'),
    });
    if (result.kind !== 'callback') throw new Error(`unexpected page ${result.status}: ${result.html.slice(0, 300)}`);
    const grant = await exchangeCode({ as, client, result, redirectUri, resource });
    return grant.access_token;
  };

  const connect = async (era: (typeof ERAS)[number], token: string) => {
    const c = new Client(
      { name: 'signed-in-test', version: '1' },
      era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
    );
    await c.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(c);
    return c;
  };

  /** a raw 2026-07-28 tools/call, to read the HTTP status and WWW-Authenticate */
  const rawCall = (name: string, args: Record<string, unknown>, token: string) =>
    fetch(mcpUrl, toolCall(name, args, { authorization: `Bearer ${token}` }));

  it('when a client runs the OAuth flow for the MCP resource then its token calls signed-in tools in both eras', async () => {
    const token = await tokenFor(mcpUrl, 'account:read listings:write');
    for (const era of ERAS) {
      const c = await connect(era, token);
      expect(c.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? MODERN : '2025-11-25');
      const drafts = await c.callTool({ name: 'list_my_drafts', arguments: {} });
      expect(drafts.isError, JSON.stringify(drafts.content)).toBeFalsy();
      expect(drafts.structuredContent).toMatchObject({ items: [] });
    }
  });

  it('when get_account is called over MCP then it is the account REST /me answers, in both eras', async () => {
    const token = await tokenFor(mcpUrl, 'account:read');
    const { key } = await running.identity.store.createApiKey({
      accountId: (await running.identity.store.ensureAccount(FOUNDER.email)).account.id,
      name: 'rest',
      scopes: ['account:read'] as Scope[],
    });
    const me = await fetch(`${origin}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    const account = (await me.json()) as { id: string; email: string };
    expect(account.email).toBe(FOUNDER.email);
    for (const era of ERAS) {
      const c = await connect(era, token);
      const result = await c.callTool({ name: 'get_account', arguments: {} });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ id: account.id, email: FOUNDER.email });
    }
  });

  it('when REST and MCP use one idempotency key for the same submission then MCP replays the REST draft', async () => {
    const store = running.identity.store;
    const { key } = await store.createApiKey({
      accountId: (await store.ensureAccount(FOUNDER.email)).account.id,
      name: 'both edges',
      scopes: ['listings:write', 'account:read'] as Scope[],
    });
    const url = 'https://both-edges.example';
    const rest = await fetch(`${origin}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'one-key' },
      body: JSON.stringify({ url }),
    });
    expect(rest.status).toBe(201);
    const draft = (await rest.json()) as { id: string };
    const c = await connect('modern', key);
    const replay = await c.callTool({ name: 'submit_listing', arguments: { url, idempotency_key: 'one-key' } });
    expect(replay.isError, JSON.stringify(replay.content)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ id: draft.id });
    // the same key with other arguments is refused on the other edge too
    const other = await c.callTool({
      name: 'submit_listing',
      arguments: { url: 'https://other.example', idempotency_key: 'one-key' },
    });
    expect(other.isError).toBe(true);
    expect(JSON.stringify(other.content)).toMatch(/422|idempotency/i);
  });

  it('when an owner posts an update over REST then a 2026-07-28 client listening to the listing is told', async () => {
    const store = running.identity.store;
    const owner = (await store.ensureAccount('owner-of-listing@example.com')).account.id;
    const { key } = await store.createApiKey({
      accountId: owner,
      name: 'owner',
      scopes: ['listings:write'] as Scope[],
    });
    // a listing of the owner's, saved as a submitted draft would be, on the free plan
    const saved = (await running.bus.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: randomUUID(),
      owner_account_ids: [owner],
      profile: { url: 'https://listened.example', name: 'Listened To', tagline: 'Heard by its followers' },
    })) as { body: { listing_id: number } };
    const id = saved.body.listing_id;
    const free = await fetch(`${origin}/api/v1/me/listings/${id}/free`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(free.status).toBe(200);
    const { slug } = (await free.json()) as { slug: string };

    const listener = new Client({ name: 'listener', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await listener.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
    clients.push(listener);
    const told = new Promise<string>((resolve) => {
      listener.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri));
    });
    const subscription = await listener.listen({ resourceSubscriptions: [`listings://listings/${slug}`] });
    try {
      const posted = await fetch(`${origin}/api/v1/me/listings/${id}/updates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'v2 is out', body: 'Faster and smaller.' }),
      });
      expect(posted.status).toBe(201);
      // the catalog's log → events.catalog.listing_changed (with the slug) → this listen stream
      expect(await told).toBe(`listings://listings/${slug}`);
    } finally {
      await subscription.close();
    }
  });

  it('when the token was issued for the REST API then /mcp refuses it with 401 invalid_token, and the REST API takes it', async () => {
    const token = await tokenFor(`${origin}/api/v1`, 'account:read listings:write');
    for (const name of ['list_my_drafts', 'search_listings']) {
      const response = await rawCall(name, {}, token);
      expect(response.status, name).toBe(401);
      expect(response.headers.get('www-authenticate'), name).toContain('error="invalid_token"');
      expect(response.headers.get('www-authenticate'), name).toContain(
        `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
      );
    }
    const me = await fetch(`${origin}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('when the token lacks the tool’s scope then 403 insufficient_scope names it, in both eras', async () => {
    const token = await tokenFor(mcpUrl, 'account:read');
    const response = await rawCall('submit_listing', { url: 'https://acme.example' }, token);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="listings:write"');
    for (const era of ERAS) {
      const c = await connect(era, token);
      // the reads its scope allows still work
      expect((await c.callTool({ name: 'list_my_drafts', arguments: {} })).isError).toBeFalsy();
      await expect(c.callTool({ name: 'submit_listing', arguments: { url: 'https://acme.example' } })).rejects.toThrow(
        /403|insufficient/i,
      );
    }
  });

  it('when an API key made through the identity module is used then signed-in tools answer, and its scopes hold', async () => {
    const store = running.identity.store;
    const { account } = await store.ensureAccount('key-holder@example.com');
    const { key } = await store.createApiKey({
      accountId: account.id,
      name: 'mcp',
      scopes: ['account:read'] as Scope[],
    });
    for (const era of ERAS) {
      const c = await connect(era, key);
      const drafts = await c.callTool({ name: 'list_my_drafts', arguments: {} });
      expect(drafts.isError, JSON.stringify(drafts.content)).toBeFalsy();
      expect(drafts.structuredContent).toMatchObject({ items: [] });
    }
    const forbidden = await rawCall('create_checkout', {}, key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('www-authenticate')).toContain('scope="orders:write"');

    expect(await store.revokeApiKey(account.id, key.split('_')[1] as string)).toBe(true);
    const revoked = await rawCall('list_my_drafts', {}, key);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
