// Signed-in MCP tool calls against the real all-in-one service: the real identity module, an
// OAuth access token obtained through the real flow (discovery from the MCP protected resource
// metadata, dynamic registration, PKCE S256, RFC 8707 resource, sign-in and consent forms), and
// API keys made through the identity module's store.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Scope } from '@listings/contracts';
import { loadConfig } from '@listings/platform/config';
import { createLogger } from '@listings/platform/logger';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne } from '../../../launcher/src/all-in-one.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** a browser stand-in: keeps cookies, follows nothing by itself */
const browser = (origin: string) => {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), {
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

const EMAIL = 'founder@example.com';
const PASSWORD = 'correct horse battery';
const ERAS = ['modern', 'legacy'] as const;
const MODERN = '2026-07-28';

describe('signed-in MCP tool calls on the real all-in-one service', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mcp-signed-in-'));
  const insecure = { [oauth.allowInsecureRequests]: true };
  const redirectUri = 'http://127.0.0.1:9/callback';
  let running: Awaited<ReturnType<typeof startAllInOne>>;
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
    const config = loadConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
    });
    running = await startAllInOne(config, createLogger({ name: 'signed-in', level: 'silent' }), {
      host: '127.0.0.1',
    });

    // a person signs up on the site
    const person = browser(origin);
    const page = await (await person.send('/signup')).text();
    const signedUp = await person.send(
      '/signup',
      form({ csrf: csrfIn(page), email: EMAIL, name: 'Founder', password: PASSWORD, next: '/' }),
    );
    expect(signedUp.status).toBe(303);

    // what an MCP client does after a 401: protected resource metadata → authorization server → registration
    const resource = await oauth.processResourceDiscoveryResponse(
      new URL(mcpUrl),
      await oauth.resourceDiscoveryRequest(new URL(mcpUrl), insecure),
    );
    expect(resource.resource).toBe(mcpUrl);
    const issuer = new URL((resource.authorization_servers as string[])[0] as string);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    client = (await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          client_name: 'MCP Test Agent',
          grant_types: ['authorization_code', 'refresh_token'],
        },
        insecure,
      ),
    )) as oauth.Client;
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** authorization request (PKCE S256, resource) → sign-in form → consent → code → tokens */
  const tokenFor = async (resource: string, scope: string) => {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint as string);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      resource,
      state: 'st4te',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(k, v);
    const b = browser(origin);
    let response = await b.send(url.href);
    let callback: URL | undefined;
    for (let step = 0; step < 10 && !callback; step++) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, origin);
        if (next.href.startsWith(redirectUri)) callback = next;
        else response = await b.send(next.href);
        continue;
      }
      const html = await response.text();
      if (html.includes('name="password"')) {
        const action = (/form method="post" action="([^"]+\/login)"/.exec(html) as RegExpExecArray)[1] as string;
        response = await b.send(action, form({ csrf: csrfIn(html), email: EMAIL, password: PASSWORD, next: '/' }));
      } else if (html.includes('Allow access?')) {
        expect(html).toContain('MCP Test Agent');
        const action = (/action="([^"]+\/consent)"/.exec(html) as RegExpExecArray)[1] as string;
        response = await b.send(action, form({ csrf: csrfIn(html), decision: 'allow' }));
      } else throw new Error(`unexpected page ${response.status}: ${html.slice(0, 300)}`);
    }
    if (!callback) throw new Error('the flow did not reach the redirect URI');
    const params = oauth.validateAuthResponse(as, client, callback, 'st4te');
    const grant = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
        ...insecure,
        additionalParameters: { resource },
      }),
    );
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
    fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

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
    const { account } = store.ensureAccount('key-holder@example.com');
    const { key } = store.createApiKey({ accountId: account.id, name: 'mcp', scopes: ['account:read'] as Scope[] });
    for (const era of ERAS) {
      const c = await connect(era, key);
      const drafts = await c.callTool({ name: 'list_my_drafts', arguments: {} });
      expect(drafts.isError, JSON.stringify(drafts.content)).toBeFalsy();
      expect(drafts.structuredContent).toMatchObject({ items: [] });
    }
    const forbidden = await rawCall('create_checkout', {}, key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('www-authenticate')).toContain('scope="orders:write"');

    expect(store.revokeApiKey(account.id, key.split('_')[1] as string)).toBe(true);
    const revoked = await rawCall('list_my_drafts', {}, key);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
