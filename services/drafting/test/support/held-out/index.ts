/**
 * The held-out drafting corpus (issue #30 item 4): 44 made-up product sites written without reading
 * the drafter or the crawler, given only the spec's field list, the corpus types and the scorer.
 * It is frozen: its SHA-256 (`node scripts/corpus-hash.ts held-out`) is recorded in
 * docs/benchmarks.md, and services/drafting/test/held-out-corpus.test.ts fails when a file here
 * changes without the recorded hash changing. Do not tune the drafter on these sites; fix it by
 * general rules and measure again.
 *
 * How `expected` is labelled (what a careful person drafts from the readable pages):
 * - `name` is the product's name, not the company's legal name; `tagline` the hero's headline (the
 *   short line that says what the product does); `short_description` the meta/og description, or
 *   the hero's lead when the site has none.
 * - `logo_url` is the product's logo image on the site's own origin (the image marked as the logo,
 *   else the apple-touch-icon), absolute; left out when the site has no logo image.
 * - `pricing` parts: `Plan: <price as the page writes it> per <period>`, the period in English
 *   (`per month`, `per year`), `per user` for prices per person or seat and `per <unit>` for other
 *   units (`per desk`, `per device`, `per location`); no period when the page states none (free
 *   plans, one-off prices, "Custom"); a free plan once; a plan priced both monthly and yearly gives
 *   one part per period; a single plan the page does not name is named after the product; the page's
 *   trial sentence verbatim. Plans only from pages robots.txt
 *   allows.
 * - `founders`: people the site says founded the company or product (names without honorifics such
 *   as Dr), with their role as written for them (left out when the site gives none); employees, advisors, investors and people quoted
 *   in testimonials are not founders.
 * - `company_socials`: the company's own profiles (not share links, not founders' own profiles,
 *   not other companies'), the link as written, keyed by the platform keys of
 *   `packages/contracts/src/socials.ts`.
 * - `founded_year`, `country` (ISO 3166-1 alpha-2) and `city` as the site states them; not in the
 *   scorer's SCORED_FIELDS yet.
 * - `forbidden`: text found only on pages robots.txt disallows for ListingsDirectoryBot (their paths
 *   vary: /internal/, /intern/, /admin/, /staging/, /pricing, a bot-specific group, ...); a draft
 *   must not hold it and the crawler must not fetch those pages.
 */
import { ASIA_AND_MORE_SITES } from './asia-and-more.ts';
import { EDGE_CASE_SITES } from './edge-cases.ts';
import { GERMAN_SPEAKING_SITES } from './german-speaking.ts';
import { NORTHERN_SITES } from './northern.ts';
import { ROMANCE_SITES } from './romance.ts';
import { SAAS_BUILDER_SITES } from './saas-builders.ts';
import { SMALL_MAKER_SITES } from './small-makers.ts';
import type { HeldOutSite } from './types.ts';

export type { HeldOutExpected, HeldOutSite } from './types.ts';

export const HELD_OUT_CORPUS: readonly HeldOutSite[] = [
  ...SAAS_BUILDER_SITES,
  ...SMALL_MAKER_SITES,
  ...GERMAN_SPEAKING_SITES,
  ...ROMANCE_SITES,
  ...NORTHERN_SITES,
  ...ASIA_AND_MORE_SITES,
  ...EDGE_CASE_SITES,
];
