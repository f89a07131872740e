import { getImage } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { LogoServer, ServedLogo } from '@listings/platform/images';
import { createInternalClient } from '../../people/bus-client.ts';

/** bytes of logos kept in this process (each a few KiB): the busiest pages' logos stay here */
const KEPT_BYTES = 32 * 1024 * 1024;

/** The catalog did not answer: the image may exist, so this is a 503, never a 404. */
export class ImagesUnavailable extends Error {}

/**
 * Logos as the catalog serves them from the images bucket (`catalog.internal.get_image`), kept in
 * memory once fetched: a URL names its bytes for ever, so a kept answer is never stale. Bounded by
 * bytes, least recently used out first.
 */
export const catalogLogos = (bus: Bus, options: { timeoutMs?: number } = {}): LogoServer => {
  const internal = createInternalClient(bus, { timeoutMs: options.timeoutMs ?? 10_000 });
  const kept = new Map<string, ServedLogo>();
  let keptBytes = 0;
  return {
    async get(digest, size) {
      const key = `${digest}/${size ?? 'stored'}`;
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const found = await internal.send<{ png_base64: string; etag: string }>(getImage, {
        digest,
        ...(size !== undefined ? { size } : {}),
      });
      if (!found.ok) {
        if (found.status === 404 || found.status === 400) return null;
        throw new ImagesUnavailable(found.detail);
      }
      const served = { bytes: new Uint8Array(Buffer.from(found.body.png_base64, 'base64')), etag: found.body.etag };
      kept.set(key, served);
      keptBytes += served.bytes.byteLength;
      for (const [oldest, logo] of kept) {
        if (keptBytes <= KEPT_BYTES) break;
        kept.delete(oldest);
        keptBytes -= logo.bytes.byteLength;
      }
      return served;
    },
  };
};
