import { visiblePart } from '../../domain/draft/evidence/served-text.ts';
import { lineOf } from '../page-content.ts';
import type { SchemaNode } from '../structured-data.ts';
import {
  COMPANY_TYPES,
  cap,
  clean,
  type DraftContext,
  type Found,
  type Parsed,
  PRODUCT_TYPES,
  str,
} from './draft-context.ts';

/** a tagline is one line: longer texts are descriptions */
const TAGLINE_MAX = 160;
const NAME_SEPARATOR = /\s+[|·•—–-]\s+|:\s+/;
/** A name, not a sentence: up to three words, each capitalised (or one word as written: `tldraw`). */
const nameLike = (t: string): boolean => {
  const words = t.trim().split(/\s+/);
  return t.length <= 60 && words.length <= 3 && (words.length === 1 || words.every((w) => /^[\p{Lu}\p{N}]/u.test(w)));
};
/** A company form written after its name: Inc., GmbH, AB, Ltd, SAS, Oy, ... */
const LEGAL_FORM =
  /\s*,?\s+(?:inc\.?|llc|ltd\.?|limited|gmbh|ag|ab|oy|as|a\/s|aps|asa|bv|b\.v\.|nv|sas|sarl|s\.a\.?|s\.l\.?|srl|s\.r\.l\.|spa|s\.p\.a\.|sp\.? z o\.?o\.?|s\.r\.o\.|kk|co\.?|corp\.?|plc|pty ltd)$/i;
/** letters and digits only, lower case: how two spellings of a name are compared */
export const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const titleParts = (t: string) =>
  t
    .split(NAME_SEPARATOR)
    .map((x) => x.trim())
    .filter((x) => x.length >= 2);

/** What the homepage says of its name: the sources the name and the tagline are read from. */
export interface Naming {
  readonly title: string;
  readonly ogTitle: string;
  readonly h1: string | null;
  readonly h1El: ReturnType<Parsed['$']>;
  /** the host name's first label, as letters */
  readonly host: string;
  readonly siteNames: readonly string[];
  readonly products: readonly Found[];
  readonly companies: readonly Found[];
}

export const readNaming = (ctx: DraftContext): Naming => {
  const { home } = ctx;
  const homeFirst = (list: Found[]) => [...list.filter((x) => x.p === home), ...list.filter((x) => x.p !== home)];
  const h1El = home.$('h1').first();
  return {
    title: clean(home.$('title').first().text()),
    ogTitle: ctx.meta(home, 'og:title') || ctx.meta(home, 'twitter:title'),
    h1El,
    h1: h1El.length > 0 ? cap(lineOf(h1El.get(0)), 200) : null,
    host: letters(new URL(home.page.url).hostname.replace(/^www\./, '').split('.')[0] ?? ''),
    siteNames: ['og:site_name', 'application-name', 'apple-mobile-web-app-title']
      .map((tag) => cap(ctx.meta(home, tag), 120))
      .filter((x): x is string => x !== null),
    products: homeFirst(ctx.ldOf(PRODUCT_TYPES)),
    companies: homeFirst(ctx.ldOf(COMPANY_TYPES)),
  };
};

/** The brand: the text or image alt of the header's link home. */
const brandOf = (home: Parsed): string | null => brandIn(home, BRAND) ?? brandIn(home, homeLinks(home));

const BRAND = 'header a[href="/"], nav a[href="/"], a[class*="brand"], a[class*="logo"], [class*="navbar-brand"]';
/**
 * Other ways a site links its brand home: `rel="home"` (WordPress), a site title or wordmark, and
 * a header or nav link to the homepage written in full or as `./`, `index.html`.
 */
const homeLinks = (home: Parsed) => {
  const url = new URL(home.page.url);
  const isHome = (href: string | undefined) => {
    try {
      const target = new URL(href ?? '', url);
      return target.host === url.host && /^\/(?:index\.html?)?$/.test(target.pathname) && !target.hash;
    } catch {
      return false;
    }
  };
  const links = home
    .$('header a[href], nav a[href]')
    .filter((_, a) => isHome(home.$(a).attr('href')))
    .toArray();
  return [
    ...home.$('a[rel~="home"], [class*="site-title"], [class*="site-name"], [class*="wordmark"]').toArray(),
    ...links,
  ];
};

