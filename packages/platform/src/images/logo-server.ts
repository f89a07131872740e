import { LOGO_SIZES, type LogoSize } from '@listings/contracts';
import { LRUCache } from 'lru-cache';
import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store.ts';
import { logoAtSize } from './image-checks.ts';

export interface ServedLogo {
  readonly bytes: Uint8Array;
  /** a strong ETag: the stored image's digest and the size, quoted */
  readonly etag: string;
}

export interface LogoServer {
  /** the stored logo (`size` undefined) or one of LOGO_SIZES; null when there is no such image */
  get(digest: string, size?: number): Promise<ServedLogo | null>;
}

/** bytes of logos kept in a process by default (each a few KiB): the busiest pages' logos stay */
const KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Logos kept in memory once loaded: a URL names its bytes for ever (the digest and the size), so a
 * kept answer is never stale. Bounded by bytes, least recently used out first; requests for one
 * logo while it loads share the load (lru-cache's fetch). `load` answers null for no such image
 * (not kept) and throws when it cannot tell (the caller answers 503).
 */
export const keptLogos = (
  load: (digest: string, size: number | undefined) => Promise<ServedLogo | null>,
  options: { keptBytes?: number } = {},
): LogoServer => {
  const kept = new LRUCache<string, ServedLogo, { digest: string; size: number | undefined }>({
    maxSize: options.keptBytes ?? KEPT_BYTES,
    sizeCalculation: (logo) => Math.max(1, logo.bytes.byteLength),
    fetchMethod: async (_key, _stale, { context }) => (await load(context.digest, context.size)) ?? undefined,
  });
  return {
    async get(digest, size) {
      return (await kept.fetch(`${digest}/${size ?? 'stored'}`, { context: { digest, size } })) ?? null;
    },
  };
};

/**
 * Logos as the catalog serves them from the images bucket: the stored PNG, or made at one of the
 * site's sizes from it on first request and kept. Every answer is a function of the digest and the
 * size alone, so its ETag is too, and it never changes.
 */
export const createLogoServer = (store: BlobStore): LogoServer =>
  keptLogos(async (digest, size) => {
    if (!/^[0-9a-f]{64}$/.test(digest)) return null;
    if (size !== undefined && !(LOGO_SIZES as readonly number[]).includes(size)) return null;
    let stored: Uint8Array;
    try {
      stored = await store.get(`sha256:${digest}`);
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
    const bytes = size === undefined ? stored : await logoAtSize(stored, size as LogoSize);
    return { bytes, etag: `"${digest}-${size ?? 'stored'}"` };
  });
