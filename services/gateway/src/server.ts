import { runServiceProcess } from '@listings/platform/runtime';
import { startGateway } from './main.ts';

await runServiceProcess(
  'gateway',
  async (deps) => {
    const gateway = await startGateway(deps);
    deps.logger.info({ port: gateway.port }, 'gateway listening');
    return gateway;
  },
  { ownHttp: true },
);
