import type { CheerioAPI } from '@crawlee/cheerio';
import { ABOUT_WORDS, CONTACT_WORDS, PRICING_WORDS, TEAM_WORDS } from '../page-kinds.ts';

/** Pages likely to hold facts about a product, by words in their path or link text. */
const FACT_PAGE = new RegExp(
  [
    /about|company|story|team|founder|people|pricing|plans|price|features|product|faq|help|questions|contact|legal|imprint|impressum|terms|privacy|careers|press|changelog|blog|docs/
      .source,
    PRICING_WORDS.source,
    ABOUT_WORDS.source,
    TEAM_WORDS.source,
    CONTACT_WORDS.source,
  ].join('|'),
  'i',
);

/**
 * The pages read first, best first: what a listing needs most (plans, the company and its people)
 * before what helps (changelog, blog, press, docs); any other fact page after them.
 */
const PREFERRED = [
  PRICING_WORDS,
  ABOUT_WORDS,
  TEAM_WORDS,
  /company|story/i,
  /faq|features/i,
  /contact/i,
  /changelog/i,
  /blog/i,
  /press/i,
  /docs/i,
];
/** lower is read sooner; a short path beats a deep one of the same kind */
const preference = (label: string, depth: number): number => {
  const at = PREFERRED.findIndex((re) => re.test(label));
  return (at === -1 ? PREFERRED.length : at) * 10 + Math.min(depth, 9);
};

const NOT_A_PAGE = /\.(pdf|png|jpe?g|gif|svg|zip|mp4|webp|ico|css|js|xml|json)$/i;

/**
 * The fact pages a page leads to, best first: its links (by path and link text) and `extra` URLs
 * (the sitemaps' pages, for the homepage); same-site pages not yet seen, once each.
 */
export const factPagesFrom = (options: {
  readonly $: CheerioAPI;
  readonly pageUrl: string;
  readonly extra: readonly string[];
  readonly sameSite: (url: URL) => boolean;
  readonly seen: ReadonlySet<string>;
}): string[] => {
  const candidates: { url: string; score: number }[] = [];
  const consider = (target: URL, text: string) => {
    target.hash = '';
    if (!options.sameSite(target) || options.seen.has(target.href)) return;
    if (NOT_A_PAGE.test(target.pathname)) return;
    const label = `${target.pathname} ${text}`;
    if (!FACT_PAGE.test(label) || candidates.some((c) => c.url === target.href)) return;
    candidates.push({ url: target.href, score: preference(label, target.pathname.split('/').length - 1) });
  };
  const { $ } = options;
  $('a[href]').each((_, el) => {
    try {
      consider(new URL($(el).attr('href') ?? '', options.pageUrl), $(el).text());
    } catch {
      // not a URL
    }
  });
  for (const loc of options.extra) {
    try {
      consider(new URL(loc), '');
    } catch {
      // not a URL
    }
  }
  candidates.sort((a, b) => a.score - b.score);
  return candidates.map((c) => c.url);
};
