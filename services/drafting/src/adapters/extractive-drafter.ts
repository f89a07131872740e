import { SOCIAL_PLATFORMS } from '@listings/contracts';
import { type CheerioAPI, load } from 'cheerio';
import type { CrawledPage, Evidence, Proposal } from '../domain/draft/draft.ts';
import { countryCode } from '../domain/evidence/countries.ts';
import { visiblePart } from '../domain/evidence/served-text.ts';
import type { Drafter, DraftRequest } from './drafter.ts';
import { lineOf, textOf } from './page-content.ts';
import { ABOUT_WORDS, CONTACT_WORDS, PRICING_WORDS, TEAM_WORDS } from './page-kinds.ts';
import { ELSEWHERE, htmlPeople, type PagePerson, structuredPeople } from './people.ts';
import { htmlPlans, type PricingPlan, structuredPlans, summarisePlans, trialSentence } from './pricing-plans.ts';
import {
  addressIn,
  foundersIn,
  founderWithRoleIn,
  foundingYearIn,
  labelledFacts,
  madeIn,
  placeIn,
  postalCityIn,
  sentencesOf,
} from './prose-facts.ts';
import { type QuoteFinder, quoteFinder } from './served-quote.ts';
import { type SchemaNode, type StructuredData, structuredData, typesOf } from './structured-data.ts';

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
/** the listing's limit for pricing_summary (spec Part 4, update_my_listing) */
const PRICING_SUMMARY_MAX = 300;
const cap = (s: string, max: number): string | null => (s.length > 0 && s.length <= max ? s : null);

/** schema.org types that name the product itself */
const PRODUCT_TYPES = ['SoftwareApplication', 'WebApplication', 'MobileApplication', 'Product', 'Service'];
/** schema.org types that name the company behind it (often by its legal name) */
const COMPANY_TYPES = ['Organization', 'Corporation', 'LocalBusiness'];
const ORG_TYPES = [...PRODUCT_TYPES, ...COMPANY_TYPES, 'WebSite'];
/** a tagline is one line: longer texts are descriptions */
const TAGLINE_MAX = 160;

/** Which social platform key a link belongs to (the 12 of the contracts). */
const SOCIAL_HOSTS: Record<string, string> = {
  'linkedin.com': 'linkedin',
  'x.com': 'x',
  'twitter.com': 'x',
  'instagram.com': 'instagram',
  'youtube.com': 'youtube',
  'github.com': 'github',
  'reddit.com': 'reddit',
  'producthunt.com': 'producthunt',
  'medium.com': 'medium',
  'facebook.com': 'facebook',
  'tiktok.com': 'tiktok',
  'threads.net': 'threads',
  'threads.com': 'threads',
  'bsky.app': 'bluesky',
};
/** Community links that have no platform key of their own: they go under `custom`. */
const CUSTOM_HOSTS = new Set(['discord.gg', 'discord.com', 'mastodon.social', 't.me', 'join.slack.com']);

/** Pages by what their path says, in the languages we read. */
const ABOUT_PAGE = ABOUT_WORDS;
const TEAM_PAGE = new RegExp(`${TEAM_WORDS.source}|${ABOUT_WORDS.source}`, 'i');
const PRICING_PAGE = PRICING_WORDS;
const CONTACT_PAGE = CONTACT_WORDS;
/** a heading over a pricing section, in the languages we read */
const PRICING_HEADING = new RegExp(
  `^(?:${PRICING_WORDS.source})|^(?:plans?|pricing|prices?|preise|tarifs?|precios|prezzi|preços|prijzen|priser|hinnat|cennik|ceny|fiyatlar)\\b`,
  'i',
);
/**
 * Pages that speak of others: comparisons, alternatives, blog and press posts, customer stories.
 * Their structured data, prices, people and links are not the product's.
 */
