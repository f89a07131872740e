import type { Config } from '../config.ts';
import { openFileBlobStore } from './file-blob-store.ts';
import { type ClosableBlobStore, openGridFsBlobStore } from './gridfs-blob-store.ts';

/**
 * A service's blob store as configured: MongoDB GridFS when MONGO_URL is set (the bucket
 * `<service>.blobs` in MONGO_DB, beside its read models), else one file per blob under `dir`.
 */
export const openBlobStore = (
  config: Partial<Pick<Config, 'mongo'>>,
  target: { readonly service: string; readonly dir: string },
): ClosableBlobStore =>
  config.mongo
    ? openGridFsBlobStore({
        url: config.mongo.url.reveal(),
        database: config.mongo.database,
        prefix: `${target.service}.`,
      })
    : { ...openFileBlobStore({ dir: target.dir }), close: async () => {} };
