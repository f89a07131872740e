import { toNodeHandler } from '@modelcontextprotocol/node';
import type { FastifyPluginAsync } from 'fastify';
import type { LeanToolsCall } from './lean-tools-call.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';

export const MCP_PATH = '/mcp';
/** tool arguments are small; the largest contract body (a full draft patch) stays far below this */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * /mcp as a Fastify plugin (encapsulated): Fastify leaves the body unread and hands the raw
 * request to the lean path when there is one (a plain tools/call of a contract read, answered
 * without the SDK: lean-tools-call.ts), else to the SDK's Node adapter, which streams the answer
 * (JSON or SSE) itself.
 */
export const mcpPlugin =
  (endpoint: McpEndpoint, lean?: LeanToolsCall): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const options = { maxRequestBodySize: MCP_BODY_LIMIT_BYTES };
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      config: { operationId: 'mcp' },
      handler: async (request, reply) => {
        reply.hijack();
        // the client IP (rate limits per IP when anonymous) travels beside the web Request
        const context = { clientIp: request.ip };
        const sdk = (raw: typeof request.raw) =>
          toNodeHandler({ fetch: (r) => endpoint.fetch(r, context) }, options)(raw, reply.raw);
        // a plain tools/call of a contract read takes the lean path (lean-tools-call.ts), the rest the SDK's
        await (lean ? lean(request.raw, reply.raw, context, sdk) : sdk(request.raw));
      },
    });
  };