const OFF_TOPIC = /\/(?:vs|versus|compare|comparison|alternatives?|blog|news|press|customers|case-stud)/;
/** A name, not a sentence: up to three words, each capitalised (or one word as written: `tldraw`). */
const nameLike = (t: string): boolean => {
  const words = t.trim().split(/\s+/);
  return t.length <= 60 && words.length <= 3 && (words.length === 1 || words.every((w) => /^[\p{Lu}\p{N}]/u.test(w)));
};
/** A company form written after its name: Inc., GmbH, AB, Ltd, SAS, Oy, ... */
const LEGAL_FORM =
  /\s*,?\s+(?:inc\.?|llc|ltd\.?|limited|gmbh|ag|ab|oy|as|a\/s|aps|asa|bv|b\.v\.|nv|sas|sarl|s\.a\.?|s\.l\.?|srl|s\.r\.l\.|spa|s\.p\.a\.|sp\.? z o\.?o\.?|s\.r\.o\.|kk|co\.?|corp\.?|plc|pty ltd)$/i;
/** A page's path as words: decoded (`/über-uns`, not `/%C3%BCber-uns`), lower case. */
const pathOf = (url: string): string => {
  const path = new URL(url).pathname;
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
};
const NAME_SEPARATOR = /\s+[|·•—–-]\s+|:\s+/;

interface Parsed {
  readonly page: CrawledPage;
  readonly $: CheerioAPI;
  /** schema.org nodes of every syntax (JSON-LD, microdata, RDFa) in the JSON-LD shape */
  readonly ld: SchemaNode[];
  readonly data: StructuredData;
  readonly path: string;
  /** the served quote for a value read from this page */
  readonly quote: QuoteFinder;
}

/**
 * The drafter used without an OpenAI key: it only takes facts the pages state (title and meta tags,
 * Open Graph, JSON-LD, headings, feature lists, pricing tables, FAQ sections, social and mailto
 * links, the logo), each with the quote it was taken from. It infers nothing: no stage, no
 * categories it cannot quote, no founding year from a copyright line.
 */
