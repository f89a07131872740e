import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '../testing/nats-server.ts';
import { describeBusContract } from './bus.contract.ts';
import type { Bus } from './bus.ts';
import { connectNatsBus } from './nats-bus.ts';

const available = natsServerAvailable();
if (!available) console.warn('skipping the NATS bus tests: nats-server is not on PATH');

describe.skipIf(!available)('NATS bus', () => {
  let server: RunningNatsServer;
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // every test uses its own subjects and durable names, so they can share the server and stream
  describeBusContract('NATS', async () => {
    const connectClient = (): Promise<Bus> => connectNatsBus({ servers: server.url, name: 'bus-contract' });
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

  it('when an event is published then every watching client gets it (each replica, not one of them)', async () => {
    const publisher = await connectNatsBus({ servers: server.url, name: 'watch-publisher' });
    const replicas = [
      await connectNatsBus({ servers: server.url, name: 'watch-a' }),
      await connectNatsBus({ servers: server.url, name: 'watch-b' }),
    ];
    try {
      const heard = replicas.map(() => Promise.withResolvers<unknown>());
      const watchers = await Promise.all(
        replicas.map((bus, i) => bus.watch('events.watchtest.>', (event) => heard[i]?.resolve(event.data))),
      );
      await publisher.publish({ subject: 'events.watchtest.changed', id: 'watch-1', data: { listing_id: 7 } });
      expect(await Promise.all(heard.map((h) => h.promise))).toEqual([{ listing_id: 7 }, { listing_id: 7 }]);
      await Promise.all(watchers.map((w) => w.stop()));
    } finally {
      await Promise.all([publisher, ...replicas].map((bus) => bus.close()));
    }
  });

  it('when the bus closes with a request in flight then the request fails at once instead of waiting for its timeout', async () => {
    const requester = await connectNatsBus({ servers: server.url, name: 'closing-requester' });
    const responder = await connectNatsBus({ servers: server.url, name: 'silent-responder' });
    const arrived = Promise.withResolvers<void>();
    const answered = Promise.withResolvers<void>();
    await responder.serve('closing.silent', async () => {
      arrived.resolve();
      await answered.promise; // only once the requester is gone
      return null;
    });
    try {
      const reply = requester.request('closing.silent', {}, { timeoutMs: 60_000 });
      const outcome = reply.catch((error: unknown) => error);
      await arrived.promise;
      await requester.close();
      expect(await outcome).toBeInstanceOf(Error);
      expect(String(await outcome)).toContain('closed');
    } finally {
      await requester.close();
      answered.resolve();
      await responder.close();
    }
  });
});
