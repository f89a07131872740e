import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvents } from '../event-store/event-store.contract.ts';
import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import { PASSED_OVER_PER_SAVE, startCheckpointedSubscription } from './checkpointed-subscription.ts';
import { openMemoryCheckpointStore } from './memory-checkpoint-store.ts';
import { openSqliteCheckpointStore } from './sqlite-checkpoint-store.ts';

/** one run of a service: its event store and checkpoint store */
interface Node {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
}

/** storage that outlives nodes: `start` opens a node on it, `stop` shuts that node down */
interface World {
  start(): Promise<Node>;
  stop(node: Node): Promise<void>;
}

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const worlds: [string, () => World][] = [
  [
    'memory',
    () => {
      // nothing persists, so a "restart" keeps the same stores and only starts a new subscription
      const node = { store: openMemoryEventStore(), checkpoints: openMemoryCheckpointStore() };
      return { start: async () => node, stop: async () => {} };
    },
  ],
  [
    'sqlite',
    () => {
      const directory = mkdtempSync(join(tmpdir(), 'checkpointed-'));
      directories.push(directory);
      // events and checkpoints in one file, as a service would keep them
      const path = join(directory, 'service.db');
      return {
        start: async () => ({
          store: openSqliteEventStore({ path }),
          checkpoints: openSqliteCheckpointStore({ path }),
        }),
        stop: async (node) => {
          await node.store.close();
          await node.checkpoints.close();
        },
      };
    },
  ],
];

interface Consumer {
  readonly handled: number[];
  readonly subscription: AllSubscription;
  /** resolves when the subscription reports an error */
  readonly failed: Promise<unknown>;
  until(count: number): Promise<void>;
}

async function consume(
  node: Node,
  options: {
    checkpoints?: CheckpointStore;
    fail?: (event: RecordedEvent) => boolean;
    handles?: (event: RecordedEvent) => boolean;
  } = {},
): Promise<Consumer> {
  const handled: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const { promise: failed, resolve: reportFailure } = Promise.withResolvers<unknown>();
  const subscription = await startCheckpointedSubscription({
    store: node.store,
    checkpoints: options.checkpoints ?? node.checkpoints,
    name: 'projection',
    handler: (event) => {
      handled.push(event.position);
      for (const waiter of waiters) if (handled.length >= waiter.count) waiter.resolve();
      if (options.fail?.(event)) throw new Error(`handler failed at ${event.position}`);
    },
    ...(options.handles ? { handles: options.handles } : {}),
    onError: reportFailure,
  });
  return {
    handled,
    subscription,
    failed,
    until(count) {
      const { promise, resolve } = Promise.withResolvers<void>();
      if (handled.length >= count) resolve();
      else waiters.push({ count, resolve });
      return promise;
    },
  };
}

/** a checkpoint store that "crashes" when saving one position: the event was handled, its checkpoint lost */
function crashingOnSave(checkpoints: CheckpointStore, position: number): CheckpointStore {
  return {
    load: (name) => checkpoints.load(name),
    save: async (name, saved) => {
      if (saved === position) throw new Error('crashed before saving the checkpoint');
      await checkpoints.save(name, saved);
    },
    close: () => checkpoints.close(),
  };
}

/** a checkpoint store that counts its saves */
function countingSaves(checkpoints: CheckpointStore): CheckpointStore & { saves: number[] } {
  const saves: number[] = [];
  return {
    saves,
    load: (name) => checkpoints.load(name),
    save: async (name, position) => {
      saves.push(position);
      await checkpoints.save(name, position);
    },
    close: () => checkpoints.close(),
  };
}

describe.each(worlds)('startCheckpointedSubscription (%s)', (_, createWorld) => {
  it('resumes after the last handled event after a restart', { timeout: 10_000 }, async () => {
    const world = createWorld();
    let node = await world.start();
    await node.store.append('listing-1', newEvents(3), 'no_stream');
    const first = await consume(node);
    await first.until(3);
    await first.subscription.close(); // waits for the last checkpoint to be saved
    await world.stop(node);

    node = await world.start();
    expect(await node.checkpoints.load('projection')).toBe(3);
    await node.store.append('listing-1', newEvents(2), 2);
    const second = await consume(node);
    await second.subscription.caughtUp;
    expect(second.handled).toEqual([4, 5]);

    await second.subscription.close();
    expect(await node.checkpoints.load('projection')).toBe(5);
    await world.stop(node);
  });

  it('re-delivers only the event whose checkpoint was lost in a crash', { timeout: 10_000 }, async () => {
    const world = createWorld();
    let node = await world.start();
    await node.store.append('listing-1', newEvents(3), 'no_stream');
    const first = await consume(node, { checkpoints: crashingOnSave(node.checkpoints, 2) });
    await first.failed;
    await first.subscription.close();
    expect(first.handled).toEqual([1, 2]);
    await world.stop(node);

    node = await world.start();
    const second = await consume(node);
    await second.subscription.caughtUp;
    expect(second.handled).toEqual([2, 3]); // 2 twice in all: hence idempotent handlers
    await second.subscription.close();
    await world.stop(node);
  });

  it('does not advance past an event whose handler failed', { timeout: 10_000 }, async () => {
    const world = createWorld();
    let node = await world.start();
    await node.store.append('listing-1', newEvents(3), 'no_stream');
    const first = await consume(node, { fail: (event) => event.position === 2 });
    await first.failed;
    await first.subscription.close();
    expect(await node.checkpoints.load('projection')).toBe(1);
    await world.stop(node);

    node = await world.start();
    const second = await consume(node);
    await second.subscription.caughtUp;
    expect(second.handled).toEqual([2, 3]);
    await second.subscription.close();
    await world.stop(node);
  });

  it('passes over the events it does not handle without a write per event', { timeout: 10_000 }, async () => {
    const world = createWorld();
    let node = await world.start();
    // positions 1-7; the subscriber handles the even ones from 4 on
    await node.store.append('listing-1', newEvents(7), 'no_stream');
    const handles = (event: RecordedEvent) => event.position >= 4 && event.position % 2 === 0;
    const counted = countingSaves(node.checkpoints);
    const first = await consume(node, { checkpoints: counted, handles });
    await first.subscription.caughtUp;
    expect(first.handled).toEqual([4, 6]);
    // one save per handled event: 1-3 and 5 move the checkpoint with the next handled one, 7 on close
    expect(counted.saves).toEqual([4, 6]);
    await first.subscription.close();
    expect(counted.saves).toEqual([4, 6, 7]);
    await world.stop(node);

    node = await world.start();
    expect(await node.checkpoints.load('projection')).toBe(7);
    const second = await consume(node, { handles: () => true });
    await second.subscription.caughtUp;
    expect(second.handled).toEqual([]);
    await second.subscription.close();
    await world.stop(node);
  });

  it(`saves the checkpoint every ${PASSED_OVER_PER_SAVE} events passed over`, { timeout: 20_000 }, async () => {
    const world = createWorld();
    const node = await world.start();
    await node.store.append('listing-1', newEvents(PASSED_OVER_PER_SAVE + 5), 'no_stream');
    const counted = countingSaves(node.checkpoints);
    const consumer = await consume(node, { checkpoints: counted, handles: () => false });
    await consumer.subscription.caughtUp;
    expect(counted.saves).toEqual([PASSED_OVER_PER_SAVE]);
    await consumer.subscription.close();
    expect(counted.saves).toEqual([PASSED_OVER_PER_SAVE, PASSED_OVER_PER_SAVE + 5]);
    expect(consumer.handled).toEqual([]);
    await world.stop(node);
  });
});
