import { SOCIAL_PLATFORMS } from '@listings/contracts';
import { type CheerioAPI, load } from 'cheerio';
import type { CrawledPage, Evidence, Proposal } from '../domain/draft/draft.ts';
import type { Drafter, DraftRequest } from './drafter.ts';
import { htmlPeople, type PagePerson, structuredPeople } from './people.ts';
import { htmlPlans, type PricingPlan, structuredPlans, summarisePlans, trialSentence } from './pricing-plans.ts';
import { type SchemaNode, type StructuredData, structuredData, typesOf } from './structured-data.ts';

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
/** the listing's limit for pricing_summary (spec Part 4, update_my_listing) */
const PRICING_SUMMARY_MAX = 300;
const cap = (s: string, max: number): string | null => (s.length > 0 && s.length <= max ? s : null);

const ORG_TYPES = [
  'Organization',
  'Corporation',
  'LocalBusiness',
  'SoftwareApplication',
  'WebApplication',
  'Product',
  'WebSite',
];

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
const ABOUT_PAGE = /about|company|story|ueber-uns|uber-uns|über-uns|a-propos|quienes-somos|sobre/;
const TEAM_PAGE = /team|people|founder|about|company|ueber-uns|über-uns|a-propos|equipe|equipo|sobre/;
const PRICING_PAGE = /pric|plans|preise|tarif|precios|prix/;
/**
 * Pages that speak of others: comparisons, alternatives, blog and press posts, customer stories.
 * Their structured data, prices, people and links are not the product's.
 */
const OFF_TOPIC = /\/(?:vs|versus|compare|comparison|alternatives?|blog|news|press|customers|case-stud)/;
const NAME_SEPARATOR = /\s+[|·•—–-]\s+|:\s+/;

