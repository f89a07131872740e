import type { Config } from '@listings/platform/config';
import { ConfigError } from '@listings/platform/config';

/** What only the MCP gateway reads from the environment (README lists it). */
export interface McpConfig {
  /** its own HTTP port in cluster mode (MCP_PORT, default PORT + 1, so 3001); all-in-one mode serves /mcp on PORT */
  readonly port: number;
  /** the REST gateway's origin, where the OAuth metadata lives (cluster mode proxies it) */
  readonly gatewayUrl: string;
  /** MCP_CONFORMANCE_FIXTURES=true adds the conformance suite's fixture tools: tests only */
  readonly conformanceFixtures: boolean;
}

export const loadMcpConfig = (config: Pick<Config, 'port'>, env: NodeJS.ProcessEnv = process.env): McpConfig => {
  const problems: string[] = [];
  // PORT=0 (any free port) gives MCP_PORT=0 too
  const rawPort = env.MCP_PORT || String(config.port === 0 ? 0 : config.port + 1);
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`MCP_PORT must be a port number from 0 to 65535, got "${rawPort}"`);
  const gatewayUrl = (env.GATEWAY_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+$/.test(gatewayUrl))
    problems.push(`GATEWAY_URL must be an http(s) origin, got "${gatewayUrl}"`);
  const fixtures = (env.MCP_CONFORMANCE_FIXTURES ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0', 'on', 'off'].includes(fixtures))
    problems.push(`MCP_CONFORMANCE_FIXTURES must be true or false, got "${env.MCP_CONFORMANCE_FIXTURES}"`);
  if (problems.length > 0) throw new ConfigError(problems);
  return { port, gatewayUrl, conformanceFixtures: ['true', '1', 'on'].includes(fixtures) };
};
