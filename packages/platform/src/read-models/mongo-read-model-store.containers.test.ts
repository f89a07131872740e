/**
 * The read-model store contract on a throwaway MongoDB container (a single-node replica set, as
 * the adapter's transactions need); skipped, saying why, without a Docker engine.
 */
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTAINER_IMAGES, containersAvailable } from '../testing/containers.ts';
import { openMongoReadModelStore } from './mongo-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';

const available = await containersAvailable('the MongoDB read-model store contract');

describe.skipIf(!available)('MongoDB read-model store in a container', () => {
  let container: StartedMongoDBContainer;
  let databases = 0;
  beforeAll(async () => {
    container = await new MongoDBContainer(CONTAINER_IMAGES.mongodb).start();
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });

  readModelStoreContract('mongodb (container)', async () => {
    // the replica set names the container by its inner host name: connect to the mapped port directly
    const options = {
      url: `${container.getConnectionString()}/?directConnection=true`,
      database: `read_models_${++databases}`,
      prefix: 'svc.',
    };
    return {
      store: openMongoReadModelStore(options),
      reopen: async () => openMongoReadModelStore(options),
      cleanup: () => {},
    };
  });
});
