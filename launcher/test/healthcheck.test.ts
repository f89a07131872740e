import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createOps, startOpsServer } from '@listings/platform/observability';
import { describe, expect, it } from 'vitest';
import { freePort, ROOT } from './support.ts';

/** The image's HEALTHCHECK command: 0 when a process of this container answers /healthz, else 1. */
const run = promisify(execFile);
const healthcheck = (env: Record<string, string>) =>
  run(process.execPath, [path.join(ROOT, 'launcher/src/healthcheck.ts')], { env: { ...process.env, ...env } }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );

describe('the container HEALTHCHECK (launcher/src/healthcheck.ts)', () => {
  it('when a service answers /healthz on OPS_PORT then it exits 0, and 1 once nothing answers', async () => {
    const [port, mcp, web] = [await freePort(), await freePort(), await freePort()];
    const server = await startOpsServer(createOps({ process: 'probe' }), { port: 0, host: '127.0.0.1' });
    const env = { PORT: String(port), MCP_PORT: String(mcp), WEB_PORT: String(web), OPS_PORT: String(server.port) };
    try {
      expect(await healthcheck(env)).toBe(0);
    } finally {
      await server.stop();
    }
    expect(await healthcheck(env)).toBe(1);
  });
});
