/**
 * Images served from our own origin (listing logos): the limits an image fetched from a listing's
 * site, or given by its owner, is held to, and the sizes the site shows. Written once, here: the
 * image pipeline (`@listings/platform/images`), the edge that serves them and the docs read these.
 */

/** largest image file fetched or accepted (decoded bytes) */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** largest decoded image, in pixels (width × height): a bigger one is refused before it is decoded */
export const IMAGE_MAX_PIXELS = 4096 * 4096;
/** smallest side a logo may have (a 1×1 tracking pixel is not a logo) */
export const IMAGE_MIN_SIDE = 16;
/** image types accepted, as sniffed from the bytes (never from the Content-Type header or the name) */
export const IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/svg+xml',
] as const;

/** the stored logo: a square PNG this many pixels on a side, the image fitted inside it on transparency */
export const LOGO_STORED_SIDE = 256;
/**
 * the sizes the site shows a logo at (CSS pixels 48 in lists, 72 on a listing page) and their 2×
 * versions; the stored logo is served at these only
 */
export const LOGO_SIZES = [48, 72, 96, 144] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

/** where images are served on our origin: `/images/<sha256 hex>.png` (stored) or `/images/<hex>/<size>.png` */
export const IMAGES_PATH = '/images';
/** the path of a stored image (its SHA-256, lowercase hex) at a size, or as stored */
export const imagePath = (digest: string, size?: LogoSize): string =>
  size === undefined ? `${IMAGES_PATH}/${digest}.png` : `${IMAGES_PATH}/${digest}/${size}.png`;
/**
 * The digest of an image URL of ours (`.../images/<hex>.png` or `.../images/<hex>/<size>.png`, on
 * any origin: PUBLIC_URL may have changed since it was stored); null for any other URL.
 */
export const imageDigestOf = (url: string): string | null => {
  let path: string;
  try {
    path = new URL(url, 'http://origin.invalid').pathname;
  } catch {
    return null;
  }
  return /^\/images\/([0-9a-f]{64})(?:\/\d+)?\.png$/.exec(path)?.[1] ?? null;
};
