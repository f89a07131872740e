import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBusContract } from './bus.contract.ts';
import type { Bus, DeliveredEvent } from './bus.ts';
import { subjectMatches } from './bus-support.ts';
import { EncodedJson } from './encoded-json.ts';
import { createInProcessBus } from './in-process-bus.ts';

describeBusContract('in-process, in memory', async () => {
  const bus = createInProcessBus();
  // nothing survives the bus, so a "restart" keeps using it
  return { bus, reopen: async () => bus, cleanup: () => bus.close() };
});

describeBusContract('in-process, SQLite event log', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bus-test-'));
  const eventLogPath = join(dir, 'events.sqlite');
  const buses: Bus[] = [createInProcessBus({ eventLogPath })];
  return {
    bus: buses[0] as Bus,
    reopen: async () => {
      const bus = createInProcessBus({ eventLogPath });
      buses.push(bus);
      return bus;
    },
    cleanup: async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('in-process bus', () => {
  it('does not share payload objects between caller and handler', async () => {
    const bus = createInProcessBus();
    const sent = { list: [1] };
    let received: unknown;
    await bus.serve('copy', async (payload) => {
      received = payload;
      (payload as { list: number[] }).list.push(2);
      return sent;
    });
    const reply = await bus.request('copy', sent);
    expect(received).not.toBe(sent);
    expect(reply).not.toBe(sent);
    expect(sent).toEqual({ list: [1] });
    await bus.close();
  });

  it('when replies are shared then the requester gets the handler object itself, and requests are still copied', async () => {
    const bus = createInProcessBus({ shareReplies: true });
    const sent = { list: [1] };
    const answer = { ok: true };
    let received: unknown;
    await bus.serve('share', async (payload) => {
      received = payload;
      return answer;
    });
    expect(await bus.request('share', sent)).toBe(answer);
    expect(received).not.toBe(sent);
    await bus.close();
  });

  it('when requests are shared then only a request marked transferPayload reaches the handler uncopied', async () => {
    const bus = createInProcessBus({ shareRequests: true });
    const received: unknown[] = [];
    await bus.serve('transfer', async (payload) => {
      received.push(payload);
      return null;
    });
    const handedOver = { list: [1] };
    const kept = { list: [2] };
    await bus.request('transfer', handedOver, { transferPayload: true });
    await bus.request('transfer', kept);
    expect(received[0]).toBe(handedOver);
    expect(received[1]).not.toBe(kept);
    expect(received[1]).toEqual(kept);
    await bus.close();
  });

  it('when replies are shared then an encoded part stays encoded only for a requester that asks for it', async () => {
    const bus = createInProcessBus({ shareReplies: true });
    const body = { slug: 'notion' };
    const encoded = EncodedJson.of(body);
    await bus.serve('encoded', async () => ({ status: 200, body: encoded }));
    expect(await bus.request('encoded', {}, { keepEncoded: true })).toEqual({ status: 200, body: encoded });
    const plain = (await bus.request('encoded', {})) as { body: unknown };
    expect(plain.body).toBe(body); // the handler's own object, not a parse of its text
    await bus.close();
  });

  it('keeps events and ack positions in the SQLite file across a full restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bus-test-'));
    const eventLogPath = join(dir, 'events.sqlite');
    try {
      const first = createInProcessBus({ eventLogPath });
      const seen: DeliveredEvent[] = [];
      let delivered!: () => void;
      const one = new Promise<void>((resolve) => {
        delivered = resolve;
      });
      const consumer = await first.consume({
        durable: 'projection',
        filter: 'events.>',
        handler: async (event) => {
          seen.push(event);
          delivered();
        },
      });
      await first.publish({ subject: 'events.a.one', id: '1', data: 1 });
      await one;
      await consumer.stop();
      await first.publish({ subject: 'events.a.two', id: '2', data: 2 });
      await first.close();

      const second = createInProcessBus({ eventLogPath });
      await second.publish({ subject: 'events.a.one', id: '1', data: 'duplicate' });
      const resumed = await new Promise<DeliveredEvent>((resolve) => {
        void second.consume({ durable: 'projection', filter: 'events.>', handler: async (event) => resolve(event) });
      });
      expect(resumed).toMatchObject({ id: '2', data: 2, sequence: 2 });
      expect(seen.map((e) => e.id)).toEqual(['1']);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('subjectMatches', () => {
  it.each([
    ['events.>', 'events.catalog.created', true],
    ['events.>', 'events', false],
    ['events.*.created', 'events.catalog.created', true],
    ['events.*.created', 'events.catalog.x.created', false],
    ['events.catalog', 'events.catalog', true],
    ['events.catalog', 'events.catalog.created', false],
    ['*', 'a', true],
    ['>', 'a.b', true],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});
