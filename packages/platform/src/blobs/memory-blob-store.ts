import type { BlobRef, BlobStore } from './blob-store.ts';
import { BlobNotFoundError, blobRefOf, digestOf, toBytes } from './blob-store.ts';

/** An in-process BlobStore for tests, with the file store's semantics. Nothing is persisted. */
export function openMemoryBlobStore(): BlobStore {
  const blobs = new Map<BlobRef, Uint8Array>();
  return {
    async put(input) {
      const bytes = toBytes(input);
      const ref = blobRefOf(bytes);
      // a copy: a caller changing its buffer later must not change the blob
      if (!blobs.has(ref)) blobs.set(ref, new Uint8Array(bytes));
      return ref;
    },
    async get(ref) {
      digestOf(ref);
      const bytes = blobs.get(ref);
      if (!bytes) throw new BlobNotFoundError(ref);
      return new Uint8Array(bytes);
    },
    has: async (ref) => {
      digestOf(ref);
      return blobs.has(ref);
    },
  };
}
