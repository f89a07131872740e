import { type CheerioAPI, load } from 'cheerio';
import type { CrawledPage, Evidence, Proposal } from '../../domain/draft/draft.ts';
import { visiblePart } from '../../domain/draft/evidence/served-text.ts';
import type { DraftRequest } from '../drafter.ts';
import { sentencesOf } from '../prose-facts.ts';
import { type QuoteFinder, quoteFinder } from '../served-quote.ts';
import { type SchemaNode, type StructuredData, structuredData, typesOf } from '../structured-data.ts';

export const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
export const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
export const cap = (s: string, max: number): string | null => (s.length > 0 && s.length <= max ? s : null);

/** schema.org types that name the product itself */
export const PRODUCT_TYPES = ['SoftwareApplication', 'WebApplication', 'MobileApplication', 'Product', 'Service'];
/** schema.org types that name the company behind it (often by its legal name) */
export const COMPANY_TYPES = ['Organization', 'Corporation', 'LocalBusiness'];
const ORG_TYPES = [...PRODUCT_TYPES, ...COMPANY_TYPES, 'WebSite'];

/**
 * Pages that speak of others: comparisons, alternatives, blog and press posts, customer stories.
 * Their structured data, prices, people and links are not the product's.
 */
const OFF_TOPIC = /\/(?:vs|versus|compare|comparison|alternatives?|blog|news|press|customers|case-stud)/;

/** A page's path as words: decoded (`/über-uns`, not `/%C3%BCber-uns`), lower case. */
const pathOf = (url: string): string => {
  const path = new URL(url).pathname;
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
};

/** One crawled page, parsed once for every step. */
export interface Parsed {
  readonly page: CrawledPage;
  readonly $: CheerioAPI;
  /** schema.org nodes of every syntax (JSON-LD, microdata, RDFa) in the JSON-LD shape */
  readonly ld: SchemaNode[];
  readonly data: StructuredData;
  readonly path: string;
  /** the served quote for a value read from this page */
  readonly quote: QuoteFinder;
}

/** A schema.org node and the page it was read from. */
export interface Found {
  readonly node: SchemaNode;
  readonly p: Parsed;
}

/** What every step of the extractive drafter reads from and writes to. */
export interface DraftContext {
  readonly request: DraftRequest;
  readonly parsed: readonly Parsed[];
  /** the homepage (the first page crawled) */
  readonly home: Parsed;
  /** the pages about the product itself (not comparisons, blog posts, customer stories) */
  readonly own: readonly Parsed[];
  /** the product's, company's and website's schema.org nodes on its own pages */
  readonly org: readonly Found[];
  /** the sentences of each own page's visible text */
  readonly sentences: readonly { p: Parsed; list: string[] }[];
  /** the draft so far: the first value set for a key stays */
  readonly out: Record<string, Proposal>;
  set(key: string, value: unknown, evidence: Evidence[]): void;
  /** the evidence for a value read from page `p`: a slice of what it served (see served-quote.ts), or none */
  ev(value: string, p: Parsed, field?: string, property?: string): Evidence[];
  /** a meta tag's content (by name or property) */
  meta(p: Parsed, name: string): string;
  /** the schema.org nodes of these types on the product's own pages */
  ldOf(types: readonly string[]): Found[];
}

export const draftContext = (request: DraftRequest): DraftContext | null => {
  const parsed: Parsed[] = request.pages.map((page) => {
    const $ = load(page.html);
    const data = structuredData(page.html, page.url);
    const ld = data.nodes.map((n) => n.node);
    return { page, $, ld, data, path: pathOf(page.url), quote: quoteFinder(page) };
  });
  const home = parsed[0];
  if (!home) return null;
  const out: Record<string, Proposal> = {};
  const own = parsed.filter((p) => !OFF_TOPIC.test(p.path));
  const ldOf = (types: readonly string[]) =>
    own.flatMap((p) => p.ld.filter((n) => typesOf(n).some((t) => types.includes(t))).map((node) => ({ node, p })));
  return {
    request,
    parsed,
    home,
    own,
    org: ldOf(ORG_TYPES),
    sentences: own.map((p) => ({ p, list: sentencesOf(visiblePart(p.page)) })),
    out,
    set(key, value, evidence) {
      if (!request.keys.includes(key) || key in out || evidence.length === 0) return;
      out[key] = { value, evidence };
    },
    ev(value, p, field, property) {
      const quote = p.quote(value, property);
      return quote ? [{ quote, url: p.page.url, ...(field ? { field } : {}) }] : [];
    },
    meta: (p, name) => clean(p.$(`meta[name="${name}"], meta[property="${name}"]`).first().attr('content')),
    ldOf,
  };
};

/**
 * The sentences of the pages about others (blog and press posts, comparisons) that name the
 * product itself ("Acme was founded in 2019 by A and B"): a sentence about a rival names the rival.
 */
export const sentencesNaming = (ctx: DraftContext, ownNames: readonly string[]) => {
  const names = ownNames.filter((n) => n.length >= 3).map((n) => n.toLowerCase());
  return ctx.parsed
    .filter((p) => !ctx.own.includes(p))
    .map((p) => ({
      p,
      list: sentencesOf(visiblePart(p.page)).filter((s) => names.some((n) => s.toLowerCase().includes(n))),
    }));
};
