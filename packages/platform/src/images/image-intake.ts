import { IMAGE_MAX_BYTES, imageDigestOf, imagePath } from '@listings/contracts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { OutboundRequestFailed, OutboundRequestRefused, type SafeFetch } from '../outbound/safe-fetch.ts';
import { ImageRefused, normaliseLogo } from './image-checks.ts';

export interface StoredImage {
  /** SHA-256 of the stored PNG, lowercase hex: the image's name on our origin */
  readonly digest: string;
  /** the absolute URL it is served at, as stored (`PUBLIC_URL/images/<digest>.png`) */
  readonly url: string;
}

export interface ImageIntake {
  /** fetches a logo through the guarded fetch, checks and stores it; ImageRefused says why not */
  logoFromUrl(url: string, options?: { signal?: AbortSignal }): Promise<StoredImage>;
  /** checks and stores a logo given as bytes (generated ones: the demo catalog's initials) */
  logoFromBytes(bytes: Uint8Array | string): Promise<StoredImage>;
}

/**
 * Images into the images bucket: fetched through THE safe fetch (SSRF guard, redirects checked
 * hop by hop, decoded body bounded by IMAGE_MAX_BYTES), checked and re-encoded (image-checks.ts),
 * stored by content hash. The same image stored twice is one blob.
 */
export const createImageIntake = (deps: {
  readonly safeFetch: SafeFetch;
  readonly store: BlobStore;
  readonly publicUrl: string;
}): ImageIntake => {
  const origin = deps.publicUrl.replace(/\/$/, '');
  const keep = async (bytes: Uint8Array): Promise<StoredImage> => {
    const ref = await deps.store.put(await normaliseLogo(bytes));
    const digest = ref.slice('sha256:'.length);
    return { digest, url: `${origin}${imagePath(digest)}` };
  };
  return {
    async logoFromUrl(url, options = {}) {
      // one of ours already (the owner kept the logo shown): nothing to fetch
      const digest = imageDigestOf(url);
      if (digest && url === `${origin}${imagePath(digest)}` && (await deps.store.has(`sha256:${digest}`)))
        return { digest, url };
      let response: Response;
      try {
        response = await deps.safeFetch(url, {
          headers: { accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8' },
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (error instanceof OutboundRequestRefused) throw new ImageRefused(`it cannot be fetched: ${error.reason}`);
        if (error instanceof OutboundRequestFailed)
          throw new ImageRefused(
            /larger than/.test(error.message)
              ? `the file is larger than ${IMAGE_MAX_BYTES} bytes`
              : `it could not be fetched (${error.message.replace(/^outbound request to \S+ failed: /, '')})`,
          );
        throw error;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ImageRefused(`the address answered ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > IMAGE_MAX_BYTES) {
        await response.body?.cancel();
        throw new ImageRefused(`the file is larger than ${IMAGE_MAX_BYTES} bytes`);
      }
      return keep(new Uint8Array(await response.arrayBuffer()));
    },
    logoFromBytes: (bytes) => keep(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes),
  };
};
