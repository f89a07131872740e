import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

const MODERN = '2026-07-28';
const modernMeta = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
});

/**
 * `__proto__` and `constructor` keys are refused by name on /mcp as on REST (issue 16, item 4):
 * before this, `__proto__` in a tool's arguments vanished on its way to the tool (assigned, it set
 * a prototype) and the call ran as if it had not been sent.
 */
describe('reserved keys in an MCP request', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  /** the body as text, so `__proto__` is a real key on the wire */
  const send = (text: string, method: string, name?: string) =>
    fetch(harness.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(name ? { 'mcp-name': name } : {}),
      },
      body: text,
    });
  const callWith = (args: string) =>
    send(
      `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_listings","arguments":${args},"_meta":${modernMeta}}}`,
      'tools/call',
      'search_listings',
    );

  type RpcError = { id: unknown; error: { code: number; message: string; data: { status: number; errors: unknown } } };

  it('when tool arguments hold __proto__ or constructor at any depth then a JSON-RPC error names each by its path, and no tool runs', async () => {
    const before = harness.received.length;
    for (const [args, fields] of [
      ['{"q":"a","__proto__":{"polluted":true}}', ['params.arguments.__proto__']],
      ['{"q":"a","constructor":{"prototype":{"polluted":true}}}', ['params.arguments.constructor']],
      ['{"q":"a","\\u005f_proto__":{"polluted":true}}', ['params.arguments.__proto__']],
      [
        '{"q":"a","category":[{"__proto__":{}}],"constructor":1}',
        ['params.arguments.category.0.__proto__', 'params.arguments.constructor'],
      ],
    ] as const) {
      const response = await callWith(args);
      expect(response.status, args).toBe(400);
      const body = (await response.json()) as RpcError;
      expect(body.id).toBe(7);
      expect(body.error.code, args).toBe(-32602);
      expect(body.error.data.status).toBe(400);
      expect(body.error.data.errors, args).toEqual(fields.map((field) => ({ field, message: expect.any(String) })));
      for (const field of fields) expect(body.error.message).toContain(field);
    }
    expect(harness.received.length, 'no operation reached a service').toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when another request holds one, or a batch does, then it is refused naming where', async () => {
    const listed = await send(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"__proto__":{"x":1},"_meta":${modernMeta}}}`,
      'tools/list',
    );
    expect(listed.status).toBe(400);
    expect(((await listed.json()) as RpcError).error.data.errors).toEqual([
      { field: 'params.__proto__', message: expect.any(String) },
    ]);
    const batch = await send(
      '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping","constructor":{}}]',
      'ping',
    );
    expect(batch.status).toBe(400);
    const refused = (await batch.json()) as RpcError;
    expect(refused.error.code).toBe(-32600);
    expect(refused.error.data.errors).toEqual([{ field: '1.constructor', message: expect.any(String) }]);
  });

  it('when the words are only values then the call runs as usual', async () => {
    const response = await callWith('{"q":"__proto__ constructor"}');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result?: unknown }).result).toBeDefined();
  });
});
