export type { BlobRef, BlobStore } from './blob-store.ts';
export { BlobNotFoundError, blobRefOf, InvalidBlobRefError } from './blob-store.ts';
export type { FileBlobStoreOptions } from './file-blob-store.ts';
export { openFileBlobStore } from './file-blob-store.ts';
export { type ClosableBlobStore, openGridFsBlobStore } from './gridfs-blob-store.ts';
export { openMemoryBlobStore } from './memory-blob-store.ts';
export { openBlobStore } from './open-blob-store.ts';
