import { getImage } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { keptLogos, type LogoServer } from '@listings/platform/images';
import { createInternalClient } from '@listings/platform/internal-client';

/** The catalog did not answer: the image may exist, so this is a 503, never a 404. */
export class ImagesUnavailable extends Error {}

/**
 * Logos as the catalog serves them from the images bucket (`catalog.internal.get_image`), kept in
 * memory once fetched (`keptLogos`).
 */
export const catalogLogos = (bus: Bus, options: { timeoutMs?: number } = {}): LogoServer => {
  const internal = createInternalClient(bus, { timeoutMs: options.timeoutMs ?? 10_000 });
  return keptLogos(async (digest, size) => {
    const found = await internal.send<{ png_base64: string; etag: string }>(getImage, {
      digest,
      ...(size !== undefined ? { size } : {}),
    });
    if (!found.ok) {
      if (found.status === 404 || found.status === 400) return null;
      throw new ImagesUnavailable(found.detail);
    }
    return { bytes: new Uint8Array(Buffer.from(found.body.png_base64, 'base64')), etag: found.body.etag };
  });
};
