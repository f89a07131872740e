import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FrontDoor } from '@listings/platform/edge';
import type { Logger } from '@listings/platform/logger';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { FastifyPluginAsync } from 'fastify';
import type { LeanToolsCall } from './lean-tools-call.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';

export const MCP_PATH = '/mcp';
/** tool arguments are small; the largest contract body (a full draft patch) stays far below this */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

/** the SDK's Node adapter over the endpoint; the client IP (rate limits per IP when anonymous) travels beside the web Request */
const sdkHandler = (endpoint: McpEndpoint, clientIp: string, res: ServerResponse) => (req: IncomingMessage) =>
  toNodeHandler(
    { fetch: (request) => endpoint.fetch(request, { clientIp }) },
    { maxRequestBodySize: MCP_BODY_LIMIT_BYTES },
  )(req, res);

/**
 * /mcp as a Fastify plugin (encapsulated): Fastify leaves the body unread and hands the raw
 * request to the SDK's Node adapter, which streams the answer (JSON or SSE) itself.
 */
export const mcpPlugin =
  (endpoint: McpEndpoint): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      config: { operationId: 'mcp' },
      handler: async (request, reply) => {
        reply.hijack();
        await sdkHandler(endpoint, request.ip, reply.raw)(request.raw);
      },
    });
  };

/**
 * The lean path's front door (lean-tools-call.ts; @listings/platform/edge frontDoorServer): a
 * POST to /mcp whose headers can be a lean call (a plain tools/call of a contract read) is taken
 * as it arrives, before Fastify routes it, and answered on the Node request; a body that is not a
 * lean call after all goes to the SDK with the body replayed. Every other request is Fastify's
 * (the plugin above).
 */
export const mcpFrontDoor = (endpoint: McpEndpoint, lean: LeanToolsCall, logger: Logger): FrontDoor => ({
  route: MCP_PATH,
  operationId: 'mcp',
  takes: (req) => req.url === MCP_PATH && lean.takes(req),
  serve: (req, res, clientIp) => {
    lean.serve(req, res, { clientIp }, sdkHandler(endpoint, clientIp, res)).catch((error) => {
      logger.error({ err: error }, 'mcp lean tools/call failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
    });
  },
});
