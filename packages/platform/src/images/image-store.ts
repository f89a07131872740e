import path from 'node:path';
import type { ClosableBlobStore } from '../blobs/gridfs-blob-store.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import type { Config } from '../config.ts';

/**
 * The images bucket: checked, re-encoded images (listing logos), write-once and addressed by their
 * content, public by nature (every one is on a public page). Drafting writes a logo when it drafts
 * a site, catalog when an owner replaces one or the demo catalog is made; the web edge serves them.
 * Nothing is ever read from it to decide anything, so sharing it is sharing a CDN's origin bucket,
 * not a service's state. MONGO_URL: the GridFS bucket `images.blobs`; otherwise files under
 * `DATA_DIR/images/`.
 */
export const openImageStore = (config: Partial<Pick<Config, 'mongo'>> & Pick<Config, 'dataDir'>): ClosableBlobStore =>
  openBlobStore(config, { service: 'images', dir: path.join(config.dataDir, 'images') });
