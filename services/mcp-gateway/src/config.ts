import type { Config, McpSettings } from '@listings/platform/config';

/** What only the MCP gateway reads (docs/configuration.md lists it): its view of `Config.mcp`. */
export type McpConfig = McpSettings;

/** `config.mcp` as read by `loadConfig`; a config without it gets the defaults (MCP_PORT = PORT + 1, or 0 for 0) */
export const loadMcpConfig = (config: Pick<Config, 'port'> & Partial<Pick<Config, 'mcp'>>): McpConfig =>
  config.mcp ?? {
    port: config.port === 0 ? 0 : config.port + 1,
    gatewayUrl: `http://127.0.0.1:${config.port}`,
    conformanceFixtures: false,
  };
