import { html, type VNode } from './html.ts';

/**
 * The frame of every page of the site, whichever edge renders it (the web edge's pages, the
 * gateway's OAuth sign-in and consent): the head (title, description, the stylesheet and scripts
 * under the request's CSP nonce, extra head elements), a skip link, the header bar (site name,
 * then what the edge puts there), the page, the footer. The stylesheet is a URL (`href`) where the
 * edge serves it, or its text (`inline`) in a `<style>` element carrying the nonce.
 */
export const SiteFrame = (props: {
  /** the whole `<title>` text */
  title: string;
  siteName: string;
  /** the request's CSP nonce (or the placeholder an edge swaps for it) */
  nonce: string;
  stylesheet: { readonly href: string } | { readonly inline: string };
  description?: string | undefined;
  head?: VNode | VNode[] | null | undefined;
  /** script URLs, deferred */
  scripts?: readonly string[] | undefined;
  /** what follows the site name in the header bar (navigation, search, account) */
  header?: VNode | VNode[] | null | undefined;
  footer?: VNode | VNode[] | null | undefined;
  children?: unknown;
}): VNode => html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${props.title}</title>
      ${props.description ? html`<meta name="description" content=${props.description} />` : null}
      ${
        'href' in props.stylesheet
          ? html`<link rel="stylesheet" href=${props.stylesheet.href} nonce=${props.nonce} />`
          : // the site's own stylesheet file, not text from anyone: CSS is raw text inside <style>,
            // so it goes in as it is (entities would not be decoded there)
            html`<style nonce=${props.nonce} dangerouslySetInnerHTML=${{ __html: props.stylesheet.inline }}></style>`
      }
      ${props.head ?? null}
      ${(props.scripts ?? []).map((src) => html`<script src=${src} defer nonce=${props.nonce}></script>`)}
    </head>
    <body>
      <a class="skip-link" href="#main">Skip to content</a>
      <header class="site-header">
        <div class="bar">
          <a class="site-name" href="/">${props.siteName}</a>
          ${props.header ?? null}
        </div>
      </header>
      <main id="main" tabindex="-1">${props.children}</main>
      ${props.footer ? html`<footer class="site-footer">${props.footer}</footer>` : null}
    </body>
  </html>`;
