import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRAFT_FIELD_KEYS } from '@listings/contracts';
import { createSafeFetch } from '@listings/platform/outbound';
import type { Drafter } from '../../../src/adapters/drafter.ts';
import { createSiteCrawler } from '../../../src/adapters/site-crawler.ts';
import type { CrawledPage, Proposal } from '../../../src/domain/draft/draft.ts';
import { servedSources } from '../../../src/domain/draft/evidence/served-text.ts';
import { normaliseText, verifyProposals } from '../../../src/domain/draft/evidence/verify-evidence.ts';
import { robotsAllows } from '../corpus-check.ts';
import { founderKey, pricingPartKey } from './meaning.ts';
import { type CorpusSite, type ExpectedDraft, SCORED_FIELDS, withOrigin } from './sites.ts';

export const DRAFT_KEYS = [
  ...DRAFT_FIELD_KEYS,
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'competitor_url',
  'seo',
];

export interface ServedSite {
  readonly url: string;
  readonly origin: string;
  readonly requested: string[];
  close(): Promise<void>;
}

/** Serves one corpus site on loopback; its request log shows what the crawler fetched. */
export const serveCorpusSite = async (site: CorpusSite): Promise<ServedSite> => {
  const requested: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requested.push(path);
    if (path === '/robots.txt') {
      res.setHeader('content-type', 'text/plain');
      return res.end(site.robots.replaceAll('{{origin}}', origin));
    }
    const page = site.pages[path];
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (page === undefined) {
      res.statusCode = 404;
      return res.end('<html><body>Not found</body></html>');
    }
    res.end(page.replaceAll('{{origin}}', origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    origin,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** Crawl, draft and check evidence as the service does, without the event store around it. */
export const draftCorpusSite = async (site: ServedSite, drafter: Drafter) => {
  const crawler = createSiteCrawler({
    safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (+bench)' }),
    robotsToken: 'ListingsDirectoryBot',
  });
  const started = performance.now();
  const crawled = await crawler.crawl(site.url, { onProgress: async () => undefined });
  if (!crawled.ok) throw new Error(`crawl failed: ${crawled.reason}`);
  const proposals = await drafter.draft({ pages: crawled.pages, keys: DRAFT_KEYS, categoryNames: [] });
  const { proposals: kept } = verifyProposals(crawled.pages, proposals, DRAFT_KEYS);
  return { pages: crawled.pages, kept, ms: performance.now() - started };
};

type Fact = string;
const norm = (s: string) => normaliseText(s).toLowerCase();

/**
 * A draft's values as comparable facts per scored field. Prices and founders are compared by meaning
 * (./meaning.ts): a plan by name, amount, currency and period; a founder by name (titles not scored).
 * A company social that is the site's own home page is not scored (it is the listing's URL).
 */
const factsOf = (field: (typeof SCORED_FIELDS)[number], value: unknown, origin = ''): Fact[] => {
  if (value === undefined || value === null) return [];
  switch (field) {
    case 'pricing':
      return (Array.isArray(value) ? value.map(String) : String(value).split('; '))
        .map((part) => pricingPartKey(normaliseText(part)))
        .filter((x) => x.length > 0);
    case 'founders':
      return (value as { name: string; title?: string }[]).map((f) => founderKey(normaliseText(f.name)));
    case 'company_socials':
      // the site's own address is the listing's URL, not a profile: neither found nor wrong
      return Object.entries(value as Record<string, string>)
        .filter(([, v]) => !isOwnSite(v, origin))
        .map(([k, v]) => norm(`${k} ${v}`));
    default:
      return [norm(String(value))];
  }
};

const isOwnSite = (link: string, origin: string) => {
  try {
    const url = new URL(link);
    return origin !== '' && url.origin === origin && (url.pathname === '/' || url.pathname === '');
  } catch {
    return false;
  }
};

const draftedValue = (kept: Record<string, Proposal>, field: (typeof SCORED_FIELDS)[number]) =>
  field === 'pricing' ? kept.pricing_summary?.value : kept[field]?.value;

export interface SiteScore {
  readonly id: string;
  readonly perField: Record<string, { tp: number; fp: number; fn: number }>;
  /** kept values that stand on no quote the site served */
  readonly invented: string[];
  /** kept quotes that are not a substring of what the site served: the page's visible text or its raw HTML */
  readonly nonVerbatim: string[];
  /** text of robots-disallowed pages that reached the draft, or disallowed pages that were fetched */
  readonly leaks: string[];
  readonly misses: string[];
  readonly wrong: string[];
  readonly ms: number;
}

export const scoreDraft = (
  site: CorpusSite,
  served: ServedSite,
  result: { pages: CrawledPage[]; kept: Record<string, Proposal>; ms: number },
): SiteScore => {
  const expected = withOrigin(site.expected, served.origin) as ExpectedDraft;
  const perField: SiteScore['perField'] = {};
  const misses: string[] = [];
  const wrong: string[] = [];
  for (const field of SCORED_FIELDS) {
    const want = new Set(factsOf(field, expected[field], served.origin));
    const got = factsOf(field, draftedValue(result.kept, field), served.origin);
    const tp = got.filter((g) => want.has(g)).length;
    for (const g of got) if (!want.has(g)) wrong.push(`${field}: ${g}`);
    for (const w of want) if (!got.includes(w)) misses.push(`${field}: ${w}`);
    perField[field] = { tp, fp: got.length - tp, fn: want.size - tp };
  }
  // what the site served (visible text, raw HTML, the manifest): the bench holds every kept quote to it
  const servedText = new Map(result.pages.map((p) => [p.url, servedSources(p)]));
  const isServed = (e: { url: string; quote: string }) =>
    servedText.get(e.url)?.some((source) => source.includes(normaliseText(e.quote))) === true;
  const invented: string[] = [];
  const nonVerbatim: string[] = [];
  for (const [key, proposal] of Object.entries(result.kept)) {
    if (!proposal.evidence.some(isServed)) invented.push(`${key}: ${JSON.stringify(proposal.value)}`);
    for (const e of proposal.evidence) if (!isServed(e)) nonVerbatim.push(`${key}: ${e.quote}`);
  }
  const leaks: string[] = [];
  const draft = JSON.stringify(result.kept);
  for (const secret of site.forbidden) if (draft.includes(secret)) leaks.push(`draft holds ${secret}`);
  // every fetch robots.txt disallows for our bot is a leak, whatever the path
  const allowed = robotsAllows(site);
  for (const path of served.requested) if (!allowed(path)) leaks.push(`fetched ${path}`);
  return { id: site.id, perField, invented, nonVerbatim, leaks, misses, wrong, ms: result.ms };
};

export interface CorpusTotals {
  readonly perField: Record<string, { recall: number; precision: number; tp: number; fp: number; fn: number }>;
  readonly recall: number;
  readonly precision: number;
  readonly invented: number;
  readonly nonVerbatim: number;
  readonly leaks: number;
  readonly p50: number;
  readonly p99: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

export const totals = (scores: readonly SiteScore[]): CorpusTotals => {
  const perField: CorpusTotals['perField'] = {};
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const field of SCORED_FIELDS) {
    const t = { tp: 0, fp: 0, fn: 0 };
    for (const s of scores) {
      const f = s.perField[field] ?? { tp: 0, fp: 0, fn: 0 };
      t.tp += f.tp;
      t.fp += f.fp;
      t.fn += f.fn;
    }
    tp += t.tp;
    fp += t.fp;
    fn += t.fn;
    perField[field] = {
      ...t,
      recall: t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn),
      precision: t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp),
    };
  }
  const times = scores.map((s) => s.ms).sort((a, b) => a - b);
  return {
    perField,
    recall: tp / Math.max(1, tp + fn),
    precision: tp / Math.max(1, tp + fp),
    invented: scores.reduce((n, s) => n + s.invented.length, 0),
    nonVerbatim: scores.reduce((n, s) => n + s.nonVerbatim.length, 0),
    leaks: scores.reduce((n, s) => n + s.leaks.length, 0),
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
  };
};
