import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobRef, BlobStore } from './blob-store.ts';
import { BlobNotFoundError, blobRefOf, digestOf, toBytes } from './blob-store.ts';

export interface FileBlobStoreOptions {
  /** the folder blobs live in, e.g. `DATA_DIR/blobs` */
  readonly dir: string;
}

/**
 * The embedded blob store: one file per blob, `<dir>/<first 2 hex>/<64 hex>`. A blob is written to
 * a temporary file in the same folder and renamed into place, so a reader (or a crash) never sees
 * a partial blob, and two writers of the same bytes both succeed. Several processes may share the
 * folder. `get` checks the bytes against their hash, so a damaged file is never served.
 */
export function openFileBlobStore(options: FileBlobStoreOptions): BlobStore {
  const fileOf = (digest: string) => path.join(options.dir, digest.slice(0, 2), digest);

  const exists = async (file: string): Promise<boolean> => {
    try {
      await stat(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  };

  return {
    async put(input) {
      const bytes = toBytes(input);
      const ref = blobRefOf(bytes);
      const file = fileOf(digestOf(ref));
      if (await exists(file)) return ref;
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return ref;
    },

    async get(ref: BlobRef) {
      const file = fileOf(digestOf(ref));
      let bytes: Uint8Array;
      try {
        const buffer = await readFile(file);
        bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(ref);
        throw error;
      }
      if (blobRefOf(bytes) !== ref) throw new Error(`blob ${ref} is damaged: its bytes do not match their hash`);
      return bytes;
    },

    has: async (ref: BlobRef) => exists(fileOf(digestOf(ref))),
  };
}
