import { SiteFrame } from '@listings/ui';
import { assetUrl } from '../assets.ts';
import type { PageFrame } from '../frame.ts';
import { html, type VNode } from '../html.ts';
import { SearchBox } from './search-box.ts';

const NAV = [
  { href: '/launches/weeks/this', label: 'Launches' },
  { href: '/categories', label: 'Categories' },
  { href: '/leaderboards/community-weekly', label: 'Leaderboards' },
  { href: '/awards', label: 'Awards' },
  { href: '/founders', label: 'Founders' },
  { href: '/blog', label: 'Blog' },
] as const;

const isCurrent = (path: string, href: string): boolean => {
  const section = href.split('/')[1] ?? '';
  return section !== '' && path.split('/')[1] === section;
};

/**
 * The frame of every page (the shared UI package's SiteFrame, which the OAuth pages use too): head
 * (title, description, stylesheet, script, extra head elements such as OpenGraph tags), the header
 * (site name, navigation, search, sign-in), the page, the footer.
 */
export const Layout = (props: {
  frame: PageFrame;
  title: string;
  description?: string;
  head?: VNode | VNode[] | null;
  children?: unknown;
}): VNode => {
  const { frame } = props;
  const signInHref = `/signin?next=${encodeURIComponent(frame.path)}`;
  return html`<${SiteFrame}
    title=${props.title === frame.site.name ? props.title : `${props.title} · ${frame.site.name}`}
    siteName=${frame.site.name}
    nonce=${frame.nonce}
    description=${props.description}
    stylesheet=${{ href: assetUrl('site.css') }}
    head=${html`<link rel="alternate" type="application/rss+xml" title="Launches" href="/feeds/launches.rss" />
      <link rel="alternate" type="application/atom+xml" title="Blog" href="/feeds/blog.atom" />
      ${props.head ?? null}`}
    scripts=${[assetUrl('site.js')]}
    header=${html`<nav aria-label="Main">
        <ul>
          ${NAV.map(
            (item) =>
              html`<li><a href=${item.href} aria-current=${isCurrent(frame.path, item.href) ? 'page' : undefined}>${item.label}</a></li>`,
          )}
        </ul>
      </nav>
      <${SearchBox} id="site-search" compact=${true} />
      <div class="account">
        ${
          frame.viewer
            ? html`<a href="/me">${frame.viewer.name}</a>`
            : html`<a class="button secondary" href=${signInHref}>Sign in</a>`
        }
      </div>`}
    footer=${html`<p>${frame.site.name}: ${frame.site.purpose}</p>
      <ul>
        <li><a href="/search">Search</a></li>
        <li><a href="/ranking">How the rankings work</a></li>
        <li><a href="/feeds/launches.rss">Launches feed</a></li>
        <li><a href="/feeds/blog.atom">Blog feed</a></li>
        <li><a href="/api/v1/docs">API</a></li>
        <li><a href="/sitemap.xml">Sitemap</a></li>
      </ul>`}
    >${props.children}<//
  >`;
};
