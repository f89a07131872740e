import { runServiceProcess } from '@listings/platform/runtime';
import { startWeb } from './main.ts';

await runServiceProcess(
  'web',
  async (deps) => {
    const web = await startWeb({ ...deps, trustProxy: deps.config.edge.trustProxy });
    deps.logger.info({ port: web.port }, 'web listening');
    return web;
  },
  { ownHttp: true },
);
