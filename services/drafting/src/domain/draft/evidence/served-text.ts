import { decodeHTML } from 'entities';
import type { CrawledPage } from '../draft.ts';

/**
 * What the site served, as evidence: a page's stored text is its visible text, then (after
 * METADATA_MARKER) lines the crawler writes about its metadata, and for the homepage (after
 * MANIFEST_MARKER) the web app manifest as served. The metadata lines are our own rewording
 * (`json-ld Organization.name: Acme`), so they are no evidence: a quote must be a substring of the
 * visible text, of the raw HTML as fetched, or of the manifest as served.
 */
export const METADATA_MARKER = '--- page metadata ---';
export const MANIFEST_MARKER = '--- served manifest ---';

/** Whitespace-normalised text: runs of whitespace become one space; NFC so composed letters compare equal. */
export const normaliseText = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The page's visible text (inline elements joined as a browser shows them, blocks on their own lines). */
export const visiblePart = (page: Pick<CrawledPage, 'text'>): string => page.text.split(METADATA_MARKER)[0] ?? '';

/** The served sources of a page, whitespace-normalised: visible text, raw HTML, and the manifest if any. */
export const servedSources = (page: Pick<CrawledPage, 'text' | 'html'>): string[] => {
  const manifest = page.text.split(MANIFEST_MARKER)[1];
  return [normaliseText(visiblePart(page)), normaliseText(page.html), ...(manifest ? [normaliseText(manifest)] : [])];
};

/** A quote is served when it is a substring of one of the page's served sources. */
export const isServed = (sources: readonly string[], quote: string): boolean => {
  const q = normaliseText(quote);
  return sources.some((s) => s.includes(q));
};

const ATTRIBUTE = /^[\w:-]+\s*=\s*(["'])([\s\S]*)\1$/;

/** "@" and "." written out in brackets, as sites guard an email address from harvesters: "hello [at] acme [dot] com", "info(at)acme.de" */
const WRITTEN_AT = /\s*[[({]\s*(?:at|ät|@)\s*[\])}]\s*/giu;
const WRITTEN_DOT = /\s*[[({]\s*(?:dot|punkt|point|punto|piste|kropka|tečka)\s*[\])}]\s*/giu;
/** An email address as a reader reads one written out ("hello [at] acme [dot] com" → "hello@acme.com"). */
export const emailAsRead = (text: string): string => text.replace(WRITTEN_AT, '@').replace(WRITTEN_DOT, '.');
const JSON_MEMBER = /^"[^"]+"\s*:\s*([\s\S]+)$/;

/**
 * What a served quote says, as a reader would read it: the quote itself, its HTML entities decoded
 * (an attribute's `&amp;`), an email address written out read as one ("info(at)acme.de"), and, for a slice of JSON-LD or of an attribute (`"foundingDate": "2019"`,
 * `href="/logo.png"`), the value inside. A drafted value must be inside one of these.
 */
export const readableForms = (quote: string): string[] => {
  const forms = new Set<string>([quote, decodeHTML(quote), emailAsRead(decodeHTML(quote))]);
  const attribute = quote.trim().match(ATTRIBUTE);
  if (attribute?.[2] !== undefined) forms.add(decodeHTML(attribute[2]));
  const member = quote.trim().match(JSON_MEMBER);
  if (member?.[1]) {
    try {
      const value = JSON.parse(member[1]) as unknown;
      if (typeof value === 'string' || typeof value === 'number') forms.add(String(value));
    } catch {
      // not a JSON member
    }
  }
  return [...forms];
};

/** The URL a served quote names, resolved against its page (an `href="/logo.png"` → `https://site/logo.png`). */
export const urlsOf = (quote: string, pageUrl: string): string[] =>
  readableForms(quote)
    .map((form) => form.trim())
    .filter((form) => form.length > 0 && !/\s/.test(form))
    .flatMap((form) => {
      try {
        return [new URL(form, pageUrl).href];
      } catch {
        return [];
      }
    });
