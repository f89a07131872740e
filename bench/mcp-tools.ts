// MCP tool calls beside the same operations over REST, against one running all-in-one service:
// get_site_info, search_listings and get_listing, as 2026-07-28 stateless tools/call POSTs to /mcp
// and as GETs under /api/v1. Each operation is loaded REST, MCP, REST, MCP, ... (`rounds` pairs,
// short runs), so that every MCP run sits next to the REST run it is compared with on a machine
// whose speed drifts; the figures are the medians, and MCP's share of REST is the median of the
// rounds' ratios. Called by bench/run.ts and bench/mcp-quick.ts; figures go in docs/benchmarks.md.
import { toolCall } from '../services/mcp-gateway/test/support/tool-call.ts';
import { type LoadFigures, measure, median } from './support.ts';

export interface McpBenchFigures extends LoadFigures {
  name: string;
}

/** the request the MCP gateway's tests send too */
export { toolCall };

type LoadOptions = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

export const run = async (
  name: string,
  options: LoadOptions,
  connections: number,
  durationS: number,
  warmUpS?: number,
): Promise<McpBenchFigures> => ({ name, ...(await measure(options, connections, durationS, warmUpS)) });

/** A slug that exists (the first search hit), so get_listing measures a found listing. */
export const someSlug = async (origin: string): Promise<string> => {
  const response = await fetch(`${origin}/api/v1/listings?per_page=1`);
  const page = (await response.json().catch(() => ({}))) as { items?: { slug?: string }[] };
  return page.items?.[0]?.slug ?? 'acme';
};

/** The three operations, each as a REST GET and as the same MCP tools/call. */
export const operationsToCompare = (origin: string, slug: string) =>
  [
    { operation: 'get_site_info', rest: `${origin}/api/v1/site`, args: {} },
    { operation: 'search_listings', rest: `${origin}/api/v1/listings?q=app`, args: { q: 'app' } },
    { operation: 'get_listing', rest: `${origin}/api/v1/listings/${slug}`, args: { slug } },
  ].map(({ operation, rest, args }) => ({
    operation,
    rest: { url: rest } as LoadOptions,
    mcp: { url: `${origin}/mcp`, ...toolCall(operation, args) } as LoadOptions,
    args,
  }));

/**
 * Refuses to measure a call that does not succeed: a tool error is an HTTP 200 too, and would be
 * measured as a success by the load generator.
 */
const assertSucceeds = async (operation: string, rest: LoadOptions, mcp: LoadOptions) => {
  const restAnswer = await fetch(rest.url);
  if (restAnswer.status !== 200) throw new Error(`REST ${operation} answered ${restAnswer.status}`);
  const mcpAnswer = await fetch(mcp.url, { method: 'POST', headers: mcp.headers, body: mcp.body });
  const text = await mcpAnswer.text();
  if (mcpAnswer.status !== 200 || !text.includes('"structuredContent"') || text.includes('"isError":true'))
    throw new Error(`MCP ${operation} answered ${mcpAnswer.status}: ${text.slice(0, 300)}`);
};

export interface SideBySide {
  readonly operation: string;
  readonly rest: LoadFigures;
  readonly mcp: LoadFigures;
  /** the median of the rounds' MCP/REST req/s ratios */
  readonly ratio: number;
  readonly ratios: readonly number[];
}

export const benchMcpBesideRest = async (
  port: number,
  connections: number,
  durationS: number,
  rounds = 3,
): Promise<SideBySide[]> => {
  const origin = `http://127.0.0.1:${port}`;
  const slug = await someSlug(origin);
  const out: SideBySide[] = [];
  for (const { operation, rest, mcp } of operationsToCompare(origin, slug)) {
    await assertSucceeds(operation, rest, mcp);
    const runs = { rest: [] as LoadFigures[], mcp: [] as LoadFigures[] };
    for (let round = 0; round < rounds; round++) {
      const warmUpS = round === 0 ? 1 : 0.5;
      runs.rest.push(await measure(rest, connections, durationS, warmUpS));
      runs.mcp.push(await measure(mcp, connections, durationS, warmUpS));
    }
    const summary = (figures: LoadFigures[]): LoadFigures => ({
      rps: median(figures.map((f) => f.rps)),
      p50: median(figures.map((f) => f.p50)),
      p99: median(figures.map((f) => f.p99)),
      errors: figures.reduce((n, f) => n + f.errors, 0),
    });
    const ratios = runs.mcp.map((m, i) => m.rps / (runs.rest[i] as LoadFigures).rps);
    out.push({ operation, rest: summary(runs.rest), mcp: summary(runs.mcp), ratio: median(ratios), ratios });
  }
  return out;
};

/** The side-by-side table as docs/benchmarks.md shows it. */
export const printSideBySide = (figures: readonly SideBySide[]) => {
  console.log('| operation | REST req/s | MCP req/s | MCP % of REST (rounds) | REST p99 ms | MCP p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    const percents = f.ratios.map((r) => `${Math.round(100 * r)}`).join(', ');
    console.log(
      `| ${f.operation} | ${Math.round(f.rest.rps)} | ${Math.round(f.mcp.rps)} | ${Math.round(100 * f.ratio)}% (${percents}) | ${f.rest.p99} | ${f.mcp.p99} | ${f.rest.errors + f.mcp.errors} |`,
    );
  }
};