const brandIn = (home: Parsed, selector: string | unknown[]): string | null => {
  const link = (typeof selector === 'string' ? home.$(selector) : home.$(selector as never)).first();
  if (link.length === 0) return null;
  const text =
    lineOf(link.get(0)) ||
    clean(link.find('img[alt]').first().attr('alt'))
      .replace(/\s+(?:logo|logotype|logotyp|logotipo|brand|home)$/i, '')
      .trim();
  return text && nameLike(text) && !/^(?:home|start|startseite|accueil|inicio|hem)$/i.test(text) ? text : null;
};

const copyrightLine = (home: Parsed) => visiblePart(home.page).match(/^.*(?:©|\(c\)|copyright).*$/im)?.[0];

/**
 * name: the product's, not the company's. The product's schema.org node (SoftwareApplication,
 * WebApplication, Product: JSON-LD, microdata, RDFa), og:site_name / application-name, a part of
 * <title> or og:title that another source agrees with (og:site_name, the <h1>, the copyright
 * line, the host name), a short <h1> that the title names; the organisation's name (often a legal
 * name, "Acme AB") only when nothing else names the product
 */
export const draftName = (ctx: DraftContext, naming: Naming): void => {
  const { home, set, ev } = ctx;
  const { title, ogTitle, h1, host, siteNames } = naming;
  const nameFrom = (list: readonly Found[]) => {
    for (const { node, p } of list) {
      const name = cap(str(node.name), 120);
      if (name) set('name', name, ev(name, p));
    }
  };
  nameFrom(naming.products);
  for (const siteName of siteNames) set('name', siteName, ev(siteName, home));
  const brand = brandOf(home);
  {
    const copyright = copyrightLine(home)?.toLowerCase() ?? '';
    // a short, name-like <h1> agrees; a sentence-like one is the tagline the title repeats
    const agreeing = [...siteNames, h1 && nameLike(h1) ? h1 : '', brand ?? ''].map(letters).filter((x) => x.length > 0);
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
      if (t && nameLike(t) && (letters(t) === host || (h1 && letters(h1) === letters(t)))) set('name', t, ev(t, home));
  }
  if (brand) set('name', brand, ev(brand, home));
  // the copyright holder, without the company form ("© 2025 Acme Labs GmbH" → Acme Labs)
  {
    const holder = (copyrightLine(home) ?? '')
      .replace(/^.*?(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*/i, '')
      .replace(/[.,·|].*$/, '')
      .replace(LEGAL_FORM, '')
      .trim();
    if (holder && nameLike(holder) && !/^(?:all|alle|tous|todos|tutti)\b/i.test(holder))
      set('name', holder, ev(holder, home));
  }
  const homeFirst = (list: Found[]) => [...list.filter((x) => x.p === home), ...list.filter((x) => x.p !== home)];
  nameFrom(homeFirst(ctx.ldOf(['WebSite'])));
  nameFrom(naming.companies);
  // last, a title of a name and a phrase ("Tallyho – Invoices that chase themselves"): the name-like part
  for (const t of [ogTitle, title]) {
    const parts = titleParts(t);
    const names = parts.filter(nameLike);
    if (parts.length === 2 && names.length === 1 && names[0]) set('name', names[0], ev(names[0], home));
  }
};

/** The product's own names: the drafted name, the site names and the company's. */
export const ownNamesOf = (ctx: DraftContext, naming: Naming): string[] =>
  [
    (ctx.out.name?.value as string | undefined) ?? '',
    ...naming.siteNames,
    ...naming.companies.map(({ node }) => str(node.name)),
  ].filter((x) => x.length > 0);

/**
 * tagline: what the product does, never its name: schema.org slogan, the hero's lead (the <h1>
 * when it is not the name, else the line right under it), the other part of the title, then
 * og:description or the meta description when short enough to be a tagline
 */
export const draftTagline = (ctx: DraftContext, naming: Naming): void => {
  const { home, set, ev } = ctx;
  const { title, ogTitle, h1, h1El, host } = naming;
  const name = ctx.out.name?.value as string | undefined;
  const names = new Set(
    [name, ...naming.siteNames, ...naming.companies.map(({ node }) => str(node.name))]
      .filter(Boolean)
      .map((x) => letters(x as string)),
  );
  const isName = (t: string) => names.has(letters(t)) || (host.length >= 3 && letters(t) === host);
  const tagline = (t: string | null | undefined, p: Parsed) => {
    const line = t ? cap(clean(t), TAGLINE_MAX) : null;
    if (line && !isName(line)) set('tagline', line, ev(line, p));
  };
  for (const { node, p } of [...naming.products, ...naming.companies]) tagline(str((node as SchemaNode).slogan), p);
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
  for (const tag of ['og:description', 'twitter:description', 'description']) tagline(ctx.meta(home, tag), home);
};
