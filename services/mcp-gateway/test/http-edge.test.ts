import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

const MODERN = '2026-07-28';
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe('the /mcp HTTP edge', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });

  const modernCall = (name: string, args: unknown, headers: Record<string, string> = {}) =>
    post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: modernMeta } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name, ...headers },
    );

  it('when a signed-in tool is called without credentials (2026-07-28) then 401 names the resource metadata', async () => {
    const response = await modernCall('submit_listing', { url: 'https://acme.example' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${harness.origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('when a signed-in tool is called without credentials (2025 era) then 401 names the resource metadata', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_my_drafts', arguments: {} } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata="');
  });

  it('when the credential lacks the scope then 403 insufficient_scope names the scope', async () => {
    const response = await modernCall(
      'submit_listing',
      { url: 'https://acme.example' },
      { authorization: 'Bearer lk_reader' },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(/error="insufficient_scope", scope="listings:write"/);
  });

  it('when an unknown token is presented even for a public tool then 401 invalid_token', async () => {
    const response = await modernCall('search_listings', {}, { authorization: 'Bearer nope' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('when the MCP-Protocol-Version header is missing from a 2026-07-28 request then it is refused', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
      { 'mcp-method': 'tools/list' },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number } };
    expect(body.error.code).toBeLessThan(0);
  });

  it('when the header and the _meta version disagree then it is refused', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
      { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/list' },
    );
    expect(response.status).toBe(400);
  });

  it('when a client asks for an unsupported version then the error names the supported ones', async () => {
    const response = await post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      },
      { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
    );
    const body = (await response.json()) as { error: { data?: { supported?: string[] } } };
    expect(JSON.stringify(body.error)).toContain(MODERN);
  });

  it('when initialize asks for 2025-03-26 then the server agrees to it', async () => {
    const response = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"protocolVersion":"2025-03-26"');
  });

  it('when the Host header names another site then the request is refused (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(harness.url, {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });

  it('when the body is not JSON then the answer is a JSON-RPC parse error, not a crash', async () => {
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
