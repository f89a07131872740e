export type { BlobRef, BlobStore } from './blob-store.ts';
export { BlobNotFoundError, blobRefOf, InvalidBlobRefError } from './blob-store.ts';
export type { FileBlobStoreOptions } from './file-blob-store.ts';
export { openFileBlobStore } from './file-blob-store.ts';
export { openMemoryBlobStore } from './memory-blob-store.ts';
