import type { OperationRequest } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { systemClock } from '@listings/platform/clock';
import { createAuthenticationClient, createMemoryIdempotencyStore } from '@listings/platform/edge';
import { createLogger } from '@listings/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerFactory } from '../src/build-server.ts';
import { createMcpEndpoint, type McpEndpoint } from '../src/http/mcp-endpoint.ts';
import { conformanceFixtures } from './support/conformance-fixtures.ts';
import { serveStandInIdentity, serveStandInServices } from './support/harness.ts';

const MODERN = '2026-07-28';
const ORIGIN = 'http://127.0.0.1:7777';

/** A JSON-RPC body and the headers its era needs. */
const call = (era: 'modern' | 'legacy', body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const params = (body.params ?? {}) as Record<string, unknown>;
  const modern = era === 'modern';
  return {
    headers: {
      host: '127.0.0.1:7777',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? MODERN : '2025-11-25',
      ...(modern ? { 'mcp-method': String(body.method) } : {}),
      ...(modern && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      ...body,
      params: modern
        ? {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': MODERN,
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          }
        : params,
    }),
  };
};

const toolCall = (name: string, args: unknown) => ({ id: 7, method: 'tools/call', params: { name, arguments: args } });

/** Everything a client sees of a response. */
const observed = async (response: Response) => ({
  status: response.status,
  headers: [...response.headers.entries()].sort(),
  body: await response.text(),
});

/**
 * The endpoint gives a request that is one tools/call of a contract operation a server with that
 * tool alone (build-server.ts): what the client gets must be exactly what the whole server answers.
 */
describe('a single tools/call served by a one-tool server', () => {
  const bus = createInProcessBus();
  const logger = createLogger({ name: 'mcp-test', level: 'silent' });
  const received: OperationRequest[] = [];
  const built: (string | undefined)[] = [];
  let narrowed: McpEndpoint;
  let whole: McpEndpoint;

  beforeAll(async () => {
    await serveStandInIdentity(bus, () => `${ORIGIN}/.well-known/oauth-protected-resource/mcp`);
    await serveStandInServices(bus, received);
    const factory = createServerFactory({
      bus,
      logger,
      requestTimeoutMs: 10_000,
      idempotency: { store: createMemoryIdempotencyStore(), clock: systemClock },
      conformanceFixtures,
    });
    const common = { authentication: createAuthenticationClient(bus), logger, allowedHostnames: ['127.0.0.1'] };
    narrowed = createMcpEndpoint({
      ...common,
      servers: {
        build: (toolName) => {
          built.push(toolName);
          return factory.build(toolName);
        },
        isTool: factory.isTool,
      },
    });
    whole = createMcpEndpoint({ ...common, servers: { build: () => factory.build(), isTool: () => false } });
  });
  afterAll(async () => {
    await narrowed.close();
    await whole.close();
    await bus.close();
  });

  const both = async (request: { headers: Record<string, string>; body: string }) => {
    const send = (endpoint: McpEndpoint) =>
      endpoint.fetch(new Request(`${ORIGIN}/mcp`, { method: 'POST', ...request }), { clientIp: '127.0.0.1' });
    built.length = 0;
    const one = await observed(await send(narrowed));
    const usedToolName = built[0];
    return { one, all: await observed(await send(whole)), usedToolName };
  };

  const WRITER = { authorization: 'Bearer lk_writer' };
  const cases: [string, Record<string, unknown>, Record<string, string>?][] = [
    ['search_listings', toolCall('search_listings', { q: 'acme', per_page: 5 })],
    ['arguments that break the contract', toolCall('search_listings', { per_page: 500, colour: 'red' })],
    ['get_listing found', toolCall('get_listing', { slug: 'acme' })],
    ['get_listing not found', toolCall('get_listing', { slug: 'nope' })],
    ['a signed-in write', toolCall('submit_listing', { url: 'https://acme.example' }), WRITER],
    ['a 409 from the service', toolCall('delete_milestone', { listing_id: 1, milestone_id: 2 }), WRITER],
    ['no arguments at all', { id: 7, method: 'tools/call', params: { name: 'get_site_info' } }],
  ];

  describe.each(['modern', 'legacy'] as const)('in the %s era', (era) => {
    it.each(cases)('when it is %s then the answer is the whole server’s, byte for byte', async (_, body, headers) => {
      const { one, all, usedToolName } = await both(call(era, body, headers));
      expect(usedToolName).toBe((body.params as { name: string }).name);
      expect(one.status).toBe(200);
      expect(one.body).toContain('"result":{');
      expect(one).toEqual(all);
    });

    it('when the tool is not a contract operation then the whole server answers it', async () => {
      for (const name of ['test_simple_text', 'no_such_tool']) {
        const { one, all, usedToolName } = await both(call(era, toolCall(name, {})));
        expect(usedToolName).toBeUndefined();
        expect(one).toEqual(all);
      }
    });

    it('when the request is anything else then the whole server answers it', async () => {
      for (const body of [
        { id: 7, method: 'tools/list', params: {} },
        { id: 7, method: 'resources/templates/list', params: {} },
        { id: 7, method: 'prompts/list', params: {} },
      ]) {
        const { one, all, usedToolName } = await both(call(era, body));
        expect(usedToolName).toBeUndefined();
        expect(one).toEqual(all);
      }
    });
  });

  it('when a 2025-03-26 batch holds one tools/call then the whole server answers it', async () => {
    const { one, all, usedToolName } = await both({
      headers: {
        host: '127.0.0.1:7777',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify([{ jsonrpc: '2.0', ...toolCall('search_listings', { q: 'acme' }) }]),
    });
    expect(usedToolName).toBeUndefined();
    expect(one).toEqual(all);
  });
});
