import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** where the shared stylesheet lives: an edge that serves files serves this folder under its assets prefix */
export const UI_ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));

let loaded: { text: string; version: string } | undefined;
const load = () => {
  if (!loaded) {
    const text = readFileSync(new URL('../assets/site.css', import.meta.url), 'utf8');
    loaded = { text, version: createHash('sha1').update(text).digest('hex').slice(0, 12) };
  }
  return loaded;
};

/**
 * The site's one stylesheet (`site.css`): its text, for an edge that inlines it under the page's
 * CSP nonce, and a short hash of it, for an edge that serves it at a URL that changes with it.
 */
export const siteStylesheet = (): { readonly text: string; readonly version: string } => load();
