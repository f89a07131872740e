import { toNodeHandler } from '@modelcontextprotocol/node';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { LeanToolsCall } from './lean-tools-call.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';

export const MCP_PATH = '/mcp';
/** tool arguments are small; the largest contract body (a full draft patch) stays far below this */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * /mcp as a Fastify plugin (encapsulated): Fastify leaves the body unread and hands the raw
 * request to the SDK's Node adapter, which streams the answer (JSON or SSE) itself. A request
 * whose headers can be a lean call (a plain tools/call of a contract read: lean-tools-call.ts) is
 * taken over as soon as it arrives (onRequest), before Fastify's body handling: the lean path
 * answers it, or hands it to the SDK when its body is not one.
 */
export const mcpPlugin =
  (endpoint: McpEndpoint, lean?: LeanToolsCall): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const options = { maxRequestBodySize: MCP_BODY_LIMIT_BYTES };
    // the client IP (rate limits per IP when anonymous) travels beside the web Request
    const sdkFor = (request: FastifyRequest, reply: FastifyReply) => (raw: FastifyRequest['raw']) =>
      toNodeHandler({ fetch: (r) => endpoint.fetch(r, { clientIp: request.ip }) }, options)(raw, reply.raw);
    if (lean)
      app.addHook('onRequest', (request, reply, done) => {
        if (request.routeOptions.url === MCP_PATH && lean.takes(request.raw)) {
          // a hijacked reply ends Fastify's lifecycle here: the lean path writes the answer
          reply.hijack();
          lean.serve(request.raw, reply.raw, { clientIp: request.ip }, sdkFor(request, reply)).catch((error) => {
            request.log.error({ err: error }, 'mcp lean tools/call failed');
            if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
            reply.raw.end(
              JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }),
            );
          });
        }
        done();
      });
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      config: { operationId: 'mcp' },
      handler: async (request, reply) => {
        reply.hijack();
        await sdkFor(request, reply)(request.raw);
      },
    });
  };
