import { SOCIAL_PLATFORMS } from '@listings/contracts';
import * as cheerio from 'cheerio';
import robotsParserModule from 'robots-parser';
import { withOrigin } from './corpus/sites.ts';
import type { HeldOutExpected, HeldOutSite } from './held-out/types.ts';

/**
 * Well-formedness of a labelled corpus, without any drafter: every labelled value is on a page the
 * crawler may read (in its visible text as a browser joins it, or in an attribute or script), every
 * forbidden string is only on pages robots.txt disallows, every readable page is linked from home.
 * Returns the problems found, one line each (empty when the site is well-formed).
 */
export const ORIGIN = 'http://127.0.0.1:9';
export const BOT = 'ListingsDirectoryBot';

// robots-parser is CommonJS (`module.exports = fn`) whose types declare a default export
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const BLOCK = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul button label option'.split(
    ' ',
  ),
);
const SOCIAL_HOSTS =
  /(^|\.)(github\.com|linkedin\.com|x\.com|twitter\.com|instagram\.com|youtube\.com|youtu\.be|facebook\.com|tiktok\.com|threads\.net|bsky\.app|reddit\.com|producthunt\.com|medium\.com|schema\.org|w3\.org|ogp\.me)$/;

/** what sites write for a country besides its name in their language */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['USA', 'U.S.'],
  GB: ['UK', 'England', 'Scotland'],
  CZ: ['Česká republika'],
};

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** text as a browser lays it out: inline elements joined, blocks apart; scripts and styles left out */
interface DomNode {
  readonly type: string;
  readonly data?: string;
  readonly name?: string;
  readonly children?: DomNode[];
}
const visibleText = (nodes: DomNode[]): string => {
  let out = '';
  const walk = (n: DomNode) => {
    if (n.type === 'text') out += n.data ?? '';
    else if (n.type === 'tag' || n.type === 'root') {
      const block = n.type === 'tag' && BLOCK.has(n.name ?? '');
      if (block) out += ' ';
      for (const c of n.children ?? []) walk(c);
      if (block) out += ' ';
    }
  };
  for (const n of nodes) walk(n);
  return out;
};

interface ReadPage {
  readonly url: string;
  readonly text: string;
  readonly attributes: string[];
  readonly scripts: string[];
  readonly links: string[];
}

const readPage = (path: string, html: string): ReadPage => {
  const url = new URL(path, ORIGIN).href;
  const $ = cheerio.load(html);
  const scripts = $('script')
    .toArray()
    .map((s) => $(s).text());
  const attributes: string[] = [];
  const links: string[] = [];
  $('*').each((_, el) => {
    for (const [name, value] of Object.entries((el as unknown as { attribs: Record<string, string> }).attribs ?? {})) {
      attributes.push(value);
      const refs = /srcset$/.test(name)
        ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
        : /^(href|src|content|poster|data-src)$/.test(name)
          ? [value]
          : [];
      for (const ref of refs)
        try {
          attributes.push(ref, new URL(ref, url).href);
        } catch {}
    }
  });
  $('a[href]').each((_, a) => {
    try {
      links.push(new URL($(a).attr('href') ?? '', url).href);
    } catch {}
  });
  $('script, style, template, noscript').remove();
  return { url, text: visibleText($.root().toArray() as unknown as DomNode[]), attributes, scripts, links };
};

const deobfuscate = (s: string) =>
  s
    .replace(/\s*[[({]\s*(at|ät|arobase|arroba)\s*[\])}]\s*/gi, '@')
    .replace(/\s*[[({]\s*(dot|punkt|point|punto)\s*[\])}]\s*/gi, '.');

/** whether robots.txt lets ListingsDirectoryBot fetch a path of the site (for scorers' leak checks) */
export const robotsAllows = (site: Pick<HeldOutSite, 'robots'>) => {
  const robots = robotsParser(new URL('/robots.txt', ORIGIN).href, site.robots.replaceAll('{{origin}}', ORIGIN));
  return (path: string) => robots.isAllowed(new URL(path, ORIGIN).href, BOT) !== false;
};

