import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type ObjectId } from 'mongodb';
import { openMongoClient } from '../mongo/mongo-client.ts';
import { type MongoServiceStateOptions, SERVICE_STATE_COLLECTIONS } from '../mongo/service-state-collections.ts';
import type { BlobRef, BlobStore } from './blob-store.ts';
import { BlobNotFoundError, blobRefOf, digestOf, toBytes } from './blob-store.ts';

/** a blob store that holds a connection to close */
export type ClosableBlobStore = BlobStore & { close(): Promise<void> };

/**
 * The production blob store: MongoDB GridFS, the bucket `<prefix>blobs` (collections
 * `<prefix>blobs.files` and `<prefix>blobs.chunks`) in the database of the service's read models,
 * so production needs no other server (tested against FerretDB). A blob is one GridFS file named by
 * its hex digest. GridFS writes the chunks first and the file document last, so a file that can be
 * found is whole: a reader (or a crash mid-upload) never sees a partial blob. Without transactions,
 * two replicas putting the same bytes at the same moment may both upload them: both files are whole
 * and identical, reads take the first by `_id`, and nothing is ever deleted (a duplicate costs its
 * bytes, never a read). `get` checks the bytes against their hash, as the file store does.
 */
export const openGridFsBlobStore = (options: MongoServiceStateOptions): ClosableBlobStore => {
  // the client connects on first use, so opening stays synchronous like the file store's
  const client = openMongoClient(options.url);
  const db = client.db(options.database);
  const bucketName = `${options.prefix}${SERVICE_STATE_COLLECTIONS.blobBucket}`;
  const bucket = new GridFSBucket(db, { bucketName });
  const files = db.collection<{ _id: ObjectId; filename: string }>(`${bucketName}.files`);
  /** the stored file of a digest (the first, should there be two), or null */
  const fileOf = (digest: string) => files.findOne({ filename: digest }, { sort: { _id: 1 }, projection: { _id: 1 } });
  let closed = false;

  return {
    async put(input) {
      const bytes = toBytes(input);
      const ref = blobRefOf(bytes);
      const digest = digestOf(ref);
      if (await fileOf(digest)) return ref;
      // a copy: a caller changing its buffer while the upload runs must not change the blob
      await pipeline(Readable.from([Buffer.from(bytes)]), bucket.openUploadStream(digest));
      return ref;
    },

    async get(ref: BlobRef) {
      const found = await fileOf(digestOf(ref));
      if (!found) throw new BlobNotFoundError(ref);
      const chunks: Buffer[] = await bucket.openDownloadStream(found._id).toArray();
      const bytes = Buffer.concat(chunks);
      if (blobRefOf(bytes) !== ref) throw new Error(`blob ${ref} is damaged: its bytes do not match their hash`);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    has: async (ref: BlobRef) => (await fileOf(digestOf(ref))) !== null,

    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
};
