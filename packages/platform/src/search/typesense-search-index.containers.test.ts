/**
 * The search index contract on a throwaway Typesense container; skipped, saying why, without a
 * Docker engine.
 */
import { randomUUID } from 'node:crypto';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTAINER_IMAGES, imageAvailable } from '../testing/containers.ts';
import { searchIndexContract } from './search-index.contract.ts';
import { openTypesenseSearchIndex } from './typesense-search-index.ts';

const available = await imageAvailable('the Typesense search index contract', CONTAINER_IMAGES.typesense);
const API_KEY = 'containers-test-key';

describe.skipIf(!available)('Typesense search index in a container', () => {
  let container: StartedTestContainer;
  beforeAll(async () => {
    container = await new GenericContainer(CONTAINER_IMAGES.typesense)
      .withCommand(['--data-dir', '/tmp', '--api-key', API_KEY, '--enable-cors'])
      .withExposedPorts(8108)
      .withWaitStrategy(Wait.forHttp('/health', 8108).forStatusCode(200))
      .start();
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });

  const open = (collection: string) =>
    openTypesenseSearchIndex({
      url: `http://${container.getHost()}:${container.getMappedPort(8108)}`,
      apiKey: API_KEY,
      collection,
      fields: { name: 6, tagline: 2 },
    });

  searchIndexContract('typesense (container)', async () => {
    const collection = `c${randomUUID().replaceAll('-', '')}`;
    return { index: await open(collection), reopen: () => open(collection), cleanup: () => {} };
  });
});