export const checkSite = (raw: HeldOutSite): string[] => {
  const site = withOrigin(raw, ORIGIN);
  const problems: string[] = [];
  const allowed = robotsAllows(site);
  const pages = Object.entries(site.pages).map(([path, html]) => ({
    path,
    allowed: allowed(path),
    ...readPage(path, html),
  }));
  const readable = pages.filter((p) => p.allowed);
  if (!site.pages['/']) problems.push('no home page');

  const hay = norm(readable.flatMap((p) => [p.text, ...p.attributes, ...p.scripts]).join('\n'));
  const has = (v: string) => hay.includes(norm(v));
  const need = (field: string, v: string) => {
    if (!has(v)) problems.push(`${field}: "${v}" is on no readable page`);
  };

  const e: HeldOutExpected = site.expected;
  for (const field of ['name', 'tagline', 'short_description'] as const) {
    const v = e[field];
    if (v !== undefined) need(field, v);
  }
  if (e.contact_email !== undefined) {
    const [local = '', domain = ''] = e.contact_email.split('@');
    const plain = norm(deobfuscate(readable.flatMap((p) => [p.text, ...p.attributes, ...p.scripts]).join('\n')));
    if (!plain.includes(norm(e.contact_email)) && !(hay.includes(norm(local)) && hay.includes(norm(domain))))
      problems.push(`contact_email: ${e.contact_email} is on no readable page`);
    if (!/\.(test|example)$/.test(domain)) problems.push(`contact_email: ${domain} is not a .test/.example domain`);
  }
  if (e.logo_url !== undefined) {
    if (
      !readable.some(
        (p) => p.attributes.includes(e.logo_url as string) || p.scripts.some((s) => s.includes(e.logo_url as string)),
      )
    )
      problems.push(`logo_url: ${e.logo_url} is in no attribute or script of a readable page`);
    if (!e.logo_url.startsWith(`${ORIGIN}/`)) problems.push(`logo_url: ${e.logo_url} is not on the site's origin`);
  }
  for (const part of e.pricing ?? []) {
    const colon = part.indexOf(': ');
    if (colon < 0) {
      need('pricing (sentence)', part);
      continue;
    }
    need('pricing (plan)', part.slice(0, colon));
    const price = part.slice(colon + 2).split(/ per /)[0] ?? '';
    need('pricing (price)', price);
  }
  for (const f of e.founders ?? []) {
    need('founders (name)', f.name);
    if (f.title !== undefined) need('founders (title)', f.title);
  }
  for (const [platform, link] of Object.entries(e.company_socials ?? {})) {
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform))
      problems.push(`company_socials: ${platform} is no platform key`);
    if (!readable.some((p) => p.attributes.includes(link) || p.scripts.some((s) => s.includes(link))))
      problems.push(`company_socials: ${link} is in no attribute of a readable page`);
  }
  if (e.founded_year !== undefined) need('founded_year', e.founded_year);
  if (e.city !== undefined) need('city', e.city);
  if (e.country !== undefined) {
    const langs = [
      ...new Set([
        'en',
        ...pages.map((p) => /<html[^>]*\blang=["']?([a-zA-Z-]+)/.exec(site.pages[p.path] ?? '')?.[1] ?? 'en'),
      ]),
    ];
    const names = [
      ...langs.map((l) => new Intl.DisplayNames([l], { type: 'region' }).of(e.country as string) ?? ''),
      ...(COUNTRY_ALIASES[e.country] ?? []),
    ];
    if (!names.some((n) => n && hay.includes(norm(n))) && !hay.includes(`"${norm(e.country)}"`))
      problems.push(`country: ${e.country} (${names.join(', ')}) is on no readable page`);
  }

  for (const secret of site.forbidden) {
    if (readable.some((p) => norm(`${p.text} ${p.attributes.join(' ')} ${p.scripts.join(' ')}`).includes(norm(secret))))
      problems.push(`forbidden: "${secret}" is on a readable page`);
    if (!pages.some((p) => !p.allowed && (site.pages[p.path] ?? '').includes(secret)))
      problems.push(`forbidden: "${secret}" is on no disallowed page`);
  }

  const seen = new Set(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const next = queue.shift();
    const page = pages.find((p) => p.path === next);
    if (!page?.allowed) continue;
    for (const link of page.links) {
      const u = new URL(link);
      if (u.origin !== ORIGIN || seen.has(u.pathname)) continue;
      seen.add(u.pathname);
      queue.push(u.pathname);
    }
  }
  for (const p of readable) if (!seen.has(p.path)) problems.push(`page ${p.path} is linked from no readable page`);

  for (const p of pages) {
    const html = site.pages[p.path] ?? '';
    for (const m of html.matchAll(/https?:\/\/([a-z0-9.-]+)(:\d+)?/gi)) {
      const host = (m[1] ?? '').toLowerCase();
      if (`http://${host}${m[2] ?? ''}` === ORIGIN || /\.(test|example)$/.test(host) || SOCIAL_HOSTS.test(host))
        continue;
      problems.push(`page ${p.path} links a real domain: ${host}`);
    }
    for (const m of html.matchAll(/[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})\b/gi)) {
      const domain = (m[1] ?? '').toLowerCase();
      if (/\.(png|jpe?g|svg|webp|avif|gif)$/.test(domain) || /\.(test|example)$/.test(domain)) continue;
      problems.push(`page ${p.path} has an address at a real domain: ${m[0]}`);
    }
  }
  return problems;
};

/** the `lang` of each site's home page */
export const homeLanguage = (site: HeldOutSite) =>
  /<html[^>]*\blang=["']?([a-zA-Z]+)/.exec(site.pages['/'] ?? '')?.[1]?.toLowerCase() ?? '';
