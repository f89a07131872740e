import type { Environment } from '../environment.ts';
import { portOf } from './values.ts';

export interface McpSettings {
  /** its own HTTP port in cluster mode (MCP_PORT, default PORT + 1, so 3001); all-in-one mode serves /mcp on PORT */
  readonly port: number;
  /** the REST gateway's origin, where the OAuth metadata lives (cluster mode proxies it) */
  readonly gatewayUrl: string;
  /** MCP_CONFORMANCE_FIXTURES=true adds the conformance suite's fixture tools: tests only */
  readonly conformanceFixtures: boolean;
}

export const mcpSettingsOf = (env: Environment, mainPort: number, problems: string[]): McpSettings => {
  // PORT=0 (any free port) gives MCP_PORT=0 too
  const port = portOf('MCP_PORT', env.MCP_PORT || String(mainPort === 0 ? 0 : mainPort + 1), problems);
  const gatewayUrl = (env.GATEWAY_URL ?? `http://127.0.0.1:${mainPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+$/.test(gatewayUrl))
    problems.push(`GATEWAY_URL must be an http(s) origin, got "${gatewayUrl}"`);
  const fixtures = (env.MCP_CONFORMANCE_FIXTURES ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0', 'on', 'off'].includes(fixtures))
    problems.push(`MCP_CONFORMANCE_FIXTURES must be true or false, got "${env.MCP_CONFORMANCE_FIXTURES}"`);
  return { port, gatewayUrl, conformanceFixtures: ['true', '1', 'on'].includes(fixtures) };
};
