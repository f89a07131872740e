import { createLogger } from '@listings/platform/logger';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../src/cluster.ts';
import { startAllInOneInProcess } from '../in-process.ts';
import { CLUSTER_START_TIMEOUT_MS, freePort, tempDataDir, testConfig } from '../support.ts';

const connect = async (url: string, era: 'modern' | 'legacy') => {
  const client = new Client(
    { name: 'modes-test', version: '1' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
};

/** What must hold in every way of running: tools listed, a public tool answered by the catalog, 401 for sign-in. */
const behavesAsMcpServer = (target: () => { mcpUrl: string; origin: string }) => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`when a ${era} client lists tools and calls get_site_info then the catalog answers through /mcp`, async () => {
      const client = await connect(target().mcpUrl, era);
      try {
        expect((await client.listTools()).tools).toHaveLength(65);
        const result = await client.callTool({ name: 'get_site_info', arguments: {} });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ counts: { live_listings: expect.any(Number) } });
      } finally {
        await client.close();
      }
    });
  }

  it('when a signed-in tool is called without credentials then 401 carries resource_metadata', async () => {
    const response = await fetch(target().mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_account', arguments: {} },
      }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      /resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
  });
};

describe('all-in-one mode: /mcp on the REST port', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let origin = '';
  beforeAll(async () => {
    running = await startAllInOneInProcess();
    origin = running.base;
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
  });
  behavesAsMcpServer(() => ({ mcpUrl: `${origin}/mcp`, origin }));
});

const natsAvailable = natsServerAvailable();
if (!natsAvailable)
  console.warn('MCP cluster-mode tests skipped: nats-server is not on the PATH (apt-get install nats-server)');

describe.skipIf(!natsAvailable)('cluster mode: the MCP gateway its own process over a real nats-server', () => {
  const data = tempDataDir();
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => {
    nats = await startNatsServer();
    const port = await freePort();
    const config = testConfig({ PORT: String(port), DATA_DIR: data.dir, NATS_URL: nats.url });
    cluster = await startCluster(config, createLogger({ name: 'cluster', level: 'silent' }), {
      ...process.env,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      MCP_PORT: '0',
      WEB_PORT: '0',
    });
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await cluster?.stop();
    await nats?.stop();
    data.remove();
  });
  behavesAsMcpServer(() => ({
    mcpUrl: `http://127.0.0.1:${cluster.mcpPort}/mcp`,
    origin: `http://127.0.0.1:${cluster.mcpPort}`,
  }));

  it('when a client fetches the protected resource metadata from the MCP port then the gateway’s document comes back', async () => {
    const response = await fetch(`http://127.0.0.1:${cluster.mcpPort}/.well-known/oauth-protected-resource/mcp`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      resource: expect.stringMatching(/\/mcp$/),
      authorization_servers: [expect.any(String)],
    });
  });
});
