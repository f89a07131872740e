import type { CrawledPage, Evidence, Proposal } from '../draft.ts';
import { quoteNamesCountry } from './countries.ts';
import { speaksOfFounding } from './founding-words.ts';
import { isServed, normaliseText, readableForms, servedSources, urlsOf } from './served-text.ts';

export { normaliseText } from './served-text.ts';

/** Fields whose values are URLs: a quote may name them as the page wrote them (relative, in an attribute). */
const URL_FIELDS = new Set(['logo_url', 'demo_video_url', 'competitor_url', 'company_socials', 'founder_socials']);

const MIN_QUOTE_LENGTH = 3;

/**
 * Fields whose value must itself appear inside one of its quotes (case-insensitive): short facts
 * a drafter could otherwise "derive". Prose fields (descriptions, summaries, answers, bios, story)
 * need quotes that check out, but may summarise them.
 */
const VERBATIM_FIELDS = new Set([
  'name',
  'tagline',
  'stage',
  'pricing_model',
  'city',
  'founded_year',
  'contact_email',
  'demo_video_url',
  'logo_url',
  'categories',
  'tags',
  'features',
  'usps',
  'keywords',
  'competitor_url',
]);

export interface VerifiedProfile {
  readonly proposals: Record<string, Proposal>;
  /** what was dropped and why: for logs and tests */
  readonly dropped: readonly { key: string; reason: string }[];
}

/**
 * The guard against invention: keeps a proposed value only when at least one of its quotes is
 * verbatim (whitespace-normalised) in what the site served for the page it names (its visible text
 * or its raw HTML: never the metadata lines the crawler writes), and, for short facts, the value
 * is inside a checked quote as a reader reads it (entities decoded, a JSON-LD member's value, an
 * attribute's URL resolved against the page). A founding year must come from a quote that speaks of founding, not
 * from a copyright line.
 */
export const verifyProposals = (
  pages: readonly CrawledPage[],
  proposals: Readonly<Record<string, Proposal>>,
  allowedKeys: readonly string[],
): VerifiedProfile => {
  const served = new Map(pages.map((p) => [p.url, servedSources(p)]));
  const kept: Record<string, Proposal> = {};
  const dropped: { key: string; reason: string }[] = [];

  const quoteChecks = (e: Evidence): boolean => {
    const sources = served.get(e.url);
    const quote = normaliseText(e.quote ?? '');
    return sources !== undefined && quote.length >= MIN_QUOTE_LENGTH && isServed(sources, quote);
  };

  for (const [key, proposal] of Object.entries(proposals)) {
    if (!allowedKeys.includes(key)) {
      dropped.push({ key, reason: 'not a draft field' });
      continue;
    }
    const evidence = (proposal.evidence ?? []).filter(quoteChecks);
    if (evidence.length === 0) {
      dropped.push({ key, reason: proposal.evidence?.length ? 'no quote found on the crawled pages' : 'no evidence' });
      continue;
    }
    const quotes = evidence.flatMap((e) => readableForms(e.quote).map((q) => normaliseText(q).toLowerCase()));
    const urls = URL_FIELDS.has(key) ? new Set(evidence.flatMap((e) => urlsOf(e.quote, e.url))) : new Set<string>();
    const inQuotes = (v: string) => urls.has(v) || quotes.some((q) => q.includes(normaliseText(v).toLowerCase()));
    let value = proposal.value;
    if (VERBATIM_FIELDS.has(key)) {
      if (Array.isArray(value)) {
        const items = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '' && inQuotes(v));
        if (items.length < value.length)
          dropped.push({ key, reason: `${value.length - items.length} item(s) not in their quotes` });
        if (items.length === 0) continue;
        value = items;
      } else if (typeof value !== 'string' || !inQuotes(value)) {
        dropped.push({ key, reason: 'value is not in its quotes' });
        continue;
      }
    }
    if (key === 'faqs' || key === 'founders') {
      // every entry stands on its own quotes (`faqs[2]...`); entries without one are dropped
      const items = Array.isArray(value) ? value : [];
      const keptItems: unknown[] = [];
      const keptEvidence: Evidence[] = [];
      items.forEach((item, i) => {
        const own = evidence.filter((e) => e.field?.startsWith(`${key}[${i}]`));
        if (own.length === 0) return;
        const at = keptItems.length;
        keptItems.push(item);
        for (const e of own) keptEvidence.push({ ...e, field: e.field?.replace(`${key}[${i}]`, `${key}[${at}]`) });
      });
      if (keptItems.length < items.length)
        dropped.push({ key, reason: `${items.length - keptItems.length} entr(ies) without checked quotes` });
      if (keptItems.length === 0) continue;
      kept[key] = { value: keptItems, evidence: keptEvidence };
      continue;
    }
    if (key === 'company_socials' || key === 'founder_socials') {
      const entries = Object.entries((value ?? {}) as Record<string, unknown>).filter(
        ([platform, link]) =>
          typeof link === 'string' && evidence.some((e) => e.field === `${key}.${platform}`) && inQuotes(link),
      );
      if (entries.length === 0) {
        dropped.push({ key, reason: 'no link in its quotes' });
        continue;
      }
      const platforms = new Set(entries.map(([p]) => `${key}.${p}`));
      kept[key] = {
        value: Object.fromEntries(entries),
        evidence: evidence.filter((e) => platforms.has(e.field ?? '')),
      };
      continue;
    }
    if (key === 'country') {
      // a two-letter code is no substring to look for ("se" is in "based"): the quote must name
      // that country, by its code as a word or by one of its names (ISO 3166 list, our languages)
      const code = String(value).trim().toUpperCase();
      value = code;
      const naming = evidence.some((e) => readableForms(e.quote).some((q) => quoteNamesCountry(q, code)));
      if (!/^[A-Z]{2}$/.test(code) || !naming) {
        dropped.push({ key, reason: 'a country needs a quote that names it' });
        continue;
      }
    }
    if (key === 'founded_year') {
      const year = String(value);
      const founding = evidence.filter((e) => speaksOfFounding(e.quote) && e.quote.includes(year));
      if (founding.length === 0 || !/^\d{4}$/.test(year)) {
        dropped.push({ key, reason: 'a founding year needs a quote about founding' });
        continue;
      }
    }
    kept[key] = { value, evidence };
  }
  return { proposals: kept, dropped };
};
