import { emailAsRead, visiblePart } from '../../domain/draft/evidence/served-text.ts';
import { ABOUT_WORDS, CONTACT_WORDS } from '../page-kinds.ts';
import { clean, type DraftContext, str } from './draft-context.ts';

/**
 * contact email: mailto links, then JSON-LD email, then an address written out in the text (a
 * footer, a contact page), the homepage first
 */
export const draftContactEmail = (ctx: DraftContext): void => {
  const { set, ev, home, own } = ctx;
  for (const p of ctx.parsed) {
    const mail = p.$('a[href^="mailto:"]').first().attr('href');
    const address = mail ? clean(mail.slice(7).split('?')[0]) : '';
    if (address.includes('@')) set('contact_email', address, ev(address, p));
  }
  for (const { node, p } of ctx.org) {
    const email = str(node.email).replace(/^mailto:/, '');
    if (email.includes('@')) set('contact_email', email, ev(email, p));
  }
  const pages = [home, ...own.filter((x) => CONTACT_WORDS.test(x.path) || ABOUT_WORDS.test(x.path)), ...own];
  for (const p of pages) {
    const email = visiblePart(p.page).match(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u)?.[0];
    if (email) set('contact_email', email, ev(email, p));
  }
  // then an address written out against harvesters ("hello [at] acme [dot] com", "info(at)acme.de"), quoted as written
  for (const p of pages) {
    const written = visiblePart(p.page).match(WRITTEN_OUT)?.[0];
    const email = written ? emailAsRead(written) : '';
    if (/^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u.test(email) && written)
      set('contact_email', email, ev(written, p));
  }
};

const AT = String.raw`\s*[[({]\s*(?:at|ät|@)\s*[\])}]\s*`;
const DOT = String.raw`(?:\s*[[({]\s*(?:dot|punkt|point|punto|piste|kropka|tečka)\s*[\])}]\s*|\.)`;
const WRITTEN_OUT = new RegExp(String.raw`[\p{L}\p{N}._%+-]+${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)+`, 'iu');

/**
 * logo: JSON-LD logo, then an image marked as the logo, the image of the header's link home (the
 * brand) when it is the only one there, then the icons the site gives devices and link previews,
 * the most logo-like first; the web app manifest's largest icon (the crawler adds its lines to the
 * homepage's evidence) after the touch icons
 */
export const draftLogo = (ctx: DraftContext): void => {
  const { set, ev, home } = ctx;
  for (const { node, p } of ctx.org) {
    const logo =
      typeof node.logo === 'object' && node.logo ? str((node.logo as { url?: unknown }).url) : str(node.logo);
    if (logo) {
      const abs = new URL(logo, p.page.url).href;
      set('logo_url', abs, ev(abs, p));
    }
  }
  const logoLine = home.page.text.match(/^logo image: (\S+)$/m);
  if (logoLine?.[1]) set('logo_url', logoLine[1], ev(logoLine[1], home));
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
  const manifestIcon = [...home.page.text.matchAll(/^manifest icon (\S+): (\S+)$/gm)]
    .map((m) => ({ size: Number((m[1] as string).split('x')[0]) || 0, href: m[2] as string }))
    .sort((a, b) => b.size - a.size)[0];
  for (const kind of ['apple-touch-icon', 'apple-touch-icon-precomposed', 'manifest', 'og:logo', 'icon', 'og:image']) {
    if (kind === 'manifest') {
      if (manifestIcon) set('logo_url', manifestIcon.href, ev(manifestIcon.href, home));
      continue;
    }
    const icon = home.data.icons.find((i) => i.kind === kind && !/\.ico$/i.test(new URL(i.href).pathname));
    if (icon) set('logo_url', icon.href, ev(icon.href, home));
  }
};
