import { TASKS_EXTENSION } from '../../src/tools/tasks.ts';

/**
 * One 2026-07-28 JSON-RPC request over HTTP, as a client sends it: the routing headers and the
 * `_meta` envelope with the client's capabilities (by default the tasks extension alone) and its
 * credentials (by default the stand-in identity's writer key).
 */
export const modernRpc = async (
  url: string,
  method: string,
  params: Record<string, unknown>,
  name: string | undefined,
  options: { capabilities?: Record<string, unknown>; authorization?: string } = {},
) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: options.authorization ?? 'Bearer lk_writer',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {
            extensions: { [TASKS_EXTENSION]: {} },
          },
        },
      },
    }),
  });
  const body = (await response.json()) as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
  return { status: response.status, ...body };
};
