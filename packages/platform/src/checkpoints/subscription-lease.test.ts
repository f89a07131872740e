import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, IntegrationEvent } from '../bus/bus.ts';
import type { EventStore } from '../event-store/event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { publishFromLog } from '../integration-events/publish-from-log.ts';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '../testing/ferretdb-server.ts';
import { until } from '../testing/until.ts';
import { startCheckpointedSubscription } from './checkpointed-subscription.ts';
import { openMongoCheckpointStore } from './mongo-checkpoint-store.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the subscription lease tests: ${missing}`);

/** a lease lifetime short enough for a test to see a dead holder's lease run out */
const TTL_MS = 900;

/**
 * Two replicas of a service, as two processes would have them: each its own connection to the
 * shared SQLite event store and its own MongoDB client on the shared checkpoints.
 */
describe.skipIf(missing !== undefined)(
  'checkpointed subscriptions of replicas, under a lease in MongoDB (FerretDB)',
  () => {
    let server: RunningFerretDb;
    let dir: string;
    let databases = 0;
    const opened: { close(): Promise<void> }[] = [];
    beforeAll(async () => {
      server = await startFerretDb();
      dir = mkdtempSync(path.join(os.tmpdir(), 'subscription-lease-'));
    }, 30_000);
    afterAll(async () => {
      for (const thing of opened.reverse()) await thing.close();
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const replicas = () => {
      const database = `leases_${++databases}`;
      const file = path.join(dir, `${database}.sqlite`);
      const replica = () => {
        const events = openSqliteEventStore({ path: file, pollIntervalMs: 50 });
        const checkpoints = openMongoCheckpointStore({
          url: server.url,
          database,
          prefix: 'svc.',
          leaseTtlMs: TTL_MS,
        });
        opened.push(checkpoints, events);
        return { events, checkpoints };
      };
      return { a: replica(), b: replica() };
    };
    /** what each replica's publisher put on the bus: [replica, event id] */
    const recordingBus = (published: [string, string][], who: string) =>
      ({
        publish: async (event: IntegrationEvent) => {
          published.push([who, event.id]);
        },
      }) as unknown as Bus;
    const map = (event: { type: string; data: unknown }) =>
      event.type === 'Published' ? { subject: 'events.svc.published', data: event.data } : null;
    const append = (events: EventStore, id: string) =>
      events.append(`stream-${id}`, [{ id, type: 'Published', data: { id } }], 'no_stream');

    it('when two replicas run the publisher then one event is published once, and the other replica takes over when the first stops', async () => {
      const { a, b } = replicas();
      const published: [string, string][] = [];
      const first = await publishFromLog({
        store: a.events,
        checkpoints: a.checkpoints,
        bus: recordingBus(published, 'a'),
        name: 'publisher',
        map,
      });
      const second = await publishFromLog({
        store: b.events,
        checkpoints: b.checkpoints,
        bus: recordingBus(published, 'b'),
        name: 'publisher',
        map,
      });
      await append(a.events, 'e1');
      await until(
        async () => published.length,
        (n) => n >= 1,
      );
      // the first replica stops (a rolling update): the second publishes what comes next, and only that
      await first.close();
      await append(b.events, 'e2');
      await until(
        async () => published.length,
        (n) => n >= 2,
      );
      await append(b.events, 'e3');
      await until(
        async () => published.length,
        (n) => n >= 3,
      );
      expect(published).toEqual([
        ['a', 'e1'],
        ['b', 'e2'],
        ['b', 'e3'],
      ]);
      await second.close();
    });

    it("when the holder's subscription stops on an error (its store away a moment) then it is started again from its checkpoint and the event is handled", async () => {
      const { a } = replicas();
      const handled: string[] = [];
      let refusals = 1;
      const running = await startCheckpointedSubscription({
        store: a.events,
        checkpoints: a.checkpoints,
        name: 'flaky-mail',
        handler: (event) => {
          if (refusals-- > 0) throw new Error('the mail server refused');
          handled.push(event.id);
        },
        onError: () => {},
      });
      await append(a.events, 'flaky-1');
      await until(
        async () => handled,
        (ids) => ids.length >= 1,
        { everyMs: 100 },
      );
      expect(handled).toEqual(['flaky-1']);
      await running.close();
    });

    it('when the replica holding the lease dies then another replica sends the mail it had not sent, once', async () => {
      const { a, b } = replicas();
      const sent: string[] = [];
      // a holder that died without giving the lease up: taken, never renewed
      expect(await a.checkpoints.leases?.acquire('follower-mail', 'dead-replica', TTL_MS)).toBe(true);
      const standby = await startCheckpointedSubscription({
        store: b.events,
        checkpoints: b.checkpoints,
        name: 'follower-mail',
        handler: (event) => {
          sent.push(event.id);
        },
      });
      await append(a.events, 'mail-1');
      // nothing while the dead holder's lease lasts, then the standby takes over from the checkpoint
      expect(sent).toEqual([]);
      await until(
        async () => sent.length,
        (n) => n >= 1,
        { everyMs: 100 },
      );
      expect(sent).toEqual(['mail-1']);
      // the dead holder cannot take it back while the new holder renews it
      expect(await a.checkpoints.leases?.acquire('follower-mail', 'dead-replica', TTL_MS)).toBe(false);
      await standby.close();
      // released on close: free for the next replica at once
      expect(await a.checkpoints.leases?.acquire('follower-mail', 'next-replica', TTL_MS)).toBe(true);
    });
  },
);
