import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteStylesheet, UI_ASSETS_DIR } from '@listings/ui';

/** the web edge's own files (site.js) */
export const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));
/** every folder served under ASSETS_PREFIX: the site's own, then the shared UI package's (site.css) */
export const ASSETS_DIRS = [ASSETS_DIR, UI_ASSETS_DIR];
export const ASSETS_PREFIX = '/assets/';

const versions = new Map<string, string>();

/**
 * `/assets/site.css?v=<content hash>`: a new file is a new URL, so assets are cached for a year
 * and never go stale.
 */
export const assetUrl = (file: 'site.css' | 'site.js'): string => {
  let version = file === 'site.css' ? siteStylesheet().version : versions.get(file);
  if (!version) {
    version = createHash('sha1')
      .update(readFileSync(new URL(`./assets/${file}`, import.meta.url)))
      .digest('hex')
      .slice(0, 12);
    versions.set(file, version);
  }
  return `${ASSETS_PREFIX}${file}?v=${version}`;
};
