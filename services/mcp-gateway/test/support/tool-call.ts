// A stateless 2026-07-28 `tools/call` as it goes over HTTP (fetch or autocannon options): the
// routing headers the modern protocol wants and the JSON-RPC body with its `_meta`. Pure data, so
// the benchmarks (bench/mcp-tools.ts) send the very same request as the tests.
export const MODERN = '2026-07-28';

export const toolCall = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
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
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  }),
});
