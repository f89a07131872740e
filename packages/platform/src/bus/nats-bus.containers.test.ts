/**
 * The bus contract on a throwaway NATS container with JetStream; skipped, saying why, without a
 * Docker engine.
 */
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTAINER_IMAGES, imageAvailable } from '../testing/containers.ts';
import { describeBusContract } from './bus.contract.ts';
import type { Bus } from './bus.ts';
import { connectNatsBus } from './nats-bus.ts';

const available = await imageAvailable('the NATS bus contract', CONTAINER_IMAGES.nats);

describe.skipIf(!available)('NATS bus in a container', () => {
  let container: StartedTestContainer;
  beforeAll(async () => {
    container = await new GenericContainer(CONTAINER_IMAGES.nats)
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start();
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });

  // every test uses its own subjects and durable names, so they can share the server and stream
  describeBusContract('NATS (container)', async () => {
    const servers = `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
    const connectClient = (): Promise<Bus> => connectNatsBus({ servers, name: 'bus-contract' });
    const buses: Bus[] = [await connectClient()];
    return {
      bus: buses[0] as Bus,
      reopen: async () => {
        const bus = await connectClient();
        buses.push(bus);
        return bus;
      },
      cleanup: async () => {
        await Promise.all(buses.map((bus) => bus.close()));
      },
    };
  });
});
