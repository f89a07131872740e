import { connect } from 'node:net';
import { operationById } from '@listings/contracts';
import { EncodedJson } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Sent {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** A JSON-RPC request as each era's client sends it (routing headers and `_meta` envelope in 2026-07-28). */
const request = (
  era: 'modern' | 'legacy',
  message: { id?: unknown; method: string; params?: Record<string, unknown> },
  headers: Record<string, string> = {},
): Sent => {
  const params = message.params ?? {};
  const modern = era === 'modern';
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? MODERN : '2025-11-25',
      ...(modern ? { 'mcp-method': message.method } : {}),
      ...(modern && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: message.id ?? 7,
      method: message.method,
      params: modern ? { ...params, _meta: ENVELOPE } : params,
    }),
  };
};

const toolCall = (name: string, args?: unknown, headers: Record<string, string> = {}, id: unknown = 7) =>
  request(
    'modern',
    { id, method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }) } },
    headers,
  );

/** how a body travels (Content-Length or chunked) and the connection's own headers are not the answer */
const TRANSPORT_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Everything a client sees of an answer (the gateway's own origin, which differs between the two,
 * written as ORIGIN; a new session's id as SESSION), and which path gave it (the lean one sends a Content-Length).
 */
const observed = async (response: Response, origin = '') => {
  const neutral = (text: string) => (origin ? text.replaceAll(origin, 'ORIGIN') : text);
  return {
    status: response.status,
    headers: [...response.headers.entries()]
      .filter(([name]) => !TRANSPORT_HEADERS.has(name))
      // a 2025-era initialize opens a session: its id is new every time, on either path
      .map(([name, value]) => [name, name === 'mcp-session-id' ? 'SESSION' : neutral(value)])
      .sort(),
    body: neutral(await response.text()),
    lean: response.headers.get('content-length') !== null && response.headers.get('transfer-encoding') === null,
  };
};

/**
 * The lean path (src/http/lean-tools-call.ts) answers a plain 2026-07-28 tools/call of a contract
 * read without the SDK: what a client gets must be what the SDK's path answers, byte for byte.
 * Two gateways on stand-in services, one with the lean path and one without, get the same requests.
 */
describe('the lean tools/call path', () => {
  let lean: Harness;
  let sdk: Harness;
  // pinned inside one fixed window: both gateways count calls the same way
  const clock = manualClock('2026-03-02T10:00:05Z');
  const rateLimits = {
    authenticated: { name: 'authenticated', limit: 1_000, windowSeconds: 60 },
    anonymous: { name: 'anonymous', limit: 1_000, windowSeconds: 60 },
  };

  beforeAll(async () => {
    lean = await startHarness({ clock, rateLimits });
    sdk = await startHarness({ clock, rateLimits, leanToolsCall: false });
    // as the catalog does: a reply whose body is kept encoded (the lean path writes that JSON on as it is)
    const site = sampleOf(operationById('get_site_info')?.response as never);
    for (const harness of [lean, sdk])
      await harness.bus.serve('catalog.get_site_info', async () => ({ status: 200, body: EncodedJson.of(site) }));
  });
  afterAll(async () => {
    await lean.stop();
    await sdk.stop();
  });

  const send = async (harness: Harness, sent: Sent) =>
    observed(await fetch(harness.url, { method: 'POST', headers: sent.headers, body: sent.body }), harness.origin);
  const both = async (sent: Sent) => ({ one: await send(lean, sent), other: await send(sdk, sent) });
  const expectSame = (one: Awaited<ReturnType<typeof observed>>, other: Awaited<ReturnType<typeof observed>>) => {
    const { lean: _l, ...answer } = one;
    const { lean: _s, ...sdkAnswer } = other;
    expect(answer).toEqual(sdkAnswer);
  };

  const READER = { authorization: 'Bearer lk_reader' };
  const taken: [string, Sent, number][] = [
    ['a search', toolCall('search_listings', { q: 'acme', per_page: 5 }), 200],
    ['a listing found', toolCall('get_listing', { slug: 'acme' }), 200],
    ['a tool error (not found)', toolCall('get_listing', { slug: 'nope' }), 200],
    ['arguments that break the contract', toolCall('search_listings', { per_page: 500, colour: 'red' }), 200],
    ['no arguments at all, the reply kept encoded', toolCall('get_site_info'), 200],
    ['a string id', toolCall('search_listings', { q: 'acme' }, {}, 'call-1'), 200],
    ['a signed-in read with the scope', toolCall('list_my_listings', {}, READER), 200],
    ['a signed-in read without credentials (401 challenge)', toolCall('list_my_listings', {}), 401],
    [
      'a signed-in read with an unknown key (401 challenge)',
      toolCall('list_my_listings', {}, { authorization: 'Bearer lk_nope' }),
      401,
    ],
  ];

  const legacyCall = (name: string, args?: unknown, headers: Record<string, string> = {}) =>
    request(
      'legacy',
      { method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }) } },
      headers,
    );
  taken.push(
    ['a 2025-11-25 search (an SSE answer)', legacyCall('search_listings', { q: 'acme' }), 200],
    ['a 2025-11-25 tool error', legacyCall('get_listing', { slug: 'nope' }), 200],
    ['a 2025-11-25 contract violation', legacyCall('search_listings', { per_page: 500 }), 200],
    ['a 2025-11-25 call with the reply kept encoded', legacyCall('get_site_info'), 200],
    [
      'a 2025-11-25 call without MCP-Protocol-Version',
      (() => {
        const sent = legacyCall('get_listing', { slug: 'acme' });
        const { 'mcp-protocol-version': _, ...headers } = sent.headers;
        return { ...sent, headers };
      })(),
      200,
    ],
    ['a 2025-06-18 call', legacyCall('get_listing', { slug: 'acme' }, { 'mcp-protocol-version': '2025-06-18' }), 200],
    ['a 2025-11-25 signed-in read without credentials', legacyCall('list_my_listings', {}), 401],
  );

  it.each(taken)('when it is %s then the lean path answers it as the SDK does', async (_, sent, status) => {
    const { one, other } = await both(sent);
    expect(one.status).toBe(status);
    if (status === 200) expect(one.lean).toBe(true);
    expect(other.lean).toBe(false);
    expectSame(one, other);
  });

  it('when the body arrives after the headers, in a packet of its own, then the lean path still answers it', async () => {
    const sent = toolCall('search_listings', { q: 'acme', per_page: 5 }, {}, 'late-body');
    const head = [
      'POST /mcp HTTP/1.1',
      `host: ${new URL(lean.origin).host}`,
      `content-length: ${Buffer.byteLength(sent.body)}`,
      'connection: close',
      ...Object.entries(sent.headers).map(([name, value]) => `${name}: ${value}`),
    ].join('\r\n');
    const socket = connect(Number(new URL(lean.origin).port), '127.0.0.1');
    // the body goes once the server has taken the request by its headers alone
    lean.server.once('request', () => socket.write(sent.body));
    socket.write(`${head}\r\n\r\n`);
    const raw = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.once('end', () => resolve(text));
      socket.once('error', reject);
    });
    const [status, ...rest] = raw.split('\r\n');
    const body = rest.slice(rest.indexOf('') + 1).join('\r\n');
    const fromSdk = await send(sdk, sent);
    expect(status).toBe('HTTP/1.1 200 OK');
    expect(rest).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(body).toBe(fromSdk.body);
  });

  it('when a 401 is answered then it carries the WWW-Authenticate challenge', async () => {
    const { one } = await both(toolCall('list_my_listings', {}));
    expect(one.headers).toContainEqual([
      'www-authenticate',
      'Bearer resource_metadata="ORIGIN/.well-known/oauth-protected-resource/mcp"',
    ]);
  });

  const notTaken: [string, Sent][] = [
    ['Mcp-Name names another tool', toolCall('search_listings', { q: 'a' }, { 'mcp-name': 'get_listing' })],
    ['Mcp-Method names another method', toolCall('search_listings', { q: 'a' }, { 'mcp-method': 'tools/list' })],
    [
      'MCP-Protocol-Version disagrees with the envelope',
      toolCall('get_site_info', {}, { 'mcp-protocol-version': '2025-11-25' }),
    ],
    [
      'Mcp-Name is missing',
      (() => {
        const sent = toolCall('get_site_info', {});
        const { 'mcp-name': _, ...headers } = sent.headers;
        return { ...sent, headers };
      })(),
    ],
    ['Mcp-Name is Base64-encoded', toolCall('get_site_info', {}, { 'mcp-name': '=?base64?Z2V0X3NpdGVfaW5mbw==?=' })],
    [
      'a task-augmented call',
      request('modern', {
        method: 'tools/call',
        params: { name: 'search_listings', arguments: {}, task: { ttl: 1000 } },
      }),
    ],
    ['arguments that are not an object', toolCall('search_listings', ['acme'])],
    [
      'a write (submit_listing)',
      toolCall('submit_listing', { url: 'https://acme.example' }, { authorization: 'Bearer lk_writer' }),
    ],
    ['a fixture or unknown tool', toolCall('no_such_tool', {})],
    ['a client that accepts only SSE', toolCall('get_site_info', {}, { accept: 'text/event-stream' })],
    ['a body that is not JSON', { ...toolCall('get_site_info', {}), body: '{"jsonrpc":' }],
    [
      'arguments holding a __proto__ key (refused by name)',
      {
        ...toolCall('search_listings', {}),
        body: toolCall('search_listings', { q: 'acme' }).body.replace('"q":', '"__proto__":{"x":1},"q":'),
      },
    ],
    [
      'a 2025-11-25 initialize',
      request('legacy', {
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    ],
    ['a 2025-11-25 tools/list', request('legacy', { method: 'tools/list' })],
    [
      'a 2025-11-25 call with _meta (a progress token)',
      request('legacy', {
        method: 'tools/call',
        params: { name: 'search_listings', arguments: {}, _meta: { progressToken: 1 } },
      }),
    ],
    [
      'a 2025-11-25 client that accepts only JSON',
      request(
        'legacy',
        { method: 'tools/call', params: { name: 'search_listings', arguments: {} } },
        { accept: 'application/json' },
      ),
    ],
    [
      'an unsupported MCP-Protocol-Version',
      request(
        'legacy',
        { method: 'tools/call', params: { name: 'search_listings', arguments: {} } },
        { 'mcp-protocol-version': '1999-01-01' },
      ),
    ],
    [
      'a 2025-03-26 batch',
      {
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_listings', arguments: {} } },
        ]),
      },
    ],
    ['tools/list', request('modern', { method: 'tools/list' })],
  ];

  it.each(notTaken)('when %s then the SDK answers it, unchanged', async (_, sent) => {
    const { one, other } = await both(sent);
    expect(one.lean).toBe(false);
    expectSame(one, other);
  });

  it('when the Host is not one the endpoint serves then the SDK refuses it, unchanged', async () => {
    const sent = toolCall('get_site_info', {});
    const at = (harness: Harness) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        // fetch may not set Host: a raw request does
        import('node:http').then(({ request: httpRequest }) => {
          const url = new URL(harness.url);
          const req = httpRequest(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              method: 'POST',
              headers: { ...sent.headers, host: 'evil.example' },
            },
            (res) => {
              let body = '';
              res.on('data', (chunk) => {
                body += chunk;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          req.end(sent.body);
        }, reject);
      });
    const one = await at(lean);
    expect(one.status).toBe(403);
    expect(one).toEqual(await at(sdk));
  });
});