export const createExtractiveDrafter = (): Drafter => ({
  name: 'extractive',
  async draft(request: DraftRequest) {
    const parsed: Parsed[] = request.pages.map((page) => {
      const $ = load(page.html);
      const data = structuredData(page.html, page.url);
      const ld = data.nodes.map((n) => n.node);
      return { page, $, ld, data, path: pathOf(page.url), quote: quoteFinder(page) };
    });
    const home = parsed[0];
    if (!home) return {};
    const out: Record<string, Proposal> = {};
    const set = (key: string, value: unknown, evidence: Evidence[]) => {
      if (!request.keys.includes(key) || key in out || evidence.length === 0) return;
      out[key] = { value, evidence };
    };
    /** the evidence for a value read from page `p`: a slice of what it served (see served-quote.ts), or none */
    const ev = (value: string, p: Parsed, field?: string, property?: string): Evidence[] => {
      const quote = p.quote(value, property);
      return quote ? [{ quote, url: p.page.url, ...(field ? { field } : {}) }] : [];
    };
    const meta = (p: Parsed, name: string): string =>
      clean(p.$(`meta[name="${name}"], meta[property="${name}"]`).first().attr('content'));
    const own = parsed.filter((p) => !OFF_TOPIC.test(p.path));
    const ldOf = (types: string[]) =>
      own.flatMap((p) => p.ld.filter((n) => typesOf(n).some((t) => types.includes(t))).map((node) => ({ node, p })));
    const org = ldOf(ORG_TYPES);

    // name: the product's, not the company's. The product's schema.org node (SoftwareApplication,
    // WebApplication, Product: JSON-LD, microdata, RDFa), og:site_name / application-name, a part of
    // <title> or og:title that another source agrees with (og:site_name, the <h1>, the copyright
    // line, the host name), a short <h1> that the title names; the organisation's name (often a legal
    // name, "Acme AB") only when nothing else names the product
    const title = clean(home.$('title').first().text());
    const ogTitle = meta(home, 'og:title') || meta(home, 'twitter:title');
    const h1El = home.$('h1').first();
    const h1 = h1El.length > 0 ? cap(lineOf(h1El.get(0)), 200) : null;
    const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const host = letters(new URL(home.page.url).hostname.replace(/^www\./, '').split('.')[0] ?? '');
    const homeFirst = (list: { node: SchemaNode; p: Parsed }[]) => [
      ...list.filter((x) => x.p === home),
      ...list.filter((x) => x.p !== home),
    ];
    const products = homeFirst(ldOf(PRODUCT_TYPES));
    const companies = homeFirst(ldOf(COMPANY_TYPES));
    for (const { node, p } of products) {
      const name = cap(str(node.name), 120);
      if (name) set('name', name, ev(name, p));
    }
    const siteNames = ['og:site_name', 'application-name', 'apple-mobile-web-app-title']
      .map((tag) => cap(meta(home, tag), 120))
      .filter((x): x is string => x !== null);
    for (const siteName of siteNames) set('name', siteName, ev(siteName, home));
    const titleParts = (t: string) =>
      t
        .split(NAME_SEPARATOR)
        .map((x) => x.trim())
        .filter((x) => x.length >= 2);
    // the brand: the text or image alt of the header's link home
    const brand = (() => {
      const link = home
        .$('header a[href="/"], nav a[href="/"], a[class*="brand"], a[class*="logo"], [class*="navbar-brand"]')
        .first();
      if (link.length === 0) return null;
      const text =
        lineOf(link.get(0)) ||
        clean(link.find('img[alt]').first().attr('alt'))
          .replace(/\s+(?:logo|logotype|logotyp|logotipo|brand|home)$/i, '')
          .trim();
      return text && nameLike(text) && !/^(?:home|start|startseite|accueil|inicio|hem)$/i.test(text) ? text : null;
    })();
    {
      const copyright =
        visiblePart(home.page)
          .match(/^.*(?:©|\(c\)|copyright).*$/im)?.[0]
          ?.toLowerCase() ?? '';
      // a short, name-like <h1> agrees; a sentence-like one is the tagline the title repeats
      const agreeing = [...siteNames, h1 && nameLike(h1) ? h1 : '', brand ?? '']
        .map(letters)
        .filter((x) => x.length > 0);
      for (const t of [title, ogTitle].filter((x) => NAME_SEPARATOR.test(x))) {
        const segments = titleParts(t).filter((x) => x.length <= 60 && x.split(' ').length <= 4);
        for (const c of segments)
          if (
            agreeing.includes(letters(c)) ||
            copyright.includes(c.toLowerCase()) ||
            (host.length >= 3 && letters(c) === host)
          )
            set('name', c, ev(c, home));
      }
      // a title that is the name alone, when the h1 or the host agrees
      for (const t of [ogTitle, title])
        if (t && nameLike(t) && (letters(t) === host || (h1 && letters(h1) === letters(t))))
          set('name', t, ev(t, home));
    }
    if (brand) set('name', brand, ev(brand, home));
    // the copyright holder, without the company form ("© 2025 Acme Labs GmbH" → Acme Labs)
    {
      const line = visiblePart(home.page).match(/^.*(?:©|\(c\)|copyright).*$/im)?.[0] ?? '';
      const holder = line
        .replace(/^.*?(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*/i, '')
        .replace(/[.,·|].*$/, '')
        .replace(LEGAL_FORM, '')
        .trim();
      if (holder && nameLike(holder) && !/^(?:all|alle|tous|todos|tutti)\b/i.test(holder))
        set('name', holder, ev(holder, home));
    }
    for (const { node, p } of homeFirst(ldOf(['WebSite']))) {
      const name = cap(str(node.name), 120);
      if (name) set('name', name, ev(name, p));
    }
    for (const { node, p } of companies) {
      const name = cap(str(node.name), 120);
      if (name) set('name', name, ev(name, p));
    }

    // tagline: what the product does, never its name: schema.org slogan, the hero's lead (the <h1>
    // when it is not the name, else the line right under it), the other part of the title, then
    // og:description or the meta description when short enough to be a tagline
    const name = out.name?.value as string | undefined;
    const names = new Set(
      [name, ...siteNames, ...companies.map(({ node }) => str(node.name))]
        .filter(Boolean)
        .map((x) => letters(x as string)),
    );
    const isName = (t: string) => names.has(letters(t)) || (host.length >= 3 && letters(t) === host);
    const tagline = (t: string | null | undefined, p: Parsed) => {
      const line = t ? cap(clean(t), TAGLINE_MAX) : null;
      if (line && !isName(line)) set('tagline', line, ev(line, p));
    };
    for (const { node, p } of [...products, ...companies]) tagline(str(node.slogan), p);
    tagline(h1, home);
    if (h1El.length > 0) {
      const lead = h1El.nextAll('p, h2, h3, [class*="lead"], [class*="sub"]').first();
      const text = lead.length > 0 ? lineOf(lead.get(0)) : '';
      if (text.length >= 10 && text.split(' ').length >= 3) tagline(text, home);
    }
    if (name) {
      for (const t of [ogTitle, title]) {
        const rest = titleParts(t).filter((x) => !isName(x));
        if (rest.length === 1 && rest[0] && titleParts(t).some(isName)) tagline(rest[0], home);
      }
    }
    for (const tag of ['og:description', 'twitter:description', 'description']) tagline(meta(home, tag), home);

    // short description: meta description, Open Graph or Twitter card description, a short schema.org one
    const description = cap(
      meta(home, 'description') || meta(home, 'og:description') || meta(home, 'twitter:description'),
      500,
    );
    if (description) set('short_description', description, ev(description, home));
    for (const { node, p } of org) {
      const d = cap(str(node.description), 300);
      if (d) set('short_description', d, ev(d, p));
    }

    // description: JSON-LD description, else the opening paragraphs of the about page or homepage
    for (const { node, p } of org) {
      const d = cap(str(node.description), 20000);
      if (d) set('description', d, ev(d, p));
    }
    const about = parsed.find((p) => ABOUT_PAGE.test(p.path)) ?? home;
    const paragraphs = about
      .$('main p, article p, section p, body > p')
      .toArray()
      .map((el) => lineOf(el))
      .filter((t) => t.length >= 40)
      .slice(0, 3);
    if (paragraphs.length > 0)
      set(
        'description',
        paragraphs.join('\n\n'),
        paragraphs.flatMap((t) => ev(t, about)),
      );

    // founded year: schema.org foundingDate (quoted as written), then a sentence about the product
    // or company that says when it was founded ("Founded in 2019 …", "Acme was started in 2019");
    // never a copyright line, never a year said of another company
    const ownNames = [name ?? '', ...siteNames, ...companies.map(({ node }) => str(node.name))].filter(
      (x) => x.length > 0,
    );
    const sentences = own.map((p) => ({ p, list: sentencesOf(visiblePart(p.page)) }));
    for (const { node, p } of org) {
      const written = str(node.foundingDate);
      const year = written.match(/^(\d{4})/)?.[1];
      if (year) set('founded_year', year, ev(written, p, undefined, 'foundingDate'));
    }
    for (const { p, list } of [...sentences.filter((x) => ABOUT_PAGE.test(x.p.path)), ...sentences])
      for (const sentence of list) {
        const year = foundingYearIn(sentence, ownNames, ABOUT_PAGE.test(p.path));
        if (year) set('founded_year', year, ev(sentence, p));
      }
    // a fact list: "Founded: 2019", "Headquarters" above "Berlin, Germany" (about pages first)
    for (const p of [...own.filter((x) => ABOUT_PAGE.test(x.path)), ...own]) {
      const facts = labelledFacts(visiblePart(p.page).split('\n'));
      if (facts.year) set('founded_year', facts.year.value, ev(facts.year.quote, p));
      if (facts.place?.country) set('country', facts.place.country, ev(facts.place.quote, p));
      if (facts.place?.city) set('city', facts.place.city, ev(facts.place.quote, p));
    }

    // place: schema.org address (quoted as written), then "based in CITY, COUNTRY" in a sentence,
    // then an address line naming a country (a footer, an <address>, a contact block)
    for (const { node, p } of org) {
      const address = (node.address ?? (node as { location?: { address?: unknown } }).location?.address) as
        | Record<string, unknown>
        | undefined;
      if (!address || typeof address !== 'object') continue;
      const written = str(address.addressCountry);
      const country = written ? countryCode(written) : null;
      if (country) set('country', country, ev(written, p, undefined, 'addressCountry'));
      const city = cap(str(address.addressLocality), 500);
      if (city) set('city', city, ev(city, p, undefined, 'addressLocality'));
    }
    for (const { p, list } of [...sentences.filter((x) => ABOUT_PAGE.test(x.p.path)), ...sentences])
      for (const sentence of list) {
        const place = placeIn(sentence);
        if (place?.country) set('country', place.country, ev(sentence, p));
        if (place?.city) set('city', place.city, ev(sentence, p));
      }
    const homeFirstPages = [home, ...own.filter((x) => x !== home)];
    const address = (line: string, p: Parsed) => {
      const found = addressIn(line);
      if (found) set('country', found.country, ev(line, p));
      if (found?.city) set('city', found.city, ev(line, p));
    };
    // a postal address is one line however its <br>s break it; a footer's lines each on their own
    for (const p of homeFirstPages) p.$('address').each((_, el) => address(lineOf(el), p));
    for (const p of homeFirstPages)
      p.$('footer, [class*="footer"], [class*="address"], [class*="contact"]').each((_, el) => {
        for (const line of textOf(el).split('\n')) address(line, p);
      });
    // a postal address without its country in one line: the postcode and city ("10115 Berlin"),
    // the country on a line of its own after it; in the footer, an address block, a contact or
    // imprint page
    const postal = (lines: string[], p: Parsed) => {
      lines.forEach((line, i) => {
        const city = postalCityIn(line);
        if (!city) return;
        set('city', city, ev(line.trim(), p));
        const next = (lines[i + 1] ?? '').trim();
        const code = next.length <= 40 ? countryCode(next) : null;
        if (code) set('country', code, ev(next, p));
      });
    };
    for (const p of homeFirstPages) {
      p.$('address, footer, [class*="footer"], [class*="address"], [class*="contact"]').each((_, el) =>
        postal(textOf(el).split('\n'), p),
      );
      if (CONTACT_PAGE.test(p.path) || ABOUT_PAGE.test(p.path)) postal(visiblePart(p.page).split('\n'), p);
    }
    // then where the product is made: "Made with ♥ in Lisbon", "a Berlin-based team"
    for (const { p, list } of [...sentences.filter((x) => ABOUT_PAGE.test(x.p.path)), ...sentences])
      for (const sentence of list) {
        const place = madeIn(sentence);
        if (place?.country) set('country', place.country, ev(sentence, p));
        if (place?.city) set('city', place.city, ev(sentence, p));
      }

    // contact email: mailto links, then JSON-LD email
    for (const p of parsed) {
      const mail = p.$('a[href^="mailto:"]').first().attr('href');
      const address = mail ? clean(mail.slice(7).split('?')[0]) : '';
      if (address.includes('@')) set('contact_email', address, ev(address, p));
    }
    for (const { node, p } of org) {
      const email = str(node.email).replace(/^mailto:/, '');
      if (email.includes('@')) set('contact_email', email, ev(email, p));
    }
    // then an address written out in the text (a footer, a contact page), the homepage first
    for (const p of [home, ...own.filter((x) => CONTACT_WORDS.test(x.path) || ABOUT_WORDS.test(x.path)), ...own]) {
      const email = visiblePart(p.page).match(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u)?.[0];
      if (email) set('contact_email', email, ev(email, p));
    }

    // logo: JSON-LD logo, then an image marked as the logo
    for (const { node, p } of org) {
      const logo =
        typeof node.logo === 'object' && node.logo ? str((node.logo as { url?: unknown }).url) : str(node.logo);
      if (logo) {
        const abs = new URL(logo, p.page.url).href;
        set('logo_url', abs, ev(abs, p));
      }
    }
    const logoLine = home.page.text.match(/^logo image: (\S+)$/m);
    if (logoLine?.[1]) set('logo_url', logoLine[1], ev(logoLine[1], home));
    // or the image of the header's link home (the brand), when it is the only one there
    {
      const images = home.$('header a[href="/"] img[src], nav a[href="/"] img[src], a[class*="brand"] img[src]');
      const src = images.length === 1 ? images.attr('src') : undefined;
      if (src) {
        try {
          const abs = new URL(src, home.page.url).href;
          set('logo_url', abs, ev(abs, home));
        } catch {
          // not a URL
        }
      }
    }
    // then the icons the site gives devices and link previews, the most logo-like first; the web app
    // manifest's largest icon (the crawler adds its lines to the homepage's evidence) after the touch icons
    const manifestIcon = [...home.page.text.matchAll(/^manifest icon (\S+): (\S+)$/gm)]
      .map((m) => ({ size: Number((m[1] as string).split('x')[0]) || 0, href: m[2] as string }))
      .sort((a, b) => b.size - a.size)[0];
    for (const kind of [
      'apple-touch-icon',
      'apple-touch-icon-precomposed',
      'manifest',
      'og:logo',
      'icon',
      'og:image',
    ]) {
      if (kind === 'manifest') {
        if (manifestIcon) set('logo_url', manifestIcon.href, ev(manifestIcon.href, home));
        continue;
      }
      const icon = home.data.icons.find((i) => i.kind === kind && !/\.ico$/i.test(new URL(i.href).pathname));
      if (icon) set('logo_url', icon.href, ev(icon.href, home));
    }

    // demo video: a YouTube link or embed
    for (const p of parsed) {
      const line = p.page.text.match(/^(?:link|embed): (https:\/\/(?:www\.)?(?:youtube\.com|youtu\.be)\/\S+)$/m);
      if (line?.[1]) set('demo_video_url', line[1], ev(line[1], p));
    }

    // keywords: the meta keywords tag
    const keywords = meta(home, 'keywords');
    if (keywords) {
      const items = keywords
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k && k.length <= 200)
        .slice(0, 20);
      if (items.length > 0) set('keywords', items, ev(keywords, home));
    }

    // categories: only names the catalog knows, quoted from JSON-LD applicationCategory or the page's keywords
    const known = new Map(request.categoryNames.map((n) => [n.toLowerCase(), n]));
    const cats: string[] = [];
    const catEvidence: Evidence[] = [];
    for (const { node, p } of org) {
      const c = str(node.applicationCategory);
      const hit = known.get(c.toLowerCase());
      if (hit && !cats.includes(hit)) {
        cats.push(hit);
        catEvidence.push(...ev(c, p, undefined, 'applicationCategory'));
      }
    }
    if (cats.length > 0) set('categories', cats, catEvidence);

    // features: list items of a features page or of a section headed "features"
    const featureItems: { text: string; p: Parsed }[] = [];
    for (const p of parsed) {
      const featurePage = /feature/.test(p.path);
      p.$('h1, h2, h3').each((_, heading) => {
        const headingText = lineOf(heading);
        if (!featurePage && !/feature/i.test(headingText)) return;
        const container = p.$(heading).parent();
        container.find('li').each((__, li) => {
          const t = lineOf(li);
          if (t.length >= 3 && t.length <= 200 && !featureItems.some((f) => f.text === t))
            featureItems.push({ text: t, p });
        });
      });
    }
    if (featureItems.length > 0)
      set(
        'features',
        featureItems.slice(0, 20).map((f) => f.text),
        featureItems.slice(0, 20).flatMap((f) => ev(f.text, f.p)),
      );

    // pricing: plans (name, price, currency, period, free tier) from the pricing page's tables and
    // cards, then the homepage's, then schema.org offers, and the trial it offers; all as quoted
    {
      const pricingPage = own.find((p) => PRICING_PAGE.test(p.path));
      const sources: { plans: PricingPlan[]; p: Parsed }[] = [];
      if (pricingPage)
        sources.push({
          plans: htmlPlans(pricingPage.$, {
            loose: true,
            product: typeof out.name?.value === 'string' ? out.name.value : undefined,
          }),
          p: pricingPage,
        });
      // the homepage: plans in tables and plan cards, and cards of any markup when it has a pricing
      // section of its own (`id="pricing"`, a heading that says pricing)
      const homePricing =
        home.$('[id*="pric" i], [class*="pricing" i]').length > 0 ||
        home
          .$('h2, h3')
          .toArray()
          .some((h) => PRICING_HEADING.test(lineOf(h)));
      sources.push({ plans: htmlPlans(home.$, { loose: homePricing }), p: home });
      // then schema.org offers, composed from their values (what the page shows comes first)
      for (const p of own) sources.push({ plans: structuredPlans(p.ld), p });
      const chosen = sources.find((s) => s.plans.length > 0);
      const trialPage = pricingPage ?? home;
      const trial = trialSentence(visiblePart(trialPage.page));
      if (chosen) {
        const summary = summarisePlans(chosen.plans, trial, PRICING_SUMMARY_MAX);
        if (summary)
          set('pricing_summary', summary, [
            ...chosen.plans.flatMap((plan) => plan.quotes.flatMap((q) => ev(q.text, chosen.p, undefined, q.property))),
            ...(trial ? ev(trial, trialPage) : []),
          ]);
      }
      const model = visiblePart((pricingPage ?? home).page).match(
        /\b(freemium|free trial|free plan|open source|one-time payment|pay as you go|subscription)\b/i,
      );
      if (model?.[1] && pricingPage) set('pricing_model', model[1], ev(model[1], pricingPage));
    }

    // FAQs: FAQPage JSON-LD, then question headings followed by their answer on an FAQ page
    const faqs: { question: string; answer: string }[] = [];
    const faqEvidence: Evidence[] = [];
    for (const { node, p } of ldOf(['FAQPage'])) {
      const entities = Array.isArray(node.mainEntity) ? node.mainEntity : [node.mainEntity];
      for (const q of entities as Record<string, unknown>[]) {
        const question = cap(clean(q?.name), 300);
        const answer = cap(clean((q?.acceptedAnswer as { text?: unknown } | undefined)?.text), 1500);
        if (!question || !answer || faqs.length >= 10) continue;
        const i = faqs.length;
        faqs.push({ question, answer });
        faqEvidence.push(...ev(question, p, `faqs[${i}].question`), ...ev(answer, p, `faqs[${i}].answer`));
      }
    }
    if (faqs.length === 0) {
      for (const p of parsed.filter((x) => /faq|questions|help/.test(x.path))) {
        p.$('h2, h3, h4, dt, summary').each((_, el) => {
          const question = cap(lineOf(el), 300);
          const answer = cap(lineOf(p.$(el).next().get(0)), 1500);
          if (!question?.endsWith('?') || !answer || faqs.length >= 10) return;
          const i = faqs.length;
          faqs.push({ question, answer });
          faqEvidence.push(...ev(question, p, `faqs[${i}].question`), ...ev(answer, p, `faqs[${i}].answer`));
        });
      }
    }
    if (faqs.length > 0) set('faqs', faqs, faqEvidence);

    // founders: schema.org `founder` persons, and people whose role says founder on about/team pages
    const people: { person: PagePerson; p: Parsed }[] = [];
    for (const p of own) for (const person of structuredPeople(p.ld)) people.push({ person, p });
    // the homepage's people count only as founders (its quotes and cards are mostly customers')
    for (const p of [...own.filter((x) => TEAM_PAGE.test(x.path)), home])
      for (const person of htmlPeople(p.$, p.page.url))
        if ((TEAM_PAGE.test(p.path) || person.founder) && !people.some((x) => x.person.name === person.name))
          people.push({ person, p });
    // and people a sentence names as founders ("founded in 2021 by A and B", "Anna Berg, co-founder
    // and CEO"), about and team pages first
    const prose = [...sentences.filter((x) => TEAM_PAGE.test(x.p.path)), ...sentences];
    for (const { p, list } of prose)
      for (const sentence of list) {
        const withRole = founderWithRoleIn(sentence);
        if (withRole && !ELSEWHERE.test(withRole.role) && !people.some(({ person }) => person.name === withRole.name))
          people.push({
            person: {
              name: withRole.name,
              nameQuote: sentence,
              role: withRole.role,
              roleQuote: sentence,
              links: [],
              founder: true,
            },
            p,
          });
      }
    for (const { p, list } of prose)
      for (const sentence of list)
        for (const founder of foundersIn(sentence))
          if (!people.some(({ person }) => person.name === founder))
            people.push({
              person: { name: founder, nameQuote: sentence, role: null, roleQuote: null, links: [], founder: true },
              p,
            });
    const founders: { name: string; title?: string }[] = [];
    const founderEvidence: Evidence[] = [];
    const founderSocials: Record<string, string> = {};
    const founderSocialEvidence: Evidence[] = [];
    for (const { person, p } of people) {
      if (!person.founder || founders.some((f) => f.name === person.name) || founders.length >= 6) continue;
      const i = founders.length;
      founders.push(person.role ? { name: person.name, title: person.role } : { name: person.name });
      founderEvidence.push(...ev(person.nameQuote, p, `founders[${i}].name`));
      if (person.roleQuote) founderEvidence.push(...ev(person.roleQuote, p, `founders[${i}].title`));
      if (i !== 0) continue;
      for (const link of person.links) {
        const platform = platformOf(link);
        if (platform && !(platform in founderSocials) && link.length <= 500) {
          founderSocials[platform] = link;
          founderSocialEvidence.push(...ev(link, p, `founder_socials.${platform}`));
        }
      }
    }
    if (founders.length > 0) set('founders', founders, founderEvidence);
    if (Object.keys(founderSocials).length > 0) set('founder_socials', founderSocials, founderSocialEvidence);

    // company socials: the organisation's sameAs, then links to the 12 platforms (people's own
    // profiles excluded), a community link as `custom`, and the organisation's own url as `website`
    const socials: Record<string, string> = {};
    const socialEvidence: Evidence[] = [];
    const personLinks = new Set(people.flatMap(({ person }) => person.links));
    const addSocial = (platform: string, link: string, p: Parsed) => {
      if (platform in socials || personLinks.has(link) || link.length > 500) return;
      if (/linkedin\.com\/in\//i.test(link)) return; // a person's profile, not the company's
      if (platform !== 'website' && !isProfileLink(link)) return; // a share button, a post, a video: no account
      socials[platform] = link;
      socialEvidence.push(...ev(link, p, `company_socials.${platform}`));
    };
    for (const { node, p } of org)
      for (const link of (Array.isArray(node.sameAs) ? node.sameAs : [node.sameAs]).map(str)) {
        const platform = platformOf(link);
        if (platform) addSocial(platform, link, p);
      }
    for (const p of own) {
      for (const line of p.page.text.matchAll(/^link: (https?:\/\/\S+)$/gm)) {
        const link = line[1] as string;
        const platform = platformOf(link) ?? (isCustom(link) ? 'custom' : null);
        if (platform) addSocial(platform, link, p);
      }
    }
    for (const { node, p } of org) {
      const url = str(node.url);
      if (/^https?:\/\//.test(url)) addSocial('website', url, p);
    }
    if (Object.keys(socials).length > 0) set('company_socials', socials, socialEvidence);

    // story: the paragraphs under an "Our story" heading
    for (const p of parsed) {
      const heading = p
        .$('h1, h2, h3')
        .filter((_, el) => /\bstory\b/i.test(p.$(el).text()))
        .first();
      if (heading.length === 0) continue;
      const texts = heading
        .nextAll('p')
        .toArray()
        .map((el) => lineOf(el))
        .filter((t) => t.length > 0)
        .slice(0, 5);
      const story = texts.join('\n\n');
      if (story && story.length <= 8000)
        set(
          'story',
          { story },
          texts.flatMap((t) => ev(t, p, 'story.story')),
        );
    }

    // seo: the homepage's title and meta description when they fit the limits
    const seo: Record<string, string> = {};
    const seoEvidence: Evidence[] = [];
    if (title && title.length <= 70) {
      seo.title = title;
      seoEvidence.push(...ev(title, home, 'seo.title'));
    }
    if (description && description.length <= 170) {
      seo.meta = description;
      seoEvidence.push(...ev(description, home, 'seo.meta'));
    }
    if (seoEvidence.length > 0) set('seo', seo, seoEvidence);

    return out;
  },
});

/**
 * A link to a profile or page on a platform, not to one post, video or share dialog on it
 * (`x.com/intent/tweet`, `facebook.com/sharer.php`, `youtube.com/watch?v=`, `x.com/acme/status/1`,
 * `linkedin.com/posts/...`): those are not a company's social account.
 */
const isProfileLink = (link: string): boolean => {
  try {
    const url = new URL(link);
    const path = url.pathname.toLowerCase();
    if (path === '/' || path === '') return false;
    return !/\/(?:intent|share|sharer|sharing|sharearticle|watch|embed|hashtag|search|status|statuses|posts?|pulse|p|reel|login|signup|home|explore|feed|dialog)(?:\/|\.php|$)/.test(
      path,
    );
  } catch {
    return false;
  }
};

const isCustom = (link: string): boolean => {
  try {
    return CUSTOM_HOSTS.has(new URL(link).hostname.replace(/^www\./, ''));
  } catch {
    return false;
  }
};

const platformOf = (link: string): string | null => {
  try {
    const host = new URL(link).hostname.replace(/^www\./, '');
    const key = SOCIAL_HOSTS[host];
    return key && (SOCIAL_PLATFORMS as readonly string[]).includes(key) ? key : null;
  } catch {
    return null;
  }
};
