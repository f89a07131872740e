// MCP tool calls beside the same operations over REST, against one running all-in-one service:
// search_listings and get_listing, as 2026-07-28 stateless tools/call POSTs to /mcp and as GETs
// under /api/v1. Called by bench/run.ts; figures go in docs/benchmarks.md.
import { toolCall } from '../services/mcp-gateway/test/support/tool-call.ts';
import { type LoadFigures, measure } from './support.ts';

export interface McpBenchFigures extends LoadFigures {
  name: string;
}

/** the request the MCP gateway's tests send too */
export { toolCall };

export const run = async (
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  connections: number,
  durationS: number,
): Promise<McpBenchFigures> => ({ name, ...(await measure(options, connections, durationS)) });

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