interface Parsed {
  readonly page: CrawledPage;
  readonly $: CheerioAPI;
  /** schema.org nodes of every syntax (JSON-LD, microdata, RDFa) in the JSON-LD shape */
  readonly ld: SchemaNode[];
  readonly data: StructuredData;
  readonly path: string;
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
      return { page, $, ld, data, path: new URL(page.url).pathname.toLowerCase() };
    });
    const home = parsed[0];
    if (!home) return {};
    const out: Record<string, Proposal> = {};
    const set = (key: string, value: unknown, evidence: Evidence[]) => {
      if (!request.keys.includes(key) || key in out || evidence.length === 0) return;
      out[key] = { value, evidence };
    };
    const ev = (quote: string, p: Parsed, field?: string): Evidence => ({
      quote,
      url: p.page.url,
      ...(field ? { field } : {}),
    });
    const meta = (p: Parsed, name: string): string =>
      clean(p.$(`meta[name="${name}"], meta[property="${name}"]`).first().attr('content'));
    const own = parsed.filter((p) => !OFF_TOPIC.test(p.path));
    const ldOf = (types: string[]) =>
      own.flatMap((p) => p.ld.filter((n) => typesOf(n).some((t) => types.includes(t))).map((node) => ({ node, p })));
    const org = ldOf(ORG_TYPES);

    // name: schema.org (JSON-LD, microdata, RDFa), then og:site_name / application-name, then the
    // part of <title> or og:title that the copyright line repeats or the host name spells (a title's
    // other part is often the tagline, which the h1 repeats too: that is no sign of a name)
    for (const { node, p } of org) {
      const name = cap(str(node.name), 500);
      if (name) set('name', name, [ev(name, p)]);
    }
    for (const tag of ['og:site_name', 'application-name', 'apple-mobile-web-app-title']) {
      const siteName = cap(meta(home, tag), 500);
      if (siteName) set('name', siteName, [ev(siteName, home)]);
    }
    const title = clean(home.$('title').first().text());
    const ogTitle = meta(home, 'og:title') || meta(home, 'twitter:title');
    const h1 = cap(clean(home.$('h1').first().text()), 200);
    {
      const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      const host = letters(new URL(home.page.url).hostname.replace(/^www\./, '').split('.')[0] ?? '');
      const copyright = home.page.text.match(/^.*(?:©|\(c\)|copyright).*$/im)?.[0]?.toLowerCase() ?? '';
      for (const t of [title, ogTitle].filter((x) => NAME_SEPARATOR.test(x))) {
        const segments = t
          .split(NAME_SEPARATOR)
          .map((x) => x.trim())
          .filter((x) => x.length >= 2 && x.length <= 60 && x.split(' ').length <= 4);
        for (const c of segments)
          if (copyright.includes(c.toLowerCase()) || (host.length >= 3 && letters(c) === host))
            set('name', c, [ev(c, home)]);
      }
    }

    // tagline: schema.org slogan, the homepage's first h1 (when it is not just the name), the rest of the title
    for (const { node, p } of org) {
      const slogan = cap(str(node.slogan), 200);
      if (slogan) set('tagline', slogan, [ev(slogan, p)]);
    }
    const name = out.name?.value as string | undefined;
    if (h1 && h1.toLowerCase() !== name?.toLowerCase()) set('tagline', h1, [ev(h1, home)]);
    if (name) {
      for (const t of [ogTitle, title]) {
        const rest = t
          .split(NAME_SEPARATOR)
          .map((x) => x.trim())
          .filter((x) => x && x.toLowerCase() !== name.toLowerCase());
        if (rest.length === 1 && rest[0] && rest[0].length <= 200 && t.toLowerCase().includes(name.toLowerCase()))
          set('tagline', rest[0], [ev(rest[0], home)]);
      }
    }

    // short description: meta description, Open Graph or Twitter card description, a short schema.org one
    const description = cap(
      meta(home, 'description') || meta(home, 'og:description') || meta(home, 'twitter:description'),
      500,
    );
    if (description) set('short_description', description, [ev(description, home)]);
    for (const { node, p } of org) {
      const d = cap(str(node.description), 300);
      if (d) set('short_description', d, [ev(d, p)]);
    }

    // description: JSON-LD description, else the opening paragraphs of the about page or homepage
    for (const { node, p } of org) {
      const d = cap(str(node.description), 20000);
      if (d) set('description', d, [ev(d, p)]);
    }
    const about = parsed.find((p) => ABOUT_PAGE.test(p.path)) ?? home;
    const paragraphs = about
      .$('main p, article p, section p, body > p')
      .toArray()
      .map((el) => clean(about.$(el).text()))
      .filter((t) => t.length >= 40)
      .slice(0, 3);
    if (paragraphs.length > 0)
      set(
        'description',
        paragraphs.join('\n\n'),
        paragraphs.map((t) => ev(t, about)),
      );

    // founded year: JSON-LD foundingDate or a sentence that says "founded in YYYY" (never a copyright line)
    for (const { node, p } of org) {
      const year = str(node.foundingDate).match(/^(\d{4})/)?.[1];
      if (year) set('founded_year', year, [ev(`foundingDate: ${str(node.foundingDate)}`, p)]);
    }
    for (const p of parsed) {
      const m = p.page.text.match(/[^\n.]*\b(?:founded|established|started)\b[^\n.]*?\b(1[89]\d\d|20\d\d)\b[^\n.]*/i);
      if (m?.[1]) set('founded_year', m[1], [ev(clean(m[0]), p)]);
    }

    // place: JSON-LD address
    for (const { node, p } of org) {
      const address = (node.address ?? (node as { location?: { address?: unknown } }).location?.address) as
        | Record<string, unknown>
        | undefined;
      if (!address || typeof address !== 'object') continue;
      const country = str(address.addressCountry);
      if (/^[A-Za-z]{2}$/.test(country)) set('country', country.toUpperCase(), [ev(`addressCountry: ${country}`, p)]);
      const city = cap(str(address.addressLocality), 500);
      if (city) set('city', city, [ev(`addressLocality: ${city}`, p)]);
    }

    // contact email: mailto links, then JSON-LD email
    for (const p of parsed) {
      const mail = p.$('a[href^="mailto:"]').first().attr('href');
      const address = mail ? clean(mail.slice(7).split('?')[0]) : '';
      if (address.includes('@')) set('contact_email', address, [ev(address, p)]);
    }
    for (const { node, p } of org) {
      const email = str(node.email).replace(/^mailto:/, '');
      if (email.includes('@')) set('contact_email', email, [ev(email, p)]);
    }

    // logo: JSON-LD logo, then an image marked as the logo
    for (const { node, p } of org) {
      const logo =
        typeof node.logo === 'object' && node.logo ? str((node.logo as { url?: unknown }).url) : str(node.logo);
      if (logo) {
        const abs = new URL(logo, p.page.url).href;
        if (p.page.text.includes(abs)) set('logo_url', abs, [ev(abs, p)]);
      }
    }
    const logoLine = home.page.text.match(/^logo image: (\S+)$/m);
    if (logoLine?.[1]) set('logo_url', logoLine[1], [ev(logoLine[1], home)]);
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
        if (manifestIcon) set('logo_url', manifestIcon.href, [ev(manifestIcon.href, home)]);
        continue;
      }
      const icon = home.data.icons.find((i) => i.kind === kind && !/\.ico$/i.test(new URL(i.href).pathname));
      if (icon && home.page.text.includes(icon.href)) set('logo_url', icon.href, [ev(icon.href, home)]);
    }

    // demo video: a YouTube link or embed
    for (const p of parsed) {
      const line = p.page.text.match(/^(?:link|embed): (https:\/\/(?:www\.)?(?:youtube\.com|youtu\.be)\/\S+)$/m);
      if (line?.[1]) set('demo_video_url', line[1], [ev(line[1], p)]);
    }

    // keywords: the meta keywords tag
    const keywords = meta(home, 'keywords');
    if (keywords) {
      const items = keywords
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k && k.length <= 200)
        .slice(0, 20);
      if (items.length > 0) set('keywords', items, [ev(keywords, home)]);
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
        catEvidence.push(ev(`applicationCategory: ${c}`, p));
      }
    }
    if (cats.length > 0) set('categories', cats, catEvidence);

    // features: list items of a features page or of a section headed "features"
    const featureItems: { text: string; p: Parsed }[] = [];
    for (const p of parsed) {
      const featurePage = /feature/.test(p.path);
      p.$('h1, h2, h3').each((_, heading) => {
        const headingText = clean(p.$(heading).text());
        if (!featurePage && !/feature/i.test(headingText)) return;
        const container = p.$(heading).parent();
        container.find('li').each((__, li) => {
          const t = clean(p.$(li).text());
          if (t.length >= 3 && t.length <= 200 && !featureItems.some((f) => f.text === t))
            featureItems.push({ text: t, p });
        });
      });
    }
    if (featureItems.length > 0)
      set(
        'features',
        featureItems.slice(0, 20).map((f) => f.text),
        featureItems.slice(0, 20).map((f) => ev(f.text, f.p)),
      );

    // pricing: plans (name, price, currency, period, free tier) from schema.org offers, then from the
    // pricing page's tables and cards, and the trial it offers; all as quoted
    {
      const pricingPage = own.find((p) => PRICING_PAGE.test(p.path));
      const sources: { plans: PricingPlan[]; p: Parsed }[] = [];
      if (pricingPage) sources.push({ plans: htmlPlans(pricingPage.$), p: pricingPage });
      for (const p of own) sources.push({ plans: structuredPlans(p.ld), p });
      sources.push({ plans: htmlPlans(home.$), p: home });
      const chosen = sources.find((s) => s.plans.length > 0);
      const trialPage = pricingPage ?? home;
      const trial = trialSentence(trialPage.page.text.split('--- page metadata ---')[0] ?? '');
      if (chosen) {
        const summary = summarisePlans(chosen.plans, trial, PRICING_SUMMARY_MAX);
        if (summary)
          set('pricing_summary', summary, [
            ...chosen.plans.flatMap((plan) => plan.quotes.map((q) => ev(q, chosen.p))),
            ...(trial ? [ev(trial, trialPage)] : []),
          ]);
      }
      const model = (pricingPage ?? home).page.text.match(
        /\b(freemium|free trial|free plan|open source|one-time payment|pay as you go|subscription)\b/i,
      );
      if (model?.[1] && pricingPage) set('pricing_model', model[1], [ev(model[1], pricingPage)]);
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
        faqEvidence.push(ev(question, p, `faqs[${i}].question`), ev(answer, p, `faqs[${i}].answer`));
      }
    }
    if (faqs.length === 0) {
      for (const p of parsed.filter((x) => /faq|questions|help/.test(x.path))) {
        p.$('h2, h3, h4, dt, summary').each((_, el) => {
          const question = cap(clean(p.$(el).text()), 300);
          const answer = cap(clean(p.$(el).next().text()), 1500);
          if (!question?.endsWith('?') || !answer || faqs.length >= 10) return;
          const i = faqs.length;
          faqs.push({ question, answer });
          faqEvidence.push(ev(question, p, `faqs[${i}].question`), ev(answer, p, `faqs[${i}].answer`));
        });
      }
    }
    if (faqs.length > 0) set('faqs', faqs, faqEvidence);

    // founders: schema.org `founder` persons, and people whose role says founder on about/team pages
    const people: { person: PagePerson; p: Parsed }[] = [];
    for (const p of own) for (const person of structuredPeople(p.ld)) people.push({ person, p });
    for (const p of own.filter((x) => TEAM_PAGE.test(x.path)))
      for (const person of htmlPeople(p.$, p.page.url)) people.push({ person, p });
    const founders: { name: string; title?: string }[] = [];
    const founderEvidence: Evidence[] = [];
    const founderSocials: Record<string, string> = {};
    const founderSocialEvidence: Evidence[] = [];
    for (const { person, p } of people) {
      if (!person.founder || founders.some((f) => f.name === person.name) || founders.length >= 6) continue;
      const i = founders.length;
      founders.push(person.role ? { name: person.name, title: person.role } : { name: person.name });
      founderEvidence.push(ev(person.nameQuote, p, `founders[${i}].name`));
      if (person.roleQuote) founderEvidence.push(ev(person.roleQuote, p, `founders[${i}].title`));
      if (i !== 0) continue;
      for (const link of person.links) {
        const platform = platformOf(link);
        if (platform && !(platform in founderSocials) && link.length <= 500) {
          founderSocials[platform] = link;
          founderSocialEvidence.push(ev(link, p, `founder_socials.${platform}`));
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
      socials[platform] = link;
      socialEvidence.push(ev(link, p, `company_socials.${platform}`));
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
        .map((el) => clean(p.$(el).text()))
        .filter((t) => t.length > 0)
        .slice(0, 5);
      const story = texts.join('\n\n');
      if (story && story.length <= 8000)
        set(
          'story',
          { story },
          texts.map((t) => ev(t, p, 'story.story')),
        );
    }

    // seo: the homepage's title and meta description when they fit the limits
    const seo: Record<string, string> = {};
    const seoEvidence: Evidence[] = [];
    if (title && title.length <= 70) {
      seo.title = title;
      seoEvidence.push(ev(title, home, 'seo.title'));
    }
    if (description && description.length <= 170) {
      seo.meta = description;
      seoEvidence.push(ev(description, home, 'seo.meta'));
    }
    if (seoEvidence.length > 0) set('seo', seo, seoEvidence);

    return out;
  },
});

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
