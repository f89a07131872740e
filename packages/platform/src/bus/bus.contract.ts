/**
 * The behaviour every Bus adapter must show, as one vitest suite. An adapter's test file calls
 * describeBusContract() with a factory for fresh fixtures.
 *
 * Tests wait on promises (collectors that resolve when enough items arrived), never on sleeps.
 * To prove something was delivered only once, a later marker event is published and awaited:
 * events arrive in order, so once the marker is in nothing earlier can still come.
 */

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, DeliveredEvent, IntegrationEvent } from './bus.ts';
import { NoResponderError, RemoteHandlerError, RequestTimeoutError } from './bus.ts';
import { EncodedJson } from './encoded-json.ts';

export interface BusFixture {
  readonly bus: Bus;
  /**
   * The bus as a restarted process would get it: a new client on the same broker or event log
   * (the in-memory bus hands back the same instance). It may be called while `bus` is still open.
   */
  readonly reopen: () => Promise<Bus>;
  /** closes `bus` and whatever reopen() returned, and drops their state */
  readonly cleanup: () => Promise<void>;
}

/** items pushed by handlers; until() resolves once the items satisfy a condition */
function collector<T>() {
  const items: T[] = [];
  const waiters: { done: (items: readonly T[]) => boolean; resolve: (items: T[]) => void }[] = [];
  const check = (): void => {
    for (const waiter of [...waiters]) {
      if (waiter.done(items)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...items]);
      }
    }
  };
  return {
    items,
    push(item: T): void {
      items.push(item);
      check();
    },
    until(done: (items: readonly T[]) => boolean): Promise<T[]> {
      return new Promise((resolve) => {
        waiters.push({ done, resolve });
        check();
      });
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const ids = (events: readonly DeliveredEvent[]): string[] => events.map((e) => e.id);
const hasId = (id: string) => (events: readonly DeliveredEvent[]) => events.some((e) => e.id === id);

export function describeBusContract(name: string, open: () => Promise<BusFixture>): void {
  describe(`Bus contract: ${name}`, () => {
    let fixture: BusFixture;
    let bus: Bus;
    /** unique per test, so tests sharing a broker never see each other's subjects or durables */
    let tag: string;
    const subject = (suffix: string): string => `contract.${tag}.${suffix}`;
    const eventSubject = (suffix: string): string => `events.contract${tag}.${suffix}`;
    const eventFilter = (): string => `events.contract${tag}.>`;
    const durable = (suffix: string): string => `contract_${tag}_${suffix}`;
    const event = (name: string, data: unknown = { name }): IntegrationEvent => ({
      subject: eventSubject(name),
      id: `${tag}-${name}`,
      data,
    });

    beforeEach(async () => {
      tag = randomUUID().replaceAll('-', '').slice(0, 12);
      fixture = await open();
      bus = fixture.bus;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('request/reply', () => {
      it('round-trips a payload and delivers the headers', async () => {
        const served = await bus.serve(subject('echo'), async (payload, context) => ({
          payload,
          subject: context.subject,
          traceparent: context.headers.traceparent,
        }));
        const reply = await bus.request(
          subject('echo'),
          { text: 'hello', nested: { n: 1 } },
          { headers: { traceparent: '00-abc-def-01' } },
        );
        expect(reply).toEqual({
          payload: { text: 'hello', nested: { n: 1 } },
          subject: subject('echo'),
          traceparent: '00-abc-def-01',
        });
        await served.stop();
      });

      it('carries an encoded reply part as it is to a requester that keeps it encoded, and as a value to others', async () => {
        const body = { name: 'Notion', tags: ['notes', 'wiki'], rating: null, emoji: 'ü ✓' };
        const served = await bus.serve(subject('encoded'), async () => ({ status: 200, body: EncodedJson.of(body) }));
        const plain = (await bus.request(subject('encoded'), {})) as { status: number; body: unknown };
        expect(plain).toEqual({ status: 200, body });
        expect(plain.body).not.toBeInstanceOf(EncodedJson);
        const kept = (await bus.request(subject('encoded'), {}, { keepEncoded: true })) as {
          status: number;
          body: EncodedJson;
        };
        expect(kept.status).toBe(200);
        expect(kept.body).toBeInstanceOf(EncodedJson);
        expect(kept.body.text).toBe(JSON.stringify(body));
        expect(kept.body.value).toEqual(body);
        await served.stop();
      });

      it('fails fast with NoResponderError when nobody serves the subject', { timeout: 5_000 }, async () => {
        // the 30 s request timeout is far beyond the test's 5 s: only a fast failure passes
        await expect(bus.request(subject('nobody'), {}, { timeoutMs: 30_000 })).rejects.toBeInstanceOf(
          NoResponderError,
        );
      });

      it('fails with RequestTimeoutError when the handler does not answer in time', async () => {
        const release = deferred();
        const served = await bus.serve(subject('slow'), () => release.promise);
        await expect(bus.request(subject('slow'), {}, { timeoutMs: 100 })).rejects.toBeInstanceOf(RequestTimeoutError);
        release.resolve();
        await served.stop();
      });

      it('carries a handler failure back as RemoteHandlerError with its message', async () => {
        const served = await bus.serve(subject('broken'), async () => {
          throw new Error('out of stock');
        });
        const failure = await bus.request(subject('broken'), {}).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(RemoteHandlerError);
        expect((failure as RemoteHandlerError).message).toContain('out of stock');
        await served.stop();
      });

      it('shares requests among the servers of a subject, each answered once', async () => {
        const handled = { a: 0, b: 0 };
        const a = await bus.serve(subject('shared'), async (payload) => {
          handled.a++;
          return payload;
        });
        const b = await bus.serve(subject('shared'), async (payload) => {
          handled.b++;
          return payload;
        });
        const count = 20;
        const replies = await Promise.all(Array.from({ length: count }, (_, i) => bus.request(subject('shared'), i)));
        expect(replies).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(handled.a + handled.b).toBe(count);
        expect(handled.a).toBeGreaterThan(0);
        expect(handled.b).toBeGreaterThan(0);
        await Promise.all([a.stop(), b.stop()]);
      });
    });

    describe('integration events', () => {
      it('delivers an event once to each durable consumer', async () => {
        const first = collector<DeliveredEvent>();
        const second = collector<DeliveredEvent>();
        const consumers = await Promise.all([
          bus.consume({ durable: durable('first'), filter: eventFilter(), handler: async (e) => first.push(e) }),
          bus.consume({ durable: durable('second'), filter: eventFilter(), handler: async (e) => second.push(e) }),
        ]);
        await bus.publish({ ...event('created', { name: 'Ada' }), headers: { traceparent: '00-abc-def-01' } });
        await bus.publish(event('marker'));
        const [firstGot, secondGot] = await Promise.all([
          first.until(hasId(`${tag}-marker`)),
          second.until(hasId(`${tag}-marker`)),
        ]);
        expect(ids(firstGot)).toEqual([`${tag}-created`, `${tag}-marker`]);
        expect(ids(secondGot)).toEqual([`${tag}-created`, `${tag}-marker`]);
        expect(firstGot[0]).toMatchObject({
          subject: eventSubject('created'),
          data: { name: 'Ada' },
          headers: { traceparent: '00-abc-def-01' },
        });
        expect(firstGot[1]?.sequence).toBeGreaterThan(firstGot[0]?.sequence ?? Number.POSITIVE_INFINITY);
        await Promise.all(consumers.map((c) => c.stop()));
      });

      it('shares a durable consumer among replicas: each event once in all, and the rest go on when one stops', async () => {
        const got = collector<DeliveredEvent>();
        const replica = (name: string) =>
          bus.consume({
            durable: durable('shared'),
            filter: eventFilter(),
            handler: async (e) => got.push({ ...e, subject: `${name}:${e.subject}` }),
          });
        const a = await replica('a');
        const b = await replica('b');
        for (const n of [1, 2, 3]) await bus.publish(event(`shared${n}`));
        await got.until(hasId(`${tag}-shared3`));
        await a.stop();
        await bus.publish(event('marker'));
        const all = await got.until(hasId(`${tag}-marker`));
        expect(ids(all)).toEqual([`${tag}-shared1`, `${tag}-shared2`, `${tag}-shared3`, `${tag}-marker`]);
        expect(all.at(-1)?.subject.startsWith('b:')).toBe(true);
        await b.stop();
      });

      it('hands every new matching event to each watcher, and nothing from before', async () => {
        await bus.publish(event('before'));
        const got = collector<string>();
        const one = await bus.watch(`events.contract${tag}.*.kept`, (e) =>
          got.push(`one:${(e.data as { name: string }).name}`),
        );
        const two = await bus.watch(eventFilter(), (e) => got.push(`two:${(e.data as { name: string }).name}`));
        await bus.publish({ subject: `events.contract${tag}.a.dropped`, id: `${tag}-w1`, data: { name: 'dropped' } });
        await bus.publish({ subject: `events.contract${tag}.a.kept`, id: `${tag}-w2`, data: { name: 'kept' } });
        const all = await got.until((items) => items.includes('one:kept') && items.includes('two:kept'));
        expect(all.filter((item) => item.startsWith('one:'))).toEqual(['one:kept']);
        expect(all.filter((item) => item.startsWith('two:'))).toEqual(['two:dropped', 'two:kept']);
        await one.stop();
        await two.stop();
      });

      it('hands a notice to each watcher of its subject', async () => {
        const got = collector<string>();
        const one = await bus.watch(`notices.contract${tag}.*.changed`, (e) => got.push(`one:${e.subject}:${e.data}`));
        const two = await bus.watch(`notices.contract${tag}.a.changed`, (e) => got.push(`two:${e.subject}:${e.data}`));
        bus.notify(`notices.contract${tag}.b.changed`, 1);
        bus.notify(`notices.contract${tag}.a.changed`, 2);
        const all = await got.until((items) => items.length >= 3);
        expect([...all].sort()).toEqual(
          [
            `one:notices.contract${tag}.b.changed:1`,
            `one:notices.contract${tag}.a.changed:2`,
            `two:notices.contract${tag}.a.changed:2`,
          ].sort(),
        );
        await one.stop();
        await two.stop();
      });

      it('delivers only the events matching the filter', async () => {
        const got = collector<DeliveredEvent>();
        const consumer = await bus.consume({
          durable: durable('filtered'),
          filter: `events.contract${tag}.*.kept`,
          handler: async (e) => got.push(e),
        });
        await bus.publish({ subject: `events.contract${tag}.a.dropped`, id: `${tag}-1`, data: 1 });
        await bus.publish({ subject: `events.contract${tag}.a.kept`, id: `${tag}-2`, data: 2 });
        await bus.publish({ subject: `events.contract${tag}.a.b.kept`, id: `${tag}-3`, data: 3 });
        await bus.publish({ subject: `events.contract${tag}.b.kept`, id: `${tag}-4`, data: 4 });
        expect(ids(await got.until(hasId(`${tag}-4`)))).toEqual([`${tag}-2`, `${tag}-4`]);
        await consumer.stop();
      });

      it('resumes a restarted durable consumer after its last ack', async () => {
        const before = collector<DeliveredEvent>();
        const first = await bus.consume({
          durable: durable('resume'),
          filter: eventFilter(),
          handler: async (e) => before.push(e),
        });
        await bus.publish(event('early1'));
        await bus.publish(event('early2'));
        await before.until((items) => items.length >= 2);
        await first.stop();

        await bus.publish(event('whileStopped'));
        const restarted = await fixture.reopen();
        const after = collector<DeliveredEvent>();
        const second = await restarted.consume({
          durable: durable('resume'),
          filter: eventFilter(),
          handler: async (e) => after.push(e),
        });
        await restarted.publish(event('marker'));
        expect(ids(await after.until(hasId(`${tag}-marker`)))).toEqual([`${tag}-whileStopped`, `${tag}-marker`]);
        expect(ids(before.items)).toEqual([`${tag}-early1`, `${tag}-early2`]);
        await second.stop();
      });

      it('delivers an event published twice with the same id once', async () => {
        const got = collector<DeliveredEvent>();
        const consumer = await bus.consume({
          durable: durable('dedup'),
          filter: eventFilter(),
          handler: async (e) => got.push(e),
        });
        await bus.publish(event('created', { attempt: 1 }));
        await bus.publish(event('created', { attempt: 2 }));
        await bus.publish(event('marker'));
        const items = await got.until(hasId(`${tag}-marker`));
        expect(ids(items)).toEqual([`${tag}-created`, `${tag}-marker`]);
        expect(items[0]?.data).toEqual({ attempt: 1 });
        await consumer.stop();
      });

      it('redelivers an event whose handler rejected, before later events', async () => {
        const attempts = collector<DeliveredEvent>();
        let failed = false;
        const consumer = await bus.consume({
          durable: durable('retry'),
          filter: eventFilter(),
          handler: async (e) => {
            attempts.push(e);
            if (e.id === `${tag}-flaky` && !failed) {
              failed = true;
              throw new Error('transient failure');
            }
          },
        });
        await bus.publish(event('flaky'));
        await bus.publish(event('later'));
        const items = await attempts.until(hasId(`${tag}-later`));
        expect(ids(items)).toEqual([`${tag}-flaky`, `${tag}-flaky`, `${tag}-later`]);
        await consumer.stop();
      });
    });
  });
}
