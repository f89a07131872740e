// The MCP gateway's own cost per tools/call, without HTTP sockets or a real catalog:
// `createMcpGateway` on an in-process bus whose catalog stand-in answers at once, driven through
// `endpoint.fetch` (the web-standard face) from this process. `node bench/mcp-endpoint.ts`
// (BENCH_CALLS, default 20000; BENCH_CONCURRENCY, default 50).
import { createInProcessBus } from '@listings/platform/bus';
import { createLogger } from '@listings/platform/logger';
import { createMcpGateway } from '../services/mcp-gateway/src/main.ts';
import { toolCall } from './mcp-tools.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const LISTING = { slug: 'acme', name: 'Acme', url: 'https://acme.example', votes: 3 };

const bus = createInProcessBus();
await bus.serve('gateway.internal.authenticate', async () => ({
  outcome: 'authenticated',
  principal: { account_id: null, scopes: [], via: 'anonymous' },
  credential_id: null,
}));
await bus.serve('catalog.search_listings', async (r) => ({
  status: 200,
  body: { items: [LISTING], page: (r as { query: { page: number } }).query.page, per_page: 20, total: 1 },
}));
const gateway = await createMcpGateway({
  bus,
  logger: createLogger({ name: 'bench', level: 'silent' }),
  config: { publicUrl: 'http://127.0.0.1', natsUrl: null },
  rateLimits: {
    authenticated: { name: 'authenticated', limit: 1e9, windowSeconds: 60 },
    anonymous: { name: 'anonymous', limit: 1e9, windowSeconds: 60 },
  },
});

const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const requests: Record<string, () => Request> = {
  'tools/call search_listings (2026-07-28)': () => {
    const { headers, body } = toolCall('search_listings', { q: 'acme' });
    return new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { ...headers, host: '127.0.0.1' }, body });
  },
  'tools/call search_listings (2025-11-25)': () =>
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { ...LEGACY_HEADERS, host: '127.0.0.1', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_listings', arguments: { q: 'acme' } },
      }),
    }),
};

const measure = async (make: () => Request, calls: number) => {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next++ < calls) {
      const response = await gateway.endpoint.fetch(make(), { clientIp: '127.0.0.1' });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"isError":true')) failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, failed };
};

for (const [name, make] of Object.entries(requests)) {
  await measure(make, Math.min(2000, CALLS)); // warm-up
  const { ms, failed } = await measure(make, CALLS);
  console.log(
    `${name}: ${Math.round((CALLS * 1000) / ms)} calls/s, ${((ms * 1000) / CALLS).toFixed(0)} µs per call, ${failed} failed`,
  );
}
await gateway.stop();
await bus.close();
