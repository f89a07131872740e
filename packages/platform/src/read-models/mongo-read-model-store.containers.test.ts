/**
 * The read-model store contract on a throwaway MongoDB container (a single-node replica set, as
 * the adapter's transactions need); skipped, saying why, without a Docker engine.
 */
import { MongoDBContainer } from '@testcontainers/mongodb';
import { GenericContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTAINER_IMAGES, imageAvailable, isOfficialMongoImage } from '../testing/containers.ts';
import { openMongoReadModelStore } from './mongo-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';

const available = await imageAvailable('the MongoDB read-model store contract', CONTAINER_IMAGES.mongodb);

describe.skipIf(!available)('MongoDB read-model store in a container', () => {
  let container: { stop(): Promise<unknown> } | undefined;
  let url = '';
  let databases = 0;
  beforeAll(async () => {
    if (isOfficialMongoImage(CONTAINER_IMAGES.mongodb)) {
      const mongo = await new MongoDBContainer(CONTAINER_IMAGES.mongodb).start();
      // the replica set names the container by its inner host name: connect to the mapped port directly
      url = `${mongo.getConnectionString()}/?directConnection=true`;
      container = mongo;
    } else {
      // a stand-in speaking MongoDB's wire protocol (MONGO_IMAGE, e.g. FerretDB): no replica set to initiate
      const mongo = await new GenericContainer(CONTAINER_IMAGES.mongodb)
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forListeningPorts())
        .start();
      url = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`;
      container = mongo;
    }
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });

  readModelStoreContract('mongodb (container)', async () => {
    const options = {
      url,
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
