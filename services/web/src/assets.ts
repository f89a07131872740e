import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));
export const ASSETS_PREFIX = '/assets/';

const versions = new Map<string, string>();

/**
 * `/assets/site.css?v=<content hash>`: a new file is a new URL, so assets are cached for a year
 * and never go stale.
 */
export const assetUrl = (file: 'site.css' | 'site.js'): string => {
  let version = versions.get(file);
  if (!version) {
    version = createHash('sha1')
      .update(readFileSync(new URL(`./assets/${file}`, import.meta.url)))
      .digest('hex')
      .slice(0, 12);
    versions.set(file, version);
  }
  return `${ASSETS_PREFIX}${file}?v=${version}`;
};
