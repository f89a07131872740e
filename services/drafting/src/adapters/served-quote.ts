import { decodeHTML, encodeHTML, escapeText } from 'entities';
import type { CrawledPage } from '../domain/draft/draft.ts';
import { MANIFEST_MARKER, normaliseText, visiblePart } from '../domain/draft/evidence/served-text.ts';

/**
 * Finds the quote for a value a drafter read from a page: always a slice of what the site served
 * (its visible text or its raw HTML), never a sentence we write ourselves. In order:
 * - the value itself as the page shows it (visible text), when it is long enough to be a quote;
 * - the schema.org property it came from, as written: a JSON-LD member (`"foundingDate": "2019"`),
 *   or a microdata/RDFa tag (`<meta itemprop="priceCurrency" content="USD">`, `<span itemprop="price">12`);
 * - the value in the raw HTML (an attribute's content);
 * - an attribute or JSON string the value was decoded or resolved from (`href="/logo.png"` for
 *   `https://site/logo.png`, `content="Tom &amp; Jerry"`).
 */
/** the quote for `value`; `property` is the schema.org property it was read from, if any */
export type QuoteFinder = (value: string, property?: string) => string | null;

const MIN_QUOTE = 3;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const quoteFinder = (page: Pick<CrawledPage, 'url' | 'text' | 'html'>): QuoteFinder => {
  const visible = normaliseText(visiblePart(page));
  const manifest = page.text.split(MANIFEST_MARKER)[1];
  /** the raw sources: the HTML as fetched, and the web app manifest as served (the homepage's) */
  const raws = manifest ? [page.html, manifest] : [page.html];
  const rawNormalised = raws.map(normaliseText);
  const same = (a: string, b: string) => normaliseText(a) === normaliseText(b);

  const jsonMember = (property: string, value: string): string | null => {
    const member = new RegExp(`"${escapeRegExp(property)}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`, 'g');
    for (const m of raws.flatMap((raw) => [...raw.matchAll(member)])) {
      try {
        const parsed = JSON.parse(m[1] as string) as unknown;
        if ((typeof parsed === 'string' || typeof parsed === 'number') && same(String(parsed), value)) return m[0];
      } catch {
        // not JSON after all
      }
    }
    return null;
  };

  const markupProperty = (property: string, value: string): string | null => {
    const raw = page.html;
    const tag = new RegExp(
      `<[a-zA-Z][^>]*\\b(?:itemprop|property)\\s*=\\s*["']?(?:[\\w-]+:)?${escapeRegExp(property)}\\b[^>]*>`,
      'g',
    );
    for (const m of raw.matchAll(tag)) {
      const content = m[0].match(/\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/);
      const attr = content?.[1] ?? content?.[2];
      if (attr !== undefined && same(decodeHTML(attr), value)) return m[0];
      const start = (m.index ?? 0) + m[0].length;
      const end = raw.indexOf('<', start);
      const text = raw.slice(start, end < 0 ? undefined : end);
      if (same(decodeHTML(text), value)) return raw.slice(m.index ?? 0, start + text.trimEnd().length);
    }
    return null;
  };

  const sourceOf = (value: string): string | null => {
    const isUrl = /^https?:\/\//i.test(value);
    for (const m of raws.flatMap((raw) => [
      ...raw.matchAll(/\b(?:href|src|content|srcset)\s*=\s*"([^"]*)"|"(?:[\w@]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g),
    ])) {
      const written = m[1] ?? m[2] ?? '';
      let decoded = m[1] !== undefined ? decodeHTML(written) : written;
      if (m[2] !== undefined)
        try {
          decoded = JSON.parse(`"${written}"`) as string;
        } catch {
          continue;
        }
      let matches = same(decoded, value);
      if (!matches && isUrl)
        try {
          matches = new URL(decoded.trim(), page.url).href === value;
        } catch {
          matches = false;
        }
      if (matches) return m[0];
    }
    return null;
  };

  return (value, property) => {
    const v = normaliseText(value);
    if (!v) return null;
    if (v.length >= MIN_QUOTE && visible.includes(v) && !property) return v;
    if (property) {
      const slice = jsonMember(property, value) ?? markupProperty(property, value);
      if (slice) return slice;
      if (v.length >= MIN_QUOTE && visible.includes(v)) return v;
    }
    if (v.length >= MIN_QUOTE && rawNormalised.some((raw) => raw.includes(v))) return v;
    // text with characters the HTML wrote as entities (`Tom &amp; Jerry`): the escaped slice as written
    for (const escaped of [escapeText(value), encodeHTML(value)].map(normaliseText))
      if (escaped !== v && escaped.length >= MIN_QUOTE && rawNormalised[0]?.includes(escaped)) return escaped;
    return sourceOf(value);
  };
};
