import { describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '../bus/bus.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { openMemoryCheckpointStore } from '../checkpoints/memory-checkpoint-store.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import { publishFromLog } from './publish-from-log.ts';

const waitFor = (received: DeliveredEvent[], count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (received.length >= count ? resolve() : setImmediate(check));
    check();
  });

describe('publishing integration events from the log', () => {
  it('when domain events are appended then the mapped ones are published with the stored ids, once, across a publisher restart', async () => {
    const store = openMemoryEventStore();
    const checkpoints = openMemoryCheckpointStore();
    const bus = createInProcessBus();
    const received: DeliveredEvent[] = [];
    const consumer = await bus.consume({
      durable: 'test',
      filter: 'events.catalog.>',
      handler: async (event) => {
        received.push(event);
      },
    });
    const map = (event: { type: string; data: unknown }) =>
      event.type === 'ListingPublished' ? { subject: 'events.catalog.listing-published', data: event.data } : null;

    const first = await publishFromLog({ store, checkpoints, bus, name: 'catalog-publisher', map });
    await store.append('listing-1', [{ id: 'e1', type: 'ListingPublished', data: { listing_id: 1 } }], 'no_stream');
    await store.append('listing-1', [{ id: 'e2', type: 'ListingEdited', data: {} }], 0);
    await waitFor(received, 1);
    await first.close();

    // restart: the publisher resumes after its checkpoint and publishes only what is new
    await store.append('listing-2', [{ id: 'e3', type: 'ListingPublished', data: { listing_id: 2 } }], 'no_stream');
    const second = await publishFromLog({ store, checkpoints, bus, name: 'catalog-publisher', map });
    await waitFor(received, 2);
    await bus.publish({ subject: 'events.catalog.marker', id: 'marker', data: null });
    await waitFor(received, 3);

    expect(received.map((e) => [e.id, e.subject])).toEqual([
      ['e1', 'events.catalog.listing-published'],
      ['e3', 'events.catalog.listing-published'],
      ['marker', 'events.catalog.marker'],
    ]);
    await second.close();
    await consumer.stop();
    await bus.close();
    await store.close();
  });

  it('when many events publish nothing then the checkpoint is written every 1000 of them and on close, not once per event', async () => {
    const store = openMemoryEventStore();
    const memory = openMemoryCheckpointStore();
    const saves: number[] = [];
    const checkpoints = {
      ...memory,
      save: async (name: string, position: number) => {
        saves.push(position);
        await memory.save(name, position);
      },
    };
    const bus = createInProcessBus();
    for (let i = 1; i <= 2500; i++)
      await store.append(`thing-${i}`, [{ id: `n${i}`, type: 'Noise', data: {} }], 'no_stream');
    await store.append('thing-x', [{ id: 'p1', type: 'Published', data: {} }], 'no_stream');
    await store.append('thing-y', [{ id: 'n-last', type: 'Noise', data: {} }], 'no_stream');
    const map = (event: { type: string }) =>
      event.type === 'Published' ? { subject: 'events.test.p', data: null } : null;
    const publisher = await publishFromLog({ store, checkpoints, bus, name: 'quiet', map });
    await publisher.caughtUp;
    await publisher.close();
    expect(saves).toEqual([1000, 2000, 2501, 2502]);
    expect(await memory.load('quiet')).toBe(2502);
    await bus.close();
    await store.close();
  });
});
