// MCP tool calls beside the same operations over REST, against one running all-in-one service:
// get_site_info, search_listings and get_listing, as 2026-07-28 stateless tools/call POSTs to /mcp
// and as GETs under /api/v1. Each operation is loaded REST, MCP, REST, MCP, ... (`rounds` pairs,
// short runs), so that every MCP run sits next to the REST run it is compared with on a machine
// whose speed drifts; the figures are the medians, and MCP's share of REST is the median of the
// rounds' ratios. Called by bench/run.ts and bench/mcp-quick.ts; figures go in docs/benchmarks.md.
import { toolCall } from '../services/mcp-gateway/test/support/tool-call.ts';
import { cpuMsOf, type LoadFigures, measure, median } from './support.ts';

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

interface Figures extends LoadFigures {
  /** the server process's CPU time per answered call (µs), when it can be read */
  readonly cpuUs?: number;
}

export interface SideBySide {
  readonly operation: string;
  readonly rest: Figures;
  readonly mcp: Figures;
  /** the median of the rounds' MCP/REST req/s ratios */
  readonly ratio: number;
  readonly ratios: readonly number[];
}

/**
 * `serverPid`: the server's process, whose CPU time per call is reported beside req/s (a figure
 * that the machine's other load moves much less than throughput).
 */
export const benchMcpBesideRest = async (
  port: number,
  connections: number,
  durationS: number,
  rounds = 3,
  serverPid?: number,
): Promise<SideBySide[]> => {
  const origin = `http://127.0.0.1:${port}`;
  const slug = await someSlug(origin);
  const out: SideBySide[] = [];
  const load = async (options: LoadOptions, warmUpS: number): Promise<Figures> => {
    await measure(options, connections, warmUpS, 0);
    const cpuBefore = cpuMsOf(serverPid);
    const figures = await measure(options, connections, durationS, 0);
    const cpuAfter = cpuMsOf(serverPid);
    if (cpuBefore === undefined || cpuAfter === undefined || !figures.requests) return figures;
    return { ...figures, cpuUs: ((cpuAfter - cpuBefore) * 1000) / figures.requests };
  };
  for (const { operation, rest, mcp } of operationsToCompare(origin, slug)) {
    await assertSucceeds(operation, rest, mcp);
    const runs = { rest: [] as Figures[], mcp: [] as Figures[] };
    for (let round = 0; round < rounds; round++) {
      const warmUpS = round === 0 ? 1 : 0.5;
      runs.rest.push(await load(rest, warmUpS));
      runs.mcp.push(await load(mcp, warmUpS));
    }
    const summary = (figures: Figures[]): Figures => {
      const cpu = figures.flatMap((f) => (f.cpuUs === undefined ? [] : [f.cpuUs]));
      return {
        rps: median(figures.map((f) => f.rps)),
        p50: median(figures.map((f) => f.p50)),
        p99: median(figures.map((f) => f.p99)),
        errors: figures.reduce((n, f) => n + f.errors, 0),
        ...(cpu.length > 0 ? { cpuUs: median(cpu) } : {}),
      };
    };
    const ratios = runs.mcp.map((m, i) => m.rps / (runs.rest[i] as Figures).rps);
    out.push({ operation, rest: summary(runs.rest), mcp: summary(runs.mcp), ratio: median(ratios), ratios });
  }
  return out;
};

/** The side-by-side table as docs/benchmarks.md shows it. */
export const printSideBySide = (figures: readonly SideBySide[]) => {
  console.log(
    '| operation | REST req/s | MCP req/s | MCP % of REST (rounds) | REST p99 ms | MCP p99 ms | server CPU µs/call REST, MCP | errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const us = (f: Figures) => (f.cpuUs === undefined ? '?' : `${Math.round(f.cpuUs)}`);
  for (const f of figures) {
    const percents = f.ratios.map((r) => `${Math.round(100 * r)}`).join(', ');
    console.log(
      `| ${f.operation} | ${Math.round(f.rest.rps)} | ${Math.round(f.mcp.rps)} | ${Math.round(100 * f.ratio)}% (${percents}) | ${f.rest.p99} | ${f.mcp.p99} | ${us(f.rest)}, ${us(f.mcp)} | ${f.rest.errors + f.mcp.errors} |`,
    );
  }
};
