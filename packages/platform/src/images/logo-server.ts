import { LOGO_SIZES, type LogoSize } from '@listings/contracts';
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

/** renditions kept in memory (each a few KiB): the sizes of the logos on the busiest pages */
const RENDITIONS_KEPT = 512;

/**
 * Logos as the edge serves them: the stored PNG, or made at one of the site's sizes from it on
 * first request and kept (a bounded, least-recently-used set). Every answer is a function of the
 * digest and the size alone, so its ETag is too, and it never changes.
 */
export const createLogoServer = (store: BlobStore): LogoServer => {
  const kept = new Map<string, ServedLogo>();
  return {
    async get(digest, size) {
      if (!/^[0-9a-f]{64}$/.test(digest)) return null;
      if (size !== undefined && !(LOGO_SIZES as readonly number[]).includes(size)) return null;
      const key = `${digest}/${size ?? 'stored'}`;
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      let stored: Uint8Array;
      try {
        stored = await store.get(`sha256:${digest}`);
      } catch (error) {
        if (error instanceof BlobNotFoundError) return null;
        throw error;
      }
      const bytes = size === undefined ? stored : await logoAtSize(stored, size as LogoSize);
      const served = { bytes, etag: `"${digest}-${size ?? 'stored'}"` };
      kept.set(key, served);
      if (kept.size > RENDITIONS_KEPT) kept.delete(kept.keys().next().value as string);
      return served;
    },
  };
};
