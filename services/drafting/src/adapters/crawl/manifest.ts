import type { CheerioAPI } from '@crawlee/cheerio';
import type { SafeFetch } from '@listings/platform/outbound';
import { MANIFEST_MARKER } from '../../domain/draft/evidence/served-text.ts';
import type { CrawlScope } from './robots.ts';

/** `manifest icon 512x512: https://...`: one evidence line per icon (at most 20) */
const iconLines = (served: string, manifestUrl: URL): string[] => {
  const manifest = JSON.parse(served) as { icons?: { src?: unknown; sizes?: unknown }[] };
  return (Array.isArray(manifest.icons) ? manifest.icons : [])
    .filter((icon) => typeof icon?.src === 'string')
    .slice(0, 20)
    .map((icon) => {
      const sizes = typeof icon.sizes === 'string' && /^[\dx ]+$/i.test(icon.sizes) ? icon.sizes.split(' ')[0] : 'any';
      return `manifest icon ${sizes}: ${new URL(icon.src as string, manifestUrl).href}`;
    });
};

/**
 * The icons of the homepage's web app manifest (`<link rel="manifest">`), as evidence lines of
 * the homepage (`manifest icon 512x512: https://...`), then the manifest as served: read through
 * the guard and robots.txt like a page, no redirects followed; a manifest that cannot be read gives none.
 */
export const readManifestIcons = async (options: {
  readonly $: CheerioAPI;
  readonly pageUrl: string;
  readonly scope: CrawlScope;
  readonly safeFetch: SafeFetch;
  readonly signal: AbortSignal;
  /** bytes of the manifest read at most */
  readonly maxBytes: number;
}): Promise<string[]> => {
  const href = options.$('link[rel~="manifest"]').first().attr('href');
  if (!href) return [];
  try {
    const url = new URL(href, options.pageUrl);
    if ((await options.scope.permitted(url)) !== null) return [];
    const response = await options.safeFetch(url, {
      redirect: 'manual',
      signal: options.signal,
      headers: { accept: 'application/manifest+json,application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return [];
    }
    const served = (await response.text()).slice(0, options.maxBytes);
    const lines = iconLines(served, url);
    // the manifest as served: the evidence a logo read from it is quoted from
    return lines.length > 0 ? [...lines, MANIFEST_MARKER, served] : [];
  } catch {
    return [];
  }
};
