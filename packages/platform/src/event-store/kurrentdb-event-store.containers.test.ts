/**
 * The EventStore contract on a throwaway KurrentDB container (`npm run test:containers`); skipped,
 * saying why, without a Docker engine.
 */
import { randomUUID } from 'node:crypto';
import { KurrentDbContainer, type StartedKurrentDbContainer } from '@testcontainers/kurrentdb';
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTAINER_IMAGES, imageAvailable } from '../testing/containers.ts';
import { describeEventStoreContract } from './event-store.contract.ts';
import { openKurrentDbEventStore } from './kurrentdb-event-store.ts';

const available = await imageAvailable('the KurrentDB event store contract', CONTAINER_IMAGES.kurrentdb);

describe.skipIf(!available)('KurrentDB event store in a container', () => {
  let container: StartedKurrentDbContainer;
  beforeAll(async () => {
    container = await new KurrentDbContainer(CONTAINER_IMAGES.kurrentdb).start();
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });

  describeEventStoreContract(
    'kurrentdb (container)',
    async () => {
      // a service prefix per test: tests never see each other's events on the shared server
      const service = `contract_${randomUUID().replaceAll('-', '')}`;
      const open = () =>
        openKurrentDbEventStore({ url: container.getConnectionString(), service, pollIntervalMs: 100 });
      return { store: open(), reopen: async () => open() };
    },
    { persistent: true },
  );
});
