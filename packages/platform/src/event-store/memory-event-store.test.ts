import { expect, it } from 'vitest';
import { describeEventStoreContract, newEvent } from './event-store.contract.ts';
import { openMemoryEventStore } from './memory-event-store.ts';

describeEventStoreContract('memory', async () => ({ store: openMemoryEventStore() }), { persistent: false });

it('memory: stamps recordedAt with the injected clock', async () => {
  const store = openMemoryEventStore({ now: () => new Date('2030-05-06T07:08:09.000Z') });
  await store.append('listing-1', [newEvent()], 'no_stream');
  expect((await store.readStream('listing-1'))[0]?.recordedAt).toBe('2030-05-06T07:08:09.000Z');
  await store.close();
});
