import { runServiceProcess } from '@listings/platform/runtime';
import { startMcpGateway } from './main.ts';

await runServiceProcess(
  'mcp-gateway',
  async (deps) => {
    const gateway = await startMcpGateway(deps);
    deps.logger.info({ port: gateway.port }, 'mcp gateway listening at /mcp');
    return gateway;
  },
  { ownHttp: true },
);
