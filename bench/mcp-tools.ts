// MCP tool calls beside the same operations over REST, against one running all-in-one service:
// search_listings and get_listing, as 2026-07-28 stateless tools/call POSTs to /mcp and as GETs
// under /api/v1. Called by bench/run.ts; figures go in docs/benchmarks.md.
import autocannon from 'autocannon';

export interface McpBenchFigures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const MODERN = '2026-07-28';

export const toolCall = (name: string, args: Record<string, unknown>) => ({
  method: 'POST' as const,
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': name,
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name,
      arguments: args,
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  }),
});

export const run = async (
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  connections: number,
  durationS: number,
): Promise<McpBenchFigures> => {
  await autocannon({ ...options, connections, duration: 2 });
  const result = await autocannon({ ...options, connections, duration: durationS });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

/** A slug that exists (the first search hit), so get_listing measures a found listing. */
export const someSlug = async (origin: string): Promise<string> => {
  const response = await fetch(`${origin}/api/v1/listings?per_page=1`);
  const page = (await response.json().catch(() => ({}))) as { items?: { slug?: string }[] };
  return page.items?.[0]?.slug ?? 'acme';
};

export const benchMcpBesideRest = async (port: number, connections: number, durationS: number) => {
  const origin = `http://127.0.0.1:${port}`;
  const slug = await someSlug(origin);
  const figures: McpBenchFigures[] = [];
  figures.push(
    await run(
      'REST GET /listings?q=app (search_listings)',
      { url: `${origin}/api/v1/listings?q=app` },
      connections,
      durationS,
    ),
  );
  figures.push(
    await run(
      'MCP tools/call search_listings {q: app}',
      { url: `${origin}/mcp`, ...toolCall('search_listings', { q: 'app' }) },
      connections,
      durationS,
    ),
  );
  figures.push(
    await run(
      `REST GET /listings/${slug} (get_listing)`,
      { url: `${origin}/api/v1/listings/${slug}` },
      connections,
      durationS,
    ),
  );
  figures.push(
    await run(
      `MCP tools/call get_listing {slug: ${slug}}`,
      { url: `${origin}/mcp`, ...toolCall('get_listing', { slug }) },
      connections,
      durationS,
    ),
  );
  return figures;
};