describe('the lean tools/call path with replies handed over (one process)', () => {
  let lean: Harness;
  let sdk: Harness;
  // as the catalog answers in the all-in-one process: the same encoded reply every time (encodedOnce)
  const site = EncodedJson.of(sampleOf(operationById('get_site_info')?.response as never));
  const categories = EncodedJson.of(sampleOf(operationById('list_categories')?.response as never));
  beforeAll(async () => {
    lean = await startHarness({ shareReplies: true });
    sdk = await startHarness({ shareReplies: true, leanToolsCall: false });
    for (const harness of [lean, sdk]) {
      await harness.bus.serve('catalog.get_site_info', async () => ({ status: 200, body: site }));
      await harness.bus.serve('catalog.list_categories', async () => ({ status: 200, body: categories }));
    }
  });
  afterAll(async () => {
    await lean.stop();
    await sdk.stop();
  });

  it("when the same reply answers again, to other ids, tools and eras, then each answer is the SDK's", async () => {
    const legacy = (name: string, id: unknown) => {
      const sent = toolCall(name, {}, { 'mcp-protocol-version': '2025-11-25' }, id);
      const { 'mcp-method': _m, 'mcp-name': _n, ...headers } = sent.headers;
      const message = JSON.parse(sent.body) as { params: Record<string, unknown> };
      const { _meta: _, ...params } = message.params;
      return { headers, body: JSON.stringify({ ...message, params }) };
    };
    const calls: Sent[] = [
      toolCall('get_site_info', {}, {}, 1),
      toolCall('get_site_info', {}, {}, 'second call'),
      legacy('get_site_info', 3),
      toolCall('list_categories', {}, {}, 4),
      legacy('list_categories', 'five'),
      toolCall('get_site_info', {}, {}, 6),
    ];
    const bodies: string[] = [];
    for (const sent of calls) {
      const one = await observed(await fetch(lean.url, { method: 'POST', ...sent }), lean.origin);
      const other = await observed(await fetch(sdk.url, { method: 'POST', ...sent }), sdk.origin);
      expect(one.status).toBe(200);
      expect(one.lean).toBe(true);
      expect(other.lean).toBe(false);
      const { lean: _l, ...answer } = one;
      const { lean: _s, ...sdkAnswer } = other;
      expect(answer).toEqual(sdkAnswer);
      bodies.push(one.body);
    }
    // each answer names its own id
    expect(bodies[1]).toContain('"id":"second call"');
    expect(bodies[2]).toMatch(/^event: message\ndata: .*"id":3}\n\n$/s);
    expect(bodies[5]).toMatch(/"id":6}$/);
  });
});

