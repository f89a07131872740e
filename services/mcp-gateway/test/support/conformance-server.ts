// The MCP gateway alone, on an in-process bus, with the conformance fixtures: for
// `node scripts/mcp-conformance.mjs --mcp-only` when the whole service cannot start (no catalog
// needed: the suite calls fixture tools, lists tools and reads fixture resources). PORT is required.
import { createInProcessBus } from '@listings/platform/bus';
import { createLogger } from '@listings/platform/logger';
import Fastify from 'fastify';
import { createMcpGateway, mcpServerOptions } from '../../src/main.ts';
import { serveStandInIdentity } from './harness.ts';

const port = Number(process.env.PORT);
const bus = createInProcessBus();
const origin = `http://localhost:${port}`;
await serveStandInIdentity(bus, () => `${origin}/.well-known/oauth-protected-resource/mcp`);
const logger = createLogger({ name: 'mcp-conformance', level: 'warn' });
const gateway = await createMcpGateway({
  bus,
  logger,
  config: { publicUrl: origin, natsUrl: null },
  conformanceFixtures: true,
});
const app = Fastify(mcpServerOptions(gateway, logger));
await app.register(gateway.plugin);
app.get('/api/v1/openapi.json', async () => ({}));
await app.listen({ port, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await gateway.stop();
  await bus.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
