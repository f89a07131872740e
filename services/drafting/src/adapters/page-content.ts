import { type CheerioAPI, load } from 'cheerio';
import { METADATA_MARKER, visiblePart } from '../domain/draft/evidence/served-text.ts';
import { type StructuredData, structuredData, typesOf } from './structured-data.ts';

/** The few DOM node properties the text walker reads. */
interface AnyNode {
  readonly type: string;
  readonly name?: string;
  readonly data?: string;
  readonly children?: AnyNode[];
}

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
  'summary',
  'details',
  'caption',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head']);

/**
 * Visible text with line breaks at block boundaries, so words of adjacent blocks never glue together,
 * and inline elements joined as a browser shows them (`<b>Acme</b>Cloud` is `AcmeCloud`).
 */
export const visibleText = ($: CheerioAPI): string => {
  const root = $('body').get(0) ?? $.root().get(0);
  return root ? textOf(root) : '';
};

/**
 * The visible text of one element, exactly as `visibleText` writes it (blocks on their own lines,
 * scripts and styles left out): what a quote of that element must be to be found on the page.
 */
export const textOf = (element: unknown): string => {
  if (!element) return '';
  const out: string[] = [];
  const walk = (node: AnyNode): void => {
    if (node.type === 'text') {
      out.push(node.data ?? '');
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    const name = node.name ?? '';
    if (SKIP.has(name)) return;
    const block = BLOCK.has(name);
    if (block) out.push('\n');
    for (const child of node.children ?? []) walk(child);
    if (block) out.push('\n');
  };
  walk(element as AnyNode);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
};

const absolute = (href: string, base: string): string | null => {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
};

/**
 * The page's metadata written out as lines: `<html lang>`, meta tags, Open Graph and Twitter cards,
 * the leaves of every schema.org node (JSON-LD, microdata, RDFa: `json-ld Organization.name: Acme`,
 * `microdata Offer.price: 9.00`), icons, link targets and logo images. They are part of the stored
 * evidence text, so a value taken from them has a quote that can be checked like any other.
 */
export const metadataLines = ($: CheerioAPI, url: string, data: StructuredData): string[] => {
  const lines: string[] = [];
  const title = $('title').first().text().trim();
  if (title) lines.push(`title: ${title}`);
  if (data.lang) lines.push(`html lang: ${data.lang}`);
  $('meta[name], meta[property]').each((_, el) => {
    const name = ($(el).attr('name') ?? $(el).attr('property') ?? '').toLowerCase();
    const content = ($(el).attr('content') ?? '').trim();
    if (content && /^(description|keywords|author|application-name|og:|twitter:)/.test(name))
      lines.push(`${name}: ${content}`);
  });
  const leaves = (prefix: string, value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (typeof value === 'string' || typeof value === 'number') lines.push(`${prefix}: ${String(value)}`);
    else if (Array.isArray(value)) {
      for (const v of value) leaves(prefix, v, depth + 1);
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (!k.startsWith('@')) leaves(`${prefix}.${k}`, v, depth + 1);
  };
  for (const { syntax, node } of data.nodes) leaves(`${syntax} ${typesOf(node).join(',')}`, node, 0);
  for (const icon of data.icons) lines.push(`icon ${icon.kind}: ${icon.href}`);
  $('a[href]').each((_, el) => {
    const href = ($(el).attr('href') ?? '').trim();
    if (/^mailto:/i.test(href)) lines.push(`link: ${href.slice(7).split('?')[0]}`);
    else if (/^https?:/i.test(href) || href.startsWith('/')) {
      const abs = absolute(href, url);
      if (abs && new URL(abs).host !== new URL(url).host) lines.push(`link: ${abs}`);
    }
  });
  $('iframe[src]').each((_, el) => {
    const abs = absolute($(el).attr('src') ?? '', url);
    if (abs) lines.push(`embed: ${abs}`);
  });
  $('img[src]').each((_, el) => {
    const marker = `${$(el).attr('alt') ?? ''} ${$(el).attr('class') ?? ''} ${$(el).attr('id') ?? ''} ${$(el).attr('src') ?? ''}`;
    if (/logo/i.test(marker)) {
      const abs = absolute($(el).attr('src') ?? '', url);
      if (abs) lines.push(`logo image: ${abs}`);
    }
  });
  return lines;
};

/** The visible text of an element on one line (its block breaks as spaces): a quote as the page shows it. */
export const lineOf = (element: unknown): string => textOf(element).replace(/\n/g, ' ');

/**
 * A page's metadata as the site served it, each a slice of the raw HTML: the `<title>`, meta and
 * icon tags, JSON-LD scripts' text, and the targets of links (`href="https://github.com/acme"`).
 * What a model is shown beside the visible text, so whatever it copies from them is a quote the
 * evidence check finds in the raw HTML (never our rewording of it).
 */
export const servedMetadata = (html: string): string[] => {
  const slices: string[] = [];
  const add = (slice: string | undefined) => {
    const s = slice?.trim();
    if (s && !slices.includes(s)) slices.push(s);
  };
  add(html.match(/<title\b[^>]*>[\s\S]*?<\/title>/i)?.[0]);
  for (const m of html.matchAll(/<meta\b[^>]*>/gi))
    if (/\b(?:name|property)\s*=\s*["']?(?:description|keywords|author|application-name|og:|twitter:)/i.test(m[0]))
      add(m[0]);
  for (const m of html.matchAll(/<link\b[^>]*>/gi))
    if (/\brel\s*=\s*["']?[^"'>]*(?:icon|manifest)/i.test(m[0])) add(m[0]);
  for (const m of html.matchAll(/<script\b[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)) add(m[1]);
  for (const m of html.matchAll(/\bhref\s*=\s*"(?:https?:|mailto:)[^"]*"/gi)) add(m[0]);
  return slices;
};

/** What a model reads of a page: its visible text, then its metadata as served (`servedMetadata`). */
export const promptText = (page: { readonly text: string; readonly html: string }): string =>
  [visiblePart(page), '', ...servedMetadata(page.html)].join('\n');

/** What the crawler keeps of a page: its title, and its visible text followed by its metadata lines. */
export const pageEvidenceText = (html: string, url: string): { title: string; text: string } => {
  const $ = load(html);
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  const text = [visibleText($), '', METADATA_MARKER, ...metadataLines($, url, structuredData(html, url))].join('\n');
  return { title, text };
};