describe('the lean tools/call path under a rate limit', () => {
  let lean: Harness;
  let sdk: Harness;
  const clock = manualClock('2026-03-02T10:00:05Z');
  const rateLimits = {
    authenticated: { name: 'authenticated', limit: 3, windowSeconds: 60 },
    anonymous: { name: 'anonymous', limit: 2, windowSeconds: 60 },
  };
  beforeAll(async () => {
    lean = await startHarness({ clock, rateLimits });
    sdk = await startHarness({ clock, rateLimits, leanToolsCall: false });
  });
  afterAll(async () => {
    await lean.stop();
    await sdk.stop();
  });

  it('when anonymous calls pass the limit then both paths count and refuse them alike', async () => {
    const sent = toolCall('search_listings', { q: 'acme' });
    const leanAnswers: Awaited<ReturnType<typeof observed>>[] = [];
    const sdkAnswers: Awaited<ReturnType<typeof observed>>[] = [];
    for (let i = 0; i < 3; i++) {
      leanAnswers.push(await observed(await fetch(lean.url, { method: 'POST', ...sent })));
      sdkAnswers.push(await observed(await fetch(sdk.url, { method: 'POST', ...sent })));
    }
    expect(leanAnswers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(leanAnswers[0]?.lean).toBe(true);
    for (const [i, answer] of leanAnswers.entries()) {
      const { lean: _l, ...a } = answer;
      const { lean: _s, ...b } = sdkAnswers[i] as typeof answer;
      expect(a).toEqual(b);
    }
    expect(leanAnswers[2]?.headers).toContainEqual(['retry-after', '55']);
  });
});
