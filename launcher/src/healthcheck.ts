import { configOrExit } from '@listings/platform/runtime';

/**
 * The container image's HEALTHCHECK (Dockerfile): one image runs every process, so this asks
 * `/healthz` on each port a process of this configuration can listen on (PORT, MCP_PORT, WEB_PORT,
 * OPS_PORT) and exits 0 as soon as one answers 200, 1 when none does.
 */
const config = configOrExit();
const ports = [...new Set([config.port, config.mcp.port, config.web.port, config.opsPort])];
const answers = await Promise.all(
  ports.map((port) =>
    fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3_000) }).then(
      (response) => response.status === 200,
      () => false,
    ),
  ),
);
process.exit(answers.some(Boolean) ? 0 : 1);
