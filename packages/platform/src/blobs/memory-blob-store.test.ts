import { describeBlobStoreContract } from './blob-store.contract.ts';
import { openMemoryBlobStore } from './memory-blob-store.ts';

describeBlobStoreContract('memory blob store', async () => ({ store: openMemoryBlobStore() }), { persistent: false });
